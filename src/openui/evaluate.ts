// Evaluation of a program into a component tree (docs/OPENUI.md, "Semantics"): references and
// hoisting, cycles and duplicates, positional props checked against the library, `$state` read
// from the store, built-ins, `@Each`, action plans and steps, and every removal reported.
import { ACTION_STEPS, collectRefs, Node, Statement } from "./ast";
import { BUILTIN_FUNCTIONS } from "./builtins";
import { ErrorList } from "./errors";
import { CompiledLibrary, ComponentSpec, FunctionSpec, PropSpec, resolveComponent, shortSignature } from "./library";
import { Program } from "./program";
import {
	arrayOf,
	BindingValue,
	ElementValue,
	isArray,
	isElement,
	isNull,
	isObject,
	isPlan,
	isStep,
	joinString,
	looseEquals,
	newObject,
	NULL,
	objectFrom,
	objSet,
	PlanValue,
	StepValue,
	toNumber,
	truthy,
	Value,
} from "./values";

export type Position = "value" | "computed";
export type CustomFunction = (...args: Value[]) => Value;

export interface EvalContext {
	readonly program: Program;
	readonly library: CompiledLibrary;
	readonly functions: ReadonlyMap<string, CustomFunction>;
	readonly streaming: boolean;
	/** Reads `$name` (raw value; form-field wrappers are unwrapped by the evaluator). */
	readonly readState: (name: string) => Value;
	/** A query's latest result, or undefined before the first one. */
	readonly queryResult: (name: string) => Value | undefined;
	/** A mutation's `{status, data, error}`, or undefined while idle. */
	readonly mutationResult: (name: string) => Value | undefined;
}

const IDLE_MUTATION = (): Value =>
	objectFrom([
		["status", "idle"],
		["data", NULL],
		["error", NULL],
	]);

/** `{value, componentType}` form fields read as their value in expressions. */
export function unwrapField(v: Value): Value {
	if (!isObject(v) || !v.map.has("value")) return v;
	for (const key of v.keys) if (key !== "value" && key !== "componentType") return v;
	return v.map.get("value")!;
}

function scalarMatches(jsonType: string, v: Value): boolean {
	if (jsonType === "string") return typeIs(v, "string");
	if (jsonType === "boolean") return typeIs(v, "boolean");
	if (jsonType === "integer") return typeIs(v, "number") && v % 1 === 0;
	return typeIs(v, "number");
}

export class Evaluator {
	readonly errors = new ErrorList();
	readonly unresolved: string[] = [];
	private visiting: string[] = [];
	private scopes: Map<string, Value>[] = [];
	private statementId?: string;

	constructor(readonly ctx: EvalContext) {}

	private error(code: string, message: string, extra?: { component?: string; path?: string; hint?: string }) {
		this.errors.add({ source: "parser", code, statementId: this.statementId, message, ...extra });
	}

	private markUnresolved(name: string) {
		if (!this.unresolved.includes(name)) this.unresolved.push(name);
	}

	/** Evaluates a statement by name, as a reference from `position` would. */
	statement(name: string, position: Position): Value | undefined {
		const stmt = this.ctx.program.byName.get(name);
		if (stmt === undefined || this.visiting.includes(name)) {
			this.markUnresolved(name);
			return position === "value" ? undefined : NULL;
		}
		const outer = this.statementId;
		this.statementId = name;
		this.visiting.push(name);
		let result: Value | undefined;
		if (stmt.kind === "query") result = this.ctx.queryResult(name) ?? this.queryDefaults(stmt);
		else if (stmt.kind === "mutation") result = this.ctx.mutationResult(name) ?? IDLE_MUTATION();
		else if (stmt.expr.t === "comp") result = this.component(stmt.expr.name, stmt.expr.args, position, name);
		else result = this.eval(stmt.expr, position);
		this.visiting.pop();
		this.statementId = outer;
		return result;
	}

	queryDefaults(stmt: Statement): Value {
		const args = stmt.expr.t === "comp" ? stmt.expr.args : [];
		return args[2] === undefined ? NULL : (this.eval(args[2], "computed") ?? NULL);
	}

	/** Evaluates a query's or mutation's tool name and args object. */
	toolCall(stmt: Statement): LuaTuple<[string, Value]> {
		const outer = this.statementId;
		this.statementId = stmt.name;
		const args = stmt.expr.t === "comp" ? stmt.expr.args : [];
		const tool = args[0] === undefined ? NULL : (this.eval(args[0], "computed") ?? NULL);
		const params = args[1] === undefined ? newObject() : (this.eval(args[1], "computed") ?? NULL);
		this.statementId = outer;
		return $tuple(joinString(tool), params);
	}

	/** The state default of a `$name = expr` statement. */
	stateDefault(stmt: Statement): Value {
		const outer = this.statementId;
		this.statementId = stmt.name;
		const value = this.eval(stmt.expr, "computed") ?? NULL;
		this.statementId = outer;
		return value;
	}

