// Bounded assembly of streamed tool calls, shared by every protocol
// (docs/PROVIDER_COMPATIBILITY.md, "Stream assembly"): calls are kept by their stream key (a Chat
// Completions `index`, an Anthropic content-block index, a Responses output index); string
// fragments are joined once at the end; a whole arguments object is serialised to JSON; mixing a
// whole object with fragments fails visibly; an empty argument text is `{}`. A call is final only
// at its protocol's explicit end (the block or item end, or the stream's completion), never because
// a prefix already parses as JSON; at the end its text must be one complete JSON object, or the
// reply fails and no call is returned.
import type { Slicing } from "../../runtime/json";
import { decodeJson, encodeJson, isJsonArray, isJsonNull } from "./json";
import { REPLY_LIMITS } from "./limits";
import type { ToolCall } from "./types";
import { asString } from "./view";

export interface CallFailure {
	readonly code: "limit_exceeded" | "invalid_tool_call";
	readonly message: string;
}

interface Slot {
	id?: string;
	readonly syntheticId: string;
	name?: string;
	fragments: Array<string>;
	bytes: number;
	whole?: string;
	closed: boolean;
}

function invalid(message: string): CallFailure {
	return { code: "invalid_tool_call", message };
}

function kindOf(value: unknown): string {
	if (isJsonNull(value)) return "null";
	return typeIs(value, "string")
		? "a string"
		: typeIs(value, "number")
			? "a number"
			: typeIs(value, "boolean")
				? "a boolean"
				: typeOf(value);
}

function describe(slot: Slot): string {
	return slot.name !== undefined ? `"${slot.name}"` : "without a name";
}

export class ToolCallSet {
	private readonly slots = new Array<Slot>();
	private readonly byKey = new Map<number, Slot>();

	/** `idFor(key, ordinal)` makes the id of a call that arrives without one. */
	constructor(private readonly idFor: (key: number, ordinal: number) => string) {}

	count(): number {
		return this.slots.size();
	}

	/** True once any call data arrived. */
	started(): boolean {
		return this.slots.size() > 0;
	}

	/** The open call at `key`, if any. */
	has(key: number): boolean {
		return this.byKey.has(key);
	}

	/** Keys of calls that have not ended. */
	openKeys(): Array<number> {
		const keys = new Array<number>();
		this.byKey.forEach((slot, key) => {
			if (!slot.closed) keys.push(key);
		});
		return keys;
	}

	/** The key of the call with this id, if one is open. */
	keyOfId(id: string): number | undefined {
		let found: number | undefined;
		this.byKey.forEach((slot, key) => {
			if (slot.id === id) found = key;
		});
		return found;
	}

	/**
	 * Starts a call at `key`, or continues the call there. A different real id or a different name
	 * at a used key starts a new call (servers that send index 0 for every parallel call).
	 */
	open(key: number, id?: string, name?: string): CallFailure | undefined {
		if (key < 0 || key > REPLY_LIMITS.maxIndex || key % 1 !== 0) {
			return invalid(`tool call index ${key} is outside 0–${REPLY_LIMITS.maxIndex}`);
		}
		const realId = id !== undefined && id !== "" ? id : undefined;
		const givenName = name !== undefined && name !== "" ? name : undefined;
		if ((realId?.size() ?? 0) > REPLY_LIMITS.idChars || (givenName?.size() ?? 0) > REPLY_LIMITS.idChars) {
			return {
				code: "limit_exceeded",
				message: `a tool call id or name is longer than ${REPLY_LIMITS.idChars} characters`,
			};
		}
		let slot = this.byKey.get(key);
		const differentId = slot !== undefined && realId !== undefined && slot.id !== undefined && slot.id !== realId;
		const differentName =
			slot !== undefined && givenName !== undefined && slot.name !== undefined && slot.name !== givenName;
		if (slot === undefined || slot.closed || differentId || differentName) {
			if (this.slots.size() >= REPLY_LIMITS.toolCalls) {
				return {
					code: "limit_exceeded",
					message: `the reply has more than ${REPLY_LIMITS.toolCalls} tool calls`,
				};
			}
			slot = { syntheticId: this.idFor(key, this.slots.size() + 1), fragments: [], bytes: 0, closed: false };
			this.slots.push(slot);
			this.byKey.set(key, slot);
		}
		if (realId !== undefined) slot.id = realId;
		if (givenName !== undefined) slot.name = givenName;
		return undefined;
	}

