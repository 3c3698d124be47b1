// Expression trees of OpenUI Lang (the grammar in docs/OPENUI.md) and their parser. Parsing
// never raises: a token that cannot start an expression is consumed and read as null.
import { lex, Token } from "./lexer";
import { NULL, Value } from "./values";

export type Node =
	| { readonly t: "lit"; readonly value: Value }
	| { readonly t: "arr"; readonly items: Node[] }
	| { readonly t: "obj"; readonly keys: string[]; readonly values: Node[] }
	| { readonly t: "ref"; readonly name: string }
	| { readonly t: "state"; readonly name: string }
	| { readonly t: "comp"; readonly name: string; readonly args: Node[] }
	| { readonly t: "call"; readonly name: string; readonly args: Node[] }
	| { readonly t: "bin"; readonly op: string; readonly left: Node; readonly right: Node }
	| { readonly t: "un"; readonly op: string; readonly operand: Node }
	| { readonly t: "tern"; readonly cond: Node; readonly yes: Node; readonly no: Node }
	| { readonly t: "member"; readonly target: Node; readonly field: string }
	| { readonly t: "index"; readonly target: Node; readonly index: Node }
	| { readonly t: "assign"; readonly name: string; readonly value: Node };

export interface Statement {
	/** The left side: a name, an uppercase name or a `$name`. */
	readonly name: string;
	readonly kind: "value" | "state" | "query" | "mutation";
	readonly expr: Node;
	/** The statement's source text. */
	readonly text: string;
	/** It needed implicit closing (it was cut). */
	readonly closed: boolean;
}

/** Built-in function names (need `@`); also reserved for libraries. */
export const BUILTINS = [
	"Count",
	"First",
	"Last",
	"Take",
	"Sum",
	"Avg",
	"Min",
	"Max",
	"Filter",
	"Sort",
	"Round",
	"Abs",
	"Floor",
	"Ceil",
	"Each",
];
export const ACTION_STEPS = ["Set", "Reset", "Run", "ToAssistant", "OpenUrl"];
export const RESERVED_CALLS = ["Query", "Mutation", "Action"];

const NULL_NODE: Node = { t: "lit", value: NULL };
const CLOSERS = [")", "]", "}"];

class Parser {
	pos = 0;
	constructor(readonly tokens: Token[]) {}

	peek(offset = 0): Token | undefined {
		return this.tokens[this.pos + offset];
	}
	isOp(text: string, offset = 0): boolean {
		const token = this.peek(offset);
		return token !== undefined && token.kind === "op" && token.text === text;
	}
	take(): Token | undefined {
		const token = this.tokens[this.pos];
		this.pos += 1;
		return token;
	}
	atCloser(): boolean {
		const token = this.peek();
		return token === undefined || (token.kind === "op" && CLOSERS.includes(token.text));
	}

	expression(depth: number): Node {
		if (depth > 120) {
			this.pos = this.tokens.size();
			return NULL_NODE;
		}
		const cond = this.binary(0, depth);
		if (!this.isOp("?")) return cond;
		this.take();
		const yes = this.expression(depth + 1);
		let no = NULL_NODE;
		if (this.isOp(":")) {
			this.take();
			no = this.expression(depth + 1);
		}
		return { t: "tern", cond, yes, no };
	}

	binary(level: number, depth: number): Node {
		const LEVELS = [["||"], ["&&"], ["==", "!="], [">", "<", ">=", "<="], ["+", "-"], ["*", "/", "%"]];
		if (level >= LEVELS.size()) return this.unary(depth);
		let left = this.binary(level + 1, depth);
		for (;;) {
			const token = this.peek();
			if (token === undefined || token.kind !== "op" || !LEVELS[level].includes(token.text)) return left;
			this.take();
			const right = this.binary(level + 1, depth + 1);
			left = { t: "bin", op: token.text, left, right };
		}
	}

	unary(depth: number): Node {
		if (this.isOp("!") || this.isOp("-")) {
			const op = this.take()!.text;
			return { t: "un", op, operand: this.unary(depth + 1) };
		}
		return this.postfix(depth);
	}

	postfix(depth: number): Node {
		let node = this.primary(depth);
		for (;;) {
			if (this.isOp(".")) {
				const field = this.peek(1);
				if (
					field === undefined ||
					!["ident", "type", "num", "str", "state", "true", "false", "null"].includes(field.kind)
				)
					return node;
				this.pos += 2;
				const name = field.kind === "state" ? string.sub(field.text, 2) : field.text;
				node = { t: "member", target: node, field: name };
			} else if (this.isOp("[")) {
				this.take();
				const index = this.atCloser() ? NULL_NODE : this.expression(depth + 1);
				if (this.isOp("]")) this.take();
				node = { t: "index", target: node, index };
			} else return node;
		}
	}

	list(closer: string, depth: number): Node[] {
		const items: Node[] = [];
		for (;;) {
			const token = this.peek();
			if (token === undefined) return items;
			if (token.kind === "op" && CLOSERS.includes(token.text)) {
				if (token.text === closer) this.take();
				return items;
			}
			if (token.kind === "op" && token.text === ",") {
				this.take();
				continue;
			}
			const before = this.pos;
			items.push(this.expression(depth + 1));
			if (this.pos === before) this.take();
		}
	}