	eval(node: Node, position: Position): Value | undefined {
		switch (node.t) {
			case "lit":
				return node.value;
			case "arr": {
				const items: Value[] = [];
				for (const item of node.items) {
					const v = this.eval(item, "value");
					if (v !== undefined) items.push(v);
				}
				return arrayOf(items);
			}
			case "obj": {
				const obj = newObject();
				node.keys.forEach((key, i) => objSet(obj, key, this.eval(node.values[i], "computed") ?? NULL));
				return obj;
			}
			case "ref":
				for (let i = this.scopes.size() - 1; i >= 0; i--) {
					const bound = this.scopes[i].get(node.name);
					if (bound !== undefined) return bound;
				}
				return this.statement(node.name, position);
			case "state":
				return unwrapField(this.ctx.readState(node.name));
			case "assign":
				return this.eval(node.value, "computed");
			case "comp":
				return this.component(node.name, node.args, position, undefined);
			case "call":
				return this.call(node.name, node.args, position);
			case "un": {
				const v = this.eval(node.operand, "computed");
				return node.op === "!" ? !truthy(v) : -toNumber(v);
			}
			case "bin":
				return this.binary(node.op, node.left, node.right);
			case "tern":
				return truthy(this.eval(node.cond, "computed"))
					? this.eval(node.yes, "computed")
					: this.eval(node.no, "computed");
			case "member":
				return this.member(this.eval(node.target, "computed") ?? NULL, node.field);
			case "index":
				return this.index(
					this.eval(node.target, "computed") ?? NULL,
					this.eval(node.index, "computed") ?? NULL,
				);
		}
	}

	private binary(op: string, leftNode: Node, rightNode: Node): Value {
		const left = this.eval(leftNode, "computed") ?? NULL;
		if (op === "&&") return truthy(left) ? (this.eval(rightNode, "computed") ?? NULL) : left;
		if (op === "||") return truthy(left) ? left : (this.eval(rightNode, "computed") ?? NULL);
		const right = this.eval(rightNode, "computed") ?? NULL;
		switch (op) {
			case "+": {
				const textual = (v: Value) => typeIs(v, "string") || (typeIs(v, "table") && v !== NULL);
				if (textual(left) || textual(right)) return joinString(left) + joinString(right);
				return toNumber(left) + toNumber(right);
			}
			case "-":
				return toNumber(left) - toNumber(right);
			case "*":
				return toNumber(left) * toNumber(right);
			case "/": {
				const d = toNumber(right);
				return d === 0 ? 0 : toNumber(left) / d;
			}
			case "%": {
				const d = toNumber(right);
				return d === 0 ? 0 : math.fmod(toNumber(left), d);
			}
			case "==":
				return looseEquals(left, right);
			case "!=":
				return !looseEquals(left, right);
			case ">":
				return toNumber(left) > toNumber(right);
			case "<":
				return toNumber(left) < toNumber(right);
			case ">=":
				return toNumber(left) >= toNumber(right);
			case "<=":
				return toNumber(left) <= toNumber(right);
		}
		return NULL;
	}

	private member(target: Value, fieldName: string): Value {
		if (isObject(target)) return target.map.get(fieldName) ?? NULL;
		if (isArray(target)) {
			if (string.match(fieldName, "^%d+$")[0] !== undefined) return target.items[tonumber(fieldName)!] ?? NULL;
			if (fieldName === "length") return target.items.size();
			return arrayOf(target.items.map((item) => (isObject(item) ? (item.map.get(fieldName) ?? NULL) : NULL)));
		}
		if (typeIs(target, "string") && fieldName === "length") return utf8.len(target)[0] ?? target.size();
		return NULL;
	}

	private index(target: Value, key: Value): Value {
		if (isNull(key)) return NULL;
		if (isArray(target)) {
			const i = toNumber(key);
			return i % 1 === 0 ? (target.items[i] ?? NULL) : NULL;
		}
		if (isObject(target)) return target.map.get(joinString(key)) ?? NULL;
		return NULL;
	}

	/** Evaluates a component call (or Query/Mutation/Action) at `position`. */
	component(name: string, args: Node[], position: Position, statementId: string | undefined): Value | undefined {
		if (name === "Query" || name === "Mutation") {
			if (position === "computed") return NULL;
			this.error("inline-reserved", `${name}(...) must be a statement of its own`, {
				hint: `Write it as its own statement: name = ${name}(...)`,
			});
			return undefined;
		}
		if (name === "Action") return this.plan(args);
		const spec = resolveComponent(this.ctx.library, name);
		if (spec === undefined) {
			this.error("unknown-component", `Unknown component "${name}"`, {
				component: name,
				hint: `Available components: ${this.ctx.library.componentNames.join(", ")}`,
			});
			if (position === "value") return undefined;
			const unknown: ElementValue = {
				t: "element",
				typeName: name,
				props: newObject(),
				partial: this.ctx.streaming,
				statementId,
				unknown: true,
			};
			return unknown;
		}
		const props = this.props(spec, args);
		if (props === undefined) return position === "value" ? undefined : NULL;
		const element: ElementValue = {
			t: "element",
			typeName: spec.name,
			props,
			partial: this.ctx.streaming,
			statementId,
		};
		return element;
	}

