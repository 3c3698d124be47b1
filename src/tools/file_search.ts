// file_search: a literal search through the files under a folder, optionally only those whose
// path matches a glob (`*` within a name, `**` across folders, `?` one character), resumable by
// a cursor (the number of matches already returned).
import { HostFiles } from "../host/files";
import { READ_LIMIT, walk } from "./file_store";
import { ScopedPath } from "./paths";
import { utf8Prefix } from "../runtime/text_limit";

/** At most this many files are searched per call. */
export const SEARCH_FILES = 2000;
const LINE_BYTES = 200;

/** Whether `path` matches `glob` (matched against the whole path, or the name when the glob has no "/"). */
export function globMatches(glob: string, path: string): boolean {
	const target =
		string.find(glob, "/", 1, true)[0] === undefined ? (string.match(path, "([^/]+)$")[0] as string) : path;
	const match = (g: number, p: number): boolean => {
		while (g <= glob.size()) {
			const c = glob.sub(g, g);
			if (c === "*") {
				const across = glob.sub(g + 1, g + 1) === "*";
				let following = across ? g + 2 : g + 1;
				if (across && glob.sub(following, following) === "/") following += 1;
				for (let q = p; q <= target.size() + 1; q++) {
					if (match(following, q)) return true;
					if (q <= target.size() && !across && target.sub(q, q) === "/") return false;
				}
				return false;
			}
			if (p > target.size()) return false;
			const t = target.sub(p, p);
			if (c === "?" ? t === "/" : c !== t) return false;
			g += 1;
			p += 1;
		}
		return p > target.size();
	};
	return match(1, 1);
}

export interface Match {
	readonly path: string;
	readonly line: number;
	readonly text: string;
}

export interface Search {
	readonly matches: ReadonlyArray<Match>;
	/** Where the following call continues, when there are more matches. */
	readonly nextCursor?: number;
	readonly filesSearched: number;
	readonly incomplete: boolean;
}

export interface SearchOptions {
	readonly query: string;
	readonly glob?: string;
	readonly cursor: number;
	readonly limit: number;
	readonly caseSensitive: boolean;
}

export function search(files: HostFiles, folder: ScopedPath, options: SearchOptions): Search {
	const walked = walk(files, folder.host, SEARCH_FILES);
	const needle = options.caseSensitive ? options.query : options.query.lower();
	const matches = new Array<Match>();
	let seen = 0;
	let searched = 0;
	for (const inner of walked.files) {
		if (options.glob !== undefined && !globMatches(options.glob, inner)) continue;
		const [content] = files.read(`${folder.host}/${inner}`);
		if (content === undefined || content.size() > READ_LIMIT) continue;
		searched += 1;
		const display = `${folder.display}/${inner}`;
		let line = 0;
		for (const text of content.split("\n")) {
			line += 1;
			const haystack = options.caseSensitive ? text : text.lower();
			if (string.find(haystack, needle, 1, true)[0] === undefined) continue;
			seen += 1;
			if (seen <= options.cursor) continue;
			if (matches.size() >= options.limit)
				return {
					matches,
					nextCursor: options.cursor + matches.size(),
					filesSearched: searched,
					incomplete: walked.incomplete,
				};
			matches.push({
				path: display,
				line,
				text: text.size() > LINE_BYTES ? `${utf8Prefix(text, LINE_BYTES)}…` : text,
			});
		}
	}
	return { matches, filesSearched: searched, incomplete: walked.incomplete };
}
