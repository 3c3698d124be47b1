// A rendered program at run time (docs/OPENUI.md, "Actions"): its text (streamed or whole), the
// page state, queries and mutations against host tools, and action plans that emit events to the
// host: continue_conversation, open_url, and the library's own actions.
import { collectRefs } from "./ast";
import { OpenUIError } from "./errors";
import { CustomFunction } from "./evaluate";
import { encodeJson } from "./json";
import { CompiledLibrary } from "./library";
import { ParseResult, StreamParser } from "./parse";
import { Store } from "./store";
import {
	isPlan,
	isStep,
	joinString,
	newObject,
	NULL,
	ObjectValue,
	objectFrom,
	objSet,
	StepValue,
	Value,
} from "./values";

export type Tool = (args: Value) => Value;

export interface PageOptions {
	readonly library: CompiledLibrary;
	readonly functions?: ReadonlyMap<string, CustomFunction>;
	readonly tools?: ReadonlyMap<string, Tool>;
	/** Receives every event an action emits. */
	readonly onEvent?: (event: ObjectValue) => void;
	/** Called after each state change, with the snapshot (for persisting it). */
	readonly onState?: (snapshot: ObjectValue) => void;
}

export class Page {
	readonly store = new Store();
	readonly toolCalls: { tool: string; args: Value }[] = [];
	readonly runtimeErrors: OpenUIError[] = [];
	private readonly parser: StreamParser;
	private result: ParseResult;
	private ended = false;
	private readonly queryData = new Map<string, Value>();
	private readonly queryArgs = new Map<string, string>();
	private readonly mutations = new Map<string, Value>();

	constructor(readonly options: PageOptions) {
		this.parser = new StreamParser({
			library: options.library,
			functions: options.functions,
			readState: (name) => this.store.get(name),
			queryResult: (name) => this.queryData.get(name),
			mutationResult: (name) => this.mutations.get(name),
		});
		this.result = this.parser.set("");
		this.store.subscribe((key) => {
			if (this.ended) this.refetch(key);
			options.onState?.(this.store.snapshot());
		});
	}

	/** Appends streamed text; returns what parses so far. */
	push(chunk: string): ParseResult {
		this.result = this.parser.push(chunk);
		this.store.applyDefaults(this.result.stateDeclarations, this.result.provisional);
		return this.rerender(true);
	}

	/** Ends the stream (or loads a whole text): finalizes, applies defaults, runs queries. */
	finish(text?: string): ParseResult {
		if (text !== undefined) this.parser.set(text);
		this.result = this.parser.finish();
		this.store.applyDefaults(this.result.stateDeclarations, this.result.provisional);
		this.ended = true;
		for (const name of this.result.queryStatements) this.fetch(name);
		return this.rerender(false);
	}

	/** The current result, evaluated again against the store. */
	rerender(streaming = !this.ended): ParseResult {
		const text = this.parser.text();
		const fresh = new StreamParser({
			library: this.options.library,
			functions: this.options.functions,
			readState: (name) => this.store.get(name),
			queryResult: (name) => this.queryData.get(name),
			mutationResult: (name) => this.mutations.get(name),
		});
		const partial = fresh.set(text);
		this.result = streaming ? partial : fresh.finish();
		return this.result;
	}

	current(): ParseResult {
		return this.result;
	}

	/** A two-way binding or an action wrote `$name`. */
	setState(name: string, value: Value) {
		this.store.set(name, value);
	}

	/** An input wrote its field: inside a form under the form's name, else at page level. */
	setField(formName: string | undefined, fieldName: string, value: Value, componentType?: string) {
		const wrapped = newObject();
		objSet(wrapped, "value", value);
		if (componentType !== undefined) objSet(wrapped, "componentType", componentType);
		if (formName === undefined) {
			this.store.set(fieldName, wrapped);
			return;
		}
		const old = this.store.get(formName);
		const form = newObject();
		if (old !== undefined && (old as { t?: string }).t === "object")
			for (const k of (old as ObjectValue).keys) objSet(form, k, (old as ObjectValue).map.get(k)!);
		objSet(form, fieldName, wrapped);
		this.store.set(formName, form);
	}

	/** A field's stored value (unwrapped), for showing it again. */
	fieldValue(formName: string | undefined, fieldName: string): Value | undefined {
		const scope = formName === undefined ? undefined : this.store.get(formName);
		const holder =
			formName === undefined
				? this.store.get(fieldName)
				: (scope as ObjectValue | undefined)?.map?.get(fieldName);
		if (holder === undefined || (holder as { t?: string }).t !== "object") return holder;
		return (holder as ObjectValue).map.get("value") ?? holder;
	}

	private formState(formName: string | undefined): ObjectValue {
		if (formName === undefined) return this.store.snapshot();
		return objectFrom([[formName, this.store.get(formName) ?? newObject()]]);
	}

	private emit(event: ObjectValue) {
		this.options.onEvent?.(event);
	}

	/**
	 * Runs an action prop: a plan, a single step, or nothing (then `label` is sent as a message, the
	 * default of a Button). Returns false when a step stopped the plan.
	 */
	runAction(action: Value | undefined, formName?: string, label?: string): boolean {
		let steps: StepValue[];
		if (isPlan(action)) steps = action.steps;
		else if (isStep(action)) steps = [action];
		else {
			if (label === undefined) return true;
			this.emit(this.conversation(label, undefined, formName));
			return true;
		}
		for (const step of steps) if (!this.runStep(step, formName)) return false;
		return true;
	}