	private props(spec: ComponentSpec, args: Node[]) {
		if (args.size() > spec.props.size())
			this.error("excess-args", `${spec.name} takes ${spec.props.size()} arguments, got ${args.size()}`, {
				component: spec.name,
				hint: `Signature: ${shortSignature(spec.name, spec.props)} - * marks required`,
			});
		const props = newObject();
		for (let i = 0; i < spec.props.size(); i++) {
			const prop = spec.props[i];
			const value = this.argument(prop, args[i]);
			const accepted = this.accept(spec, prop, args[i], value);
			if (accepted === false) return undefined;
			if (accepted !== undefined) objSet(props, prop.name, accepted);
		}
		return props;
	}

	private argument(prop: PropSpec, node: Node | undefined): Value | undefined {
		if (node === undefined) return undefined;
		if (prop.bindable && node.t === "state") {
			const binding: BindingValue = {
				t: "binding",
				name: node.name,
				value: unwrapField(this.ctx.readState(node.name)),
			};
			return binding;
		}
		return this.eval(node, "value");
	}

	/** The value a prop takes: the value, a default, undefined (left out) or false (drop the component). */
	private accept(
		spec: ComponentSpec,
		prop: PropSpec,
		node: Node | undefined,
		value: Value | undefined,
	): Value | undefined | false {
		const where = { component: spec.name, path: `/${prop.name}` };
		const signature = `Signature: ${shortSignature(spec.name, spec.props)} - * marks required`;
		if (isNull(value)) {
			if (!prop.required) return undefined;
			if (prop.defaultValue !== undefined) return prop.defaultValue;
			// while streaming, a required prop missing only because a reference has not arrived is no error
			if (this.ctx.streaming && value === undefined && node !== undefined) return false;
			const explicit = value === NULL;
			this.error(explicit ? "null-required" : "missing-required", `${spec.name} needs "${prop.name}"`, {
				...where,
				hint: signature,
			});
			return false;
		}
		const checked = this.check(spec, prop, value);
		if (checked !== undefined) return checked;
		this.error("type-mismatch", `${spec.name} "${prop.name}" got the wrong type of value`, {
			...where,
			hint: signature,
		});
		if (prop.defaultValue !== undefined) return prop.defaultValue;
		return prop.required ? false : undefined;
	}

	/** The checked value, or undefined when it does not fit the prop. */
	private check(spec: ComponentSpec, prop: PropSpec, value: Value): Value | undefined {
		if (typeIs(value, "table") && (value as { t: string }).t === "binding") return value;
		switch (prop.kind) {
			case "scalar": {
				if (!scalarMatches(prop.scalar ?? "string", value)) return undefined;
				if (prop.enumValues === undefined || this.ctx.streaming) return value;
				return prop.enumValues.some((e) => e === value) ? value : undefined;
			}
			case "list":
				return isArray(value) ? value : undefined;
			case "object":
				return isObject(value) ? value : undefined;
			case "component":
				return isElement(value) ? value : undefined;
			case "components": {
				if (!isArray(value)) return undefined;
				const kept: Value[] = [];
				value.items.forEach((item, i) => {
					if (item === NULL || isElement(item)) kept.push(item);
					else
						this.error("type-mismatch", `${spec.name} "${prop.name}" takes components, not data`, {
							component: spec.name,
							path: `/${prop.name}/${i}`,
						});
				});
				return arrayOf(kept);
			}
		}
		return value;
	}

	private plan(args: Node[]): PlanValue {
		const steps: StepValue[] = [];
		const list = args[0];
		const nodes = list === undefined ? [] : list.t === "arr" ? list.items : [list];
		for (const node of nodes) {
			const v = this.eval(node, "computed");
			if (isStep(v)) steps.push(v);
			else if (isPlan(v)) for (const s of v.steps) steps.push(s);
		}
		return { t: "plan", steps };
	}

