// The page state of one rendered program (docs/OPENUI.md, "State"): `$name` → raw value, a field
// outside any form → {value, componentType}, a form → {field → {value, componentType}}. Defaults
// fill only keys without a value; a default read from a cut statement is replaced when the full
// statement arrives unless the user changed it; persisted state is restored over the defaults and
// never fails (unknown keys kept, odd types passed through).
import { isArray, isObject, newObject, NULL, ObjectValue, objSet, Value } from "./values";

type Origin = "default" | "provisional" | "user";

function shallowEqual(a: Value, b: Value): boolean {
	if (a === b) return true;
	if (!isObject(a) || !isObject(b) || a.keys.size() !== b.keys.size()) return false;
	return a.keys.every((k) => b.map.has(k) && a.map.get(k) === b.map.get(k));
}

export class Store {
	private readonly values = newObject();
	private readonly origins = new Map<string, Origin>();
	private readonly listeners: ((key: string) => void)[] = [];

	get(key: string): Value | undefined {
		return this.values.map.get(key);
	}

	has(key: string): boolean {
		return this.values.map.has(key);
	}

	/** Writes a value the user (or an action) produced; identical values are skipped. */
	set(key: string, value: Value, origin: Origin = "user") {
		const old = this.values.map.get(key);
		this.origins.set(key, origin);
		if (old !== undefined && shallowEqual(old, value)) return;
		objSet(this.values, key, value);
		for (const listener of [...this.listeners]) listener(key);
	}

	/** Applies declared defaults to keys without a value (and to provisional ones). */
	applyDefaults(decls: ObjectValue, provisional: ReadonlyArray<string>) {
		for (const key of decls.keys) {
			const origin: Origin = provisional.includes(key) ? "provisional" : "default";
			const current = this.origins.get(key);
			if (!this.values.map.has(key) || current === "provisional")
				this.set(key, decls.map.get(key) ?? NULL, origin);
		}
	}

	/** Restores persisted context: `[snapshot]` (element 0) or a plain object; anything else is ignored. */
	restore(persisted: Value | undefined) {
		let snapshot = persisted;
		if (isArray(snapshot)) snapshot = snapshot.items[0];
		if (!isObject(snapshot)) return;
		for (const key of snapshot.keys) this.set(key, snapshot.map.get(key)!, "user");
	}

	snapshot(): ObjectValue {
		const copy = newObject();
		for (const key of this.values.keys) objSet(copy, key, this.values.map.get(key)!);
		return copy;
	}

	subscribe(listener: (key: string) => void): () => void {
		this.listeners.push(listener);
		return () => {
			const at = this.listeners.indexOf(listener);
			if (at >= 0) this.listeners.remove(at);
		};
	}
}