	private conversation(message: string, context: Value | undefined, formName: string | undefined): ObjectValue {
		const event = objectFrom([
			["type", "continue_conversation"],
			["humanFriendlyMessage", message],
		]);
		if (context !== undefined) objSet(event, "params", objectFrom([["context", context]]));
		if (formName !== undefined) objSet(event, "formName", formName);
		objSet(event, "formState", this.formState(formName));
		return event;
	}

	private runStep(step: StepValue, formName: string | undefined): boolean {
		const args = step.evaluate();
		switch (step.name) {
			case "Set":
				if (typeIs(args[0], "string")) this.store.set(args[0], args[1] ?? NULL);
				return true;
			case "Reset":
				for (const target of args)
					if (typeIs(target, "string"))
						this.store.set(target, this.result.stateDeclarations.map.get(target) ?? NULL);
				return true;
			case "Run":
				return typeIs(args[0], "string") ? this.run(args[0]) : true;
			case "ToAssistant":
				this.emit(this.conversation(joinString(args[0]), step.args.size() > 1 ? args[1] : undefined, formName));
				return true;
			case "OpenUrl":
				this.emit(
					objectFrom([
						["type", "open_url"],
						["humanFriendlyMessage", ""],
						["params", objectFrom([["url", joinString(args[0])]])],
					]),
				);
				return true;
		}
		const spec = this.options.library.actions.get(step.name);
		const params = newObject();
		spec?.params.forEach((p, i) => objSet(params, p.name, args[i] ?? NULL));
		const event = objectFrom([
			["type", step.name],
			["params", params],
			["humanFriendlyMessage", ""],
		]);
		if (formName !== undefined) objSet(event, "formName", formName);
		this.emit(event);
		return true;
	}

	private callTool(
		name: string,
		tool: string,
		args: Value,
		source: "query" | "mutation",
	): LuaTuple<[boolean, Value]> {
		const impl = this.options.tools?.get(tool);
		if (impl === undefined) {
			const known = [...(this.options.tools ?? new Map<string, Tool>())].map(([n]) => n);
			this.runtimeErrors.push({
				source,
				code: "tool-not-found",
				statementId: name,
				toolName: tool,
				message: `No tool "${tool}"`,
				hint: `Tools: ${known.join(", ")}`,
			});
			return $tuple(false, NULL);
		}
		const last = this.toolCalls[this.toolCalls.size() - 1];
		if (last === undefined || last.tool !== tool || encodeJson(last.args) !== encodeJson(args))
			this.toolCalls.push({ tool, args });
		const [ok, result] = pcall(impl, args);
		if (!ok) {
			this.runtimeErrors.push({
				source,
				code: "tool-error",
				statementId: name,
				toolName: tool,
				message: tostring(result),
			});
			return $tuple(false, NULL);
		}
		return $tuple(true, (result as Value | undefined) ?? NULL);
	}

	private fetch(name: string) {
		const stmt = this.result.program.byName.get(name);
		if (stmt === undefined) return;
		const [tool, args] = this.result.evaluator.toolCall(stmt);
		const key = `${tool}\0${encodeJson(args)}`;
		if (this.queryArgs.get(name) === key && this.queryData.has(name)) return;
		this.queryArgs.set(name, key);
		const [ok, data] = this.callTool(name, tool, args, "query");
		// a result for args that changed meanwhile is stale
		if (ok && this.queryArgs.get(name) === key) this.queryData.set(name, data);
	}

	private refetch(changed: string) {
		for (const name of this.result.queryStatements) {
			const stmt = this.result.program.byName.get(name);
			if (stmt === undefined || stmt.expr.t !== "comp") continue;
			const states: string[] = [];
			if (stmt.expr.args[1] !== undefined) collectRefs(stmt.expr.args[1], [], states);
			if (states.includes(changed)) this.fetch(name);
		}
	}

	/** `@Run(name)`: a mutation runs (a failure stops the plan); a query fetches again. */
	private run(name: string): boolean {
		const stmt = this.result.program.byName.get(name);
		if (stmt === undefined) return true;
		if (stmt.kind === "query") {
			this.queryArgs.delete(name);
			this.fetch(name);
			return true;
		}
		if (stmt.kind !== "mutation") return true;
		const state = this.mutations.get(name);
		if (state !== undefined && (state as ObjectValue).map.get("status") === "loading") return false;
		const [tool, args] = this.result.evaluator.toolCall(stmt);
		this.mutations.set(
			name,
			objectFrom([
				["status", "loading"],
				["data", NULL],
				["error", NULL],
			]),
		);
		const [ok, data] = this.callTool(name, tool, args, "mutation");
		const failure = ok ? NULL : (this.runtimeErrors[this.runtimeErrors.size() - 1]?.message ?? "failed");
		this.mutations.set(
			name,
			objectFrom([
				["status", ok ? "success" : "error"],
				["data", ok ? data : NULL],
				["error", failure],
			]),
		);
		return ok;
	}
}
