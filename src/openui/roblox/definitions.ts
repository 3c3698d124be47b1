// The Roblox component library's definitions: plain data (no Roblox APIs) so that
// `npm run openui:spec` can read them in Node and write library.json. Prop order is the
// positional API of stored programs and is frozen: only add props at the end, give a new required
// prop a default, never reorder or remove (docs/OPENUI.md, "Compatibility").

export interface PropDefinition {
	readonly name: string;
	/** JSON Schema of the prop (`x-openui` markers: binding, action, component). */
	readonly schema: object;
	readonly required?: boolean;
	readonly description?: string;
}

export interface ComponentDefinition {
	readonly name: string;
	readonly description: string;
	readonly props: ReadonlyArray<PropDefinition>;
	readonly aliases?: ReadonlyArray<string>;
}

export const LIBRARY_ID = "roblox-assistant";
export const LIBRARY_VERSION = "1.0.0";
export const LIBRARY_ROOT = "Stack";

const str = (description?: string, extra?: object) => ({
	type: "string",
	...extra,
	...(description !== undefined ? { description } : {}),
});
const oneOf = (values: string[]) => ({ type: "string", enum: values });
const children = { type: "array", items: { "x-openui": "component" } };
const listOf = (component: string) => ({
	type: "array",
	items: { $ref: `#/$defs/${component}`, "x-openui": "component" },
});
const action = { "x-openui": "action" };
const binding = (jsonType: string) => ({ type: jsonType, "x-openui": "binding" });
const rules = {
	type: "object",
	description: "Validation: {required, email, url, numeric, min, max, minLength, maxLength, pattern}",
};

export const COMPONENT_GROUPS: ReadonlyArray<{ name: string; components: string[] }> = [
	{ name: "Layout", components: ["Stack", "Card", "CardHeader", "Tabs", "TabItem", "Separator"] },
	{ name: "Content", components: ["Text", "Tag", "Metric", "Callout", "Table", "Col", "ListBlock", "ListItem"] },
	{ name: "Forms", components: ["Form", "Input", "TextArea", "Select", "SelectItem"] },
	{ name: "Actions", components: ["Button", "Buttons", "FollowUpBlock", "FollowUpItem"] },
];