	private call(name: string, args: Node[], position: Position): Value | undefined {
		if (name === "Each") return this.each(args);
		const builtin = BUILTIN_FUNCTIONS[name];
		if (builtin !== undefined) return builtin(args.map((a) => this.eval(a, "computed") ?? NULL));
		if (ACTION_STEPS.includes(name) || this.ctx.library.actions.has(name)) return this.step(name, args);
		const fn = this.ctx.library.functions.get(name);
		if (fn !== undefined) return this.customFunction(fn, args);
		const known = [...this.ctx.library.functions].map(([n]) => `@${n}`);
		this.error("unknown-function", `Unknown function "@${name}"`, {
			hint: `Built-ins: ${["Count", "First", "Last", "Take", "Sum", "Avg", "Min", "Max", "Filter", "Sort", "Round", "Abs", "Floor", "Ceil", "Each"].map((n) => `@${n}`).join(", ")}${known.size() > 0 ? `; library functions: ${known.join(", ")}` : ""}`,
		});
		return position === "value" ? NULL : NULL;
	}

	private each(args: Node[]): Value {
		const list = this.eval(args[0] ?? { t: "lit", value: NULL }, "computed");
		const varName = joinString(args[1] === undefined ? NULL : (this.eval(args[1], "computed") ?? NULL));
		const template = args[2];
		if (!isArray(list) || template === undefined) return arrayOf([]);
		const out: Value[] = [];
		for (const item of list.items) {
			this.scopes.push(new Map([[varName, item]]));
			const v = this.eval(template, "value");
			this.scopes.pop();
			if (v !== undefined) out.push(v);
		}
		return arrayOf(out);
	}

	private step(name: string, args: Node[]): StepValue {
		const scopes = [...this.scopes];
		const statementId = this.statementId;
		const targets = name === "Set" || name === "Reset" || name === "Run";
		const evaluate = () => {
			const saved = this.scopes;
			const savedId = this.statementId;
			this.scopes = scopes;
			this.statementId = statementId;
			const out: Value[] = [];
			args.forEach((node, i) => {
				if (targets && (name !== "Set" || i === 0))
					out.push(node.t === "ref" || node.t === "state" ? node.name : NULL);
				else out.push(this.eval(node, "computed") ?? NULL);
			});
			this.scopes = saved;
			this.statementId = savedId;
			return out;
		};
		return { t: "step", name, args: evaluate(), evaluate };
	}

	private customFunction(fn: FunctionSpec, args: Node[]): Value {
		const hint = `Signature: @${shortSignature(fn.name, fn.params)} - * marks required`;
		let invalid = false;
		if (args.size() > fn.params.size())
			this.error("excess-args", `@${fn.name} takes ${fn.params.size()} arguments, got ${args.size()}`, { hint });
		fn.params.forEach((param, i) => {
			const node = args[i];
			if (node === undefined) {
				if (param.required && param.defaultValue === undefined) {
					this.error("missing-required", `@${fn.name} needs "${param.name}"`, {
						path: `/${param.name}`,
						hint,
					});
					invalid = true;
				}
			} else if (
				node.t === "lit" &&
				node.value !== NULL &&
				param.kind === "scalar" &&
				!scalarMatches(param.scalar ?? "string", node.value)
			) {
				this.error("type-mismatch", `@${fn.name} "${param.name}" got the wrong type of value`, {
					path: `/${param.name}`,
					hint,
				});
				invalid = true;
			}
		});
		if (invalid) return NULL;
		const values: Value[] = [];
		for (let i = 0; i < fn.params.size(); i++) {
			const param = fn.params[i];
			const node = args[i];
			let v: Value = node === undefined ? (param.defaultValue ?? NULL) : (this.eval(node, "computed") ?? NULL);
			if (isNull(v) && param.defaultValue !== undefined) v = param.defaultValue;
			if (isNull(v) && param.required) return NULL;
			values.push(v);
		}
		const impl = this.ctx.functions.get(fn.name);
		if (impl === undefined) {
			this.errors.add({
				source: "runtime",
				code: "runtime-error",
				statementId: this.statementId,
				message: `@${fn.name} has no implementation`,
			});
			return NULL;
		}
		const [ok, result] = pcall(impl, ...values);
		if (!ok || (fn.returns !== undefined && fn.returns !== "any" && !scalarMatches(fn.returns, result as Value))) {
			this.errors.add({
				source: "runtime",
				code: "runtime-error",
				statementId: this.statementId,
				message: ok ? `@${fn.name} returned the wrong type` : `@${fn.name} failed: ${tostring(result)}`,
			});
			return NULL;
		}
		return (result as Value | undefined) ?? NULL;
	}
}

/** Statement names a statement reaches by reference (not through queries or mutations). */
export function reachable(program: Program, from: string): Set<string> {
	const seen = new Set<string>();
	const walk = (name: string) => {
		if (seen.has(name)) return;
		seen.add(name);
		const stmt = program.byName.get(name);
		if (stmt === undefined || stmt.kind === "query" || stmt.kind === "mutation") return;
		const refs: string[] = [];
		collectRefs(stmt.expr, refs);
		for (const ref of refs) walk(ref);
	};
	walk(from);
	return seen;
}