	/** Appends an argument fragment to the call at `key` (opened by the caller). */
	fragment(key: number, text: string): CallFailure | undefined {
		const slot = this.byKey.get(key);
		if (slot === undefined || slot.closed)
			return invalid(`arguments arrived for tool call ${key}, which is not open`);
		if (text === "") return undefined;
		if (slot.whole !== undefined) {
			return invalid(`tool call ${describe(slot)} mixes a whole arguments object with argument fragments`);
		}
		slot.bytes += text.size();
		if (slot.bytes > REPLY_LIMITS.argumentBytes) {
			return {
				code: "limit_exceeded",
				message: `tool call ${describe(slot)} has more than ${REPLY_LIMITS.argumentBytes} argument bytes`,
			};
		}
		// appended by index (one per streamed event): `push` compiles to a global table.insert
		const fragments = slot.fragments;
		fragments[fragments.size()] = text;
		return undefined;
	}

	/**
	 * Arguments given as a decoded JSON value of any type: text is a fragment, an object is whole,
	 * absence or JSON null adds nothing; anything else (a number, a boolean, an array) fails.
	 */
	value(key: number, value: unknown): CallFailure | undefined {
		if (value === undefined || isJsonNull(value)) return undefined;
		// a local type check: this runs for every streamed argument fragment
		const text = asString(value);
		if (text !== undefined) return this.fragment(key, text);
		return this.whole(key, value);
	}

	/** Sets the call's arguments from a decoded object (serialised here); any other value is refused. */
	whole(key: number, value: unknown): CallFailure | undefined {
		const slot = this.byKey.get(key);
		if (slot === undefined || slot.closed)
			return invalid(`arguments arrived for tool call ${key}, which is not open`);
		if (!typeIs(value, "table") || isJsonNull(value))
			return invalid(`tool call ${describe(slot)} has arguments that are not a JSON object (${kindOf(value)})`);
		if (isJsonArray(value)) {
			return invalid(`tool call ${describe(slot)} has an array where an arguments object belongs`);
		}
		if (slot.bytes > 0)
			return invalid(`tool call ${describe(slot)} mixes a whole arguments object with argument fragments`);
		const [text, reason] = encodeJson(value, true);
		if (text === undefined)
			return invalid(`tool call ${describe(slot)} has arguments that cannot be encoded: ${reason}`);
		if (text.size() > REPLY_LIMITS.argumentBytes) {
			return {
				code: "limit_exceeded",
				message: `tool call ${describe(slot)} has more than ${REPLY_LIMITS.argumentBytes} argument bytes`,
			};
		}
		slot.whole = text;
		return undefined;
	}

	/** Replaces the call's arguments with the authoritative complete text (Responses item end). */
	replaceArguments(key: number, text: string): CallFailure | undefined {
		const slot = this.byKey.get(key);
		if (slot === undefined || slot.closed)
			return invalid(`arguments arrived for tool call ${key}, which is not open`);
		if (text.size() > REPLY_LIMITS.argumentBytes) {
			return {
				code: "limit_exceeded",
				message: `tool call ${describe(slot)} has more than ${REPLY_LIMITS.argumentBytes} argument bytes`,
			};
		}
		slot.whole = undefined;
		slot.fragments = [text];
		slot.bytes = text.size();
		return undefined;
	}

	/** The explicit end of the call at `key` (block stop, item done). */
	close(key: number) {
		const slot = this.byKey.get(key);
		if (slot !== undefined) slot.closed = true;
	}

	/**
	 * The finished calls, or why there are none: every call needs a name, an explicit end when
	 * `requireClosed`, and arguments that are one complete JSON object (checked with `slicing`, so
	 * megabytes of arguments pause between slices).
	 */
	finish(
		requireClosed: boolean,
		slicing?: Slicing,
	): { readonly ok: true; readonly calls: Array<ToolCall> } | { readonly ok: false; readonly failure: CallFailure } {
		const calls = new Array<ToolCall>();
		for (const slot of this.slots) {
			const fail = (message: string) => ({ ok: false as const, failure: invalid(message) });
			if (slot.name === undefined) return fail("a tool call arrived without a name");
			if (requireClosed && !slot.closed) return fail(`tool call ${describe(slot)} never ended`);
			let text = slot.whole ?? slot.fragments.join("");
			const [first] = text.match("^%s*(.)");
			if (first === undefined) text = "{}";
			else if (first !== "{") return fail(`tool call ${describe(slot)} has arguments that are not a JSON object`);
			if (!decodeJson(text, slicing).ok)
				return fail(`tool call ${describe(slot)} has incomplete or invalid JSON arguments`);
			calls.push({ id: slot.id ?? slot.syntheticId, name: slot.name, arguments: text });
		}
		return { ok: true, calls };
	}
}