export const COMPONENTS: ReadonlyArray<ComponentDefinition> = [
	{
		name: "Stack",
		description: "Lays out children in a column (default) or a row",
		props: [
			{ name: "children", schema: children, required: true },
			{ name: "direction", schema: oneOf(["column", "row"]) },
			{ name: "gap", schema: oneOf(["none", "s", "m", "l"]) },
		],
	},
	{
		name: "Card",
		description: "A titled, bordered container",
		aliases: ["Panel"],
		props: [
			{ name: "title", schema: str(), required: true },
			{ name: "children", schema: children },
		],
	},
	{
		name: "Text",
		description: "A run of text; heading for titles, muted for notes, code for monospace",
		props: [
			{ name: "text", schema: str(), required: true },
			{ name: "variant", schema: oneOf(["body", "heading", "muted", "code"]) },
		],
	},
	{
		name: "Tag",
		description: "A small colored label",
		props: [
			{ name: "text", schema: str(), required: true },
			{ name: "color", schema: oneOf(["gray", "green", "red", "yellow", "blue"]) },
		],
	},
	{
		name: "Metric",
		description: "A labeled number, optionally with a unit",
		props: [
			{ name: "label", schema: str(), required: true },
			{ name: "value", schema: { type: "number" }, required: true },
			{ name: "unit", schema: str("Shown after the value, e.g. studs, %, ms") },
		],
	},
	{
		name: "Button",
		description: "A button; without an action it sends its label to the assistant",
		props: [
			{ name: "label", schema: str(), required: true },
			{ name: "action", schema: action },
			{ name: "variant", schema: oneOf(["primary", "secondary", "danger"]) },
		],
	},
	{
		name: "Form",
		description: "Groups its inputs under a form name; a primary button inside validates it first",
		props: [
			{ name: "name", schema: str(), required: true },
			{ name: "children", schema: children, required: true },
		],
	},
	{
		name: "Input",
		description: "A one-line text field",
		props: [
			{ name: "name", schema: str(), required: true },
			{ name: "placeholder", schema: str() },
			{ name: "value", schema: binding("string") },
			{ name: "rules", schema: rules },
			{ name: "label", schema: str("Shown above the field") },
		],
	},
	{
		name: "Select",
		description: "A dropdown of SelectItem options",
		props: [
			{ name: "name", schema: str(), required: true },
			{ name: "items", schema: listOf("SelectItem"), required: true },
			{ name: "value", schema: binding("string") },
			{ name: "label", schema: str("Shown above the dropdown") },
		],
	},
	{
		name: "SelectItem",
		description: "One option of a Select",
		props: [
			{ name: "value", schema: str(), required: true },
			{ name: "label", schema: str(), required: true },
		],
	},
	{
		name: "Table",
		description: "A table built from columns (at most 50 rows are shown)",
		props: [{ name: "columns", schema: listOf("Col"), required: true }],
	},
	{
		name: "Col",
		description: "One table column: a header and its cell values",
		props: [
			{ name: "label", schema: str(), required: true },
			{ name: "data", schema: { type: "array" } },
		],
	},
	{
		name: "CardHeader",
		description: "A title and subtitle at the top of a Card",
		props: [
			{ name: "title", schema: str() },
			{ name: "subtitle", schema: str() },
		],
	},
	{
		name: "Callout",
		description: "A highlighted note",
		props: [
			{ name: "variant", schema: oneOf(["info", "warning", "error", "success", "neutral"]), required: true },
			{ name: "title", schema: str(), required: true },
			{ name: "description", schema: str() },
		],
	},
	{
		name: "Tabs",
		description: "Tabbed sections; one TabItem shows at a time",
		props: [{ name: "items", schema: listOf("TabItem"), required: true }],
	},
	{
		name: "TabItem",
		description: "One tab: its value, its label and its content",
		props: [
			{ name: "value", schema: str(), required: true },
			{ name: "trigger", schema: str(), required: true },
			{ name: "content", schema: children, required: true },
		],
	},
	{
		name: "Buttons",
		description: "A row (default) or column of Buttons",
		props: [
			{ name: "buttons", schema: listOf("Button"), required: true },
			{ name: "direction", schema: oneOf(["row", "column"]) },
		],
	},
	{
		name: "FollowUpBlock",
		description: "Suggested follow-up questions; clicking one sends it",
		props: [{ name: "items", schema: listOf("FollowUpItem"), required: true }],
	},
	{
		name: "FollowUpItem",
		description: "One suggested follow-up",
		props: [{ name: "text", schema: str(), required: true }],
	},
	{
		name: "ListBlock",
		description: "A list of ListItems, numbered or bulleted",
		props: [
			{ name: "items", schema: listOf("ListItem"), required: true },
			{ name: "variant", schema: oneOf(["number", "bullet"]) },
		],
	},
	{
		name: "ListItem",
		description: "One list entry with an optional action button",
		props: [
			{ name: "title", schema: str(), required: true },
			{ name: "subtitle", schema: str() },
			{ name: "actionLabel", schema: str() },
			{ name: "action", schema: action },
		],
	},
	{
		name: "TextArea",
		description: "A multi-line text field",
		props: [
			{ name: "name", schema: str(), required: true },
			{ name: "placeholder", schema: str() },
			{ name: "rows", schema: { type: "number" } },
			{ name: "rules", schema: rules },
			{ name: "value", schema: binding("string") },
		],
	},
	{
		name: "Separator",
		description: "A thin dividing line",
		props: [{ name: "orientation", schema: oneOf(["horizontal", "vertical"]) }],
	},
];
