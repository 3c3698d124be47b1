// The text a RichText label displays (what Roblox reports as ContentText): tags and comments
// removed, <br/> as a line end, the five XML entities decoded. Text measurement uses it, because
// TextService:GetTextSize measures the string it is given, markup included.

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };

export function plainText(markup: string): string {
	const [breaks] = markup.gsub("<[bB][rR]%s*/?>", "\n");
	const [uncommented] = breaks.gsub("<!%-%-.-%-%->", "");
	const [untagged] = uncommented.gsub("</?%a[^<>]*>", "");
	return untagged.gsub("&(%a+);", (name: string) => ENTITIES[name])[0];
}
