// A rendered tree back to program text (docs/OPENUI.md, "Serialization"): the entry first, every
// named component (one with a statementId) as its own statement after its parent's line, props by
// position with null filling skipped positions and trailing optional nulls trimmed.
import { quote } from "./json";
import { CompiledLibrary, resolveComponent } from "./library";
import {
	ElementValue,
	isArray,
	isBinding,
	isElement,
	isObject,
	isPlan,
	isStep,
	NULL,
	numberToString,
	StepValue,
	Value,
} from "./values";

function key(k: string): string {
	return string.match(k, "^[%a_][%w_]*$")[0] !== undefined ? k : quote(k);
}

class Writer {
	readonly statements: string[] = [];
	private readonly written = new Set<string>();
	constructor(readonly library: CompiledLibrary) {}

	step(s: StepValue): string {
		const targets = s.name === "Set" || s.name === "Reset" || s.name === "Run";
		const args = s.args.map((a, i) =>
			targets && (s.name !== "Set" || i === 0) && typeIs(a, "string") ? a : this.value(a),
		);
		return `@${s.name}(${args.join(", ")})`;
	}

	value(v: Value | undefined): string {
		if (v === undefined || v === NULL) return "null";
		if (typeIs(v, "string")) return quote(v);
		if (typeIs(v, "number")) return numberToString(v);
		if (typeIs(v, "boolean")) return v ? "true" : "false";
		if (isArray(v)) return `[${v.items.map((item) => this.value(item)).join(", ")}]`;
		if (isObject(v)) return `{${v.keys.map((k) => `${key(k)}: ${this.value(v.map.get(k))}`).join(", ")}}`;
		if (isBinding(v)) return v.name;
		if (isStep(v)) return this.step(v);
		if (isPlan(v)) return `Action([${v.steps.map((s) => this.step(s)).join(", ")}])`;
		if (isElement(v)) {
			if (v.statementId !== undefined && v.statementId !== "root") {
				if (!this.written.has(v.statementId)) {
					this.written.add(v.statementId);
					const index = this.statements.size();
					this.statements.push("");
					this.statements[index] = `${v.statementId} = ${this.call(v)}`;
				}
				return v.statementId;
			}
			return this.call(v);
		}
		return "null";
	}

	call(element: ElementValue): string {
		const spec = resolveComponent(this.library, element.typeName);
		const order = spec !== undefined ? spec.props.map((p) => p.name) : element.props.keys;
		const args: string[] = [];
		let last = -1;
		order.forEach((name, i) => {
			const v = element.props.map.get(name);
			args.push(this.value(v));
			if (v !== undefined && v !== NULL) last = i;
		});
		return `${element.typeName}(${args.filter((_, i) => i <= last).join(", ")})`;
	}
}

/** Program text for a rendered tree; `state` declarations (`$name` → value) are written after. */
export function serializeTree(
	root: ElementValue,
	library: CompiledLibrary,
	state?: ReadonlyArray<[string, Value]>,
): string {
	const writer = new Writer(library);
	writer.statements.push("");
	writer.statements[0] = `root = ${writer.call(root)}`;
	const lines = [...writer.statements];
	for (const [name, value] of state ?? []) lines.push(`${name} = ${writer.value(value)}`);
	return lines.join("\n");
}