	skipGroup() {
		let level = 0;
		for (;;) {
			const token = this.take();
			if (token === undefined) return;
			if (token.kind !== "op") continue;
			if (token.text === "(" || token.text === "[" || token.text === "{") level += 1;
			else if (CLOSERS.includes(token.text)) {
				level -= 1;
				if (level <= 0) return;
			}
		}
	}

	primary(depth: number): Node {
		const token = this.take();
		if (token === undefined) return NULL_NODE;
		switch (token.kind) {
			case "str":
				return { t: "lit", value: token.text };
			case "num":
				return { t: "lit", value: token.num ?? 0 };
			case "true":
				return { t: "lit", value: true };
			case "false":
				return { t: "lit", value: false };
			case "null":
				return NULL_NODE;
			case "state":
				if (this.isOp("=")) {
					this.take();
					return { t: "assign", name: token.text, value: this.expression(depth + 1) };
				}
				return { t: "state", name: token.text };
			case "func": {
				const name = string.sub(token.text, 2);
				if (!this.isOp("(")) return { t: "call", name, args: [] };
				this.take();
				const args = this.list(")", depth);
				return name === "Action" ? { t: "comp", name, args } : { t: "call", name, args };
			}
			case "type":
				if (this.isOp("(")) {
					if (BUILTINS.includes(token.text) || ACTION_STEPS.includes(token.text)) {
						// built-ins need `@`: `Count(x)` is the reference `Count`, its arguments lost
						this.skipGroup();
						return { t: "ref", name: token.text };
					}
					this.take();
					return { t: "comp", name: token.text, args: this.list(")", depth) };
				}
				return { t: "ref", name: token.text };
			case "ident":
				if (this.isOp("(")) this.skipGroup();
				return { t: "ref", name: token.text };
		}
		if (token.text === "(") {
			const inner = this.atCloser() ? NULL_NODE : this.expression(depth + 1);
			if (this.isOp(")")) this.take();
			return inner;
		}
		if (token.text === "[") return { t: "arr", items: this.list("]", depth) };
		if (token.text === "{") return this.object(depth);
		return NULL_NODE;
	}

	object(depth: number): Node {
		const keys: string[] = [];
		const values: Node[] = [];
		for (;;) {
			const token = this.peek();
			if (token === undefined) break;
			if (token.kind === "op" && CLOSERS.includes(token.text)) {
				if (token.text === "}") this.take();
				break;
			}
			if (token.kind === "op" && token.text === ",") {
				this.take();
				continue;
			}
			this.take();
			let key = "?";
			if (token.kind === "state") key = string.sub(token.text, 2);
			else if (token.kind !== "op") key = token.text;
			if (this.isOp(":")) this.take();
			const value = this.atCloser() ? NULL_NODE : this.expression(depth + 1);
			keys.push(key);
			values.push(value);
		}
		return { t: "obj", keys, values };
	}
}

/** Parses one statement's text; undefined when it is not `name = expression`. */
export function parseStatement(text: string, closed: boolean): Statement | undefined {
	const tokens = lex(text);
	const head = tokens[0];
	const eq = tokens[1];
	if (head === undefined || eq === undefined) return undefined;
	if (head.kind !== "ident" && head.kind !== "type" && head.kind !== "state") return undefined;
	if (eq.kind !== "op" || eq.text !== "=") return undefined;
	const parser = new Parser(tokens);
	parser.pos = 2;
	const expr = parser.atCloser() && parser.peek() === undefined ? NULL_NODE : parser.expression(0);
	let kind: Statement["kind"] = head.kind === "state" ? "state" : "value";
	if (expr.t === "comp" && expr.name === "Query") kind = "query";
	else if (expr.t === "comp" && expr.name === "Mutation") kind = "mutation";
	return { name: head.text, kind, expr, text, closed };
}

/** Parses a standalone expression (used for tests and tools). */
export function parseExpression(text: string): Node {
	return new Parser(lex(text)).expression(0);
}

/** Every reference name a node mentions (statement names and `$` names), in order. */
export function collectRefs(node: Node, out: string[], states?: string[]) {
	switch (node.t) {
		case "ref":
			out.push(node.name);
			return;
		case "state":
			states?.push(node.name);
			return;
		case "assign":
			states?.push(node.name);
			collectRefs(node.value, out, states);
			return;
		case "arr":
			for (const item of node.items) collectRefs(item, out, states);
			return;
		case "obj":
			for (const item of node.values) collectRefs(item, out, states);
			return;
		case "comp":
		case "call":
			for (const item of node.args) collectRefs(item, out, states);
			return;
		case "bin":
			collectRefs(node.left, out, states);
			collectRefs(node.right, out, states);
			return;
		case "un":
			collectRefs(node.operand, out, states);
			return;
		case "tern":
			collectRefs(node.cond, out, states);
			collectRefs(node.yes, out, states);
			collectRefs(node.no, out, states);
			return;
		case "member":
			collectRefs(node.target, out, states);
			return;
		case "index":
			collectRefs(node.target, out, states);
			collectRefs(node.index, out, states);
			return;
	}
}
