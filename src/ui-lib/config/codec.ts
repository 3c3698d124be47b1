// Window configuration documents (ExportConfig / ImportConfig): the values of persisted controls
// and the window's appearance, as JSON:
//   { "format": "project-uai-ui", "version": 1, "window": <Id>,
//     "values": { <control Id>: { "kind": <Kind>, "value": <encoded> } },
//     "appearance": { "theme": "Dark"|"Light", "accent": [r, g, b] (only when custom) } }
// Imports are atomic: appearance and every known value are validated before anything changes.
import { services } from "../adapter/services";
import { describeError } from "../core/errors";
import { deepEqual } from "../core/deep";
import type { Control } from "../controls/control";
import { THEME_NAMES, type ThemeName } from "../theme/palette";

export const FORMAT = "project-uai-ui";
export const VERSION = 1;
export const MAX_BYTES = 262144;

/** What the codec needs of a window. */
export interface ConfigWindow {
	readonly Id: string;
	readonly Alive: boolean;
	persistedControls: () => Control[];
	appearance: () => { theme: ThemeName; accent?: Color3 };
	applyAppearance: (theme: ThemeName, accent: Color3 | undefined) => void;
}

/** Controls whose value is restored with a special step (keybinds end active holds, silently). */
export interface Restorable {
	/** Restores without calling back; returns a release to run after every value is restored. */
	restoreQuietly(value: unknown): (() => void) | undefined;
}

function isRestorable(control: Control): control is Control & Restorable {
	return typeIs((control as unknown as { restoreQuietly?: unknown }).restoreQuietly, "function");
}

export function exportConfig(window: ConfigWindow): string {
	const values: Record<string, unknown> = {};
	for (const control of window.persistedControls()) {
		values[control.Id!] = { kind: control.Kind, value: control.exportValue() };
	}
	const look = window.appearance();
	const appearance: Record<string, unknown> = { theme: look.theme };
	if (look.accent !== undefined) appearance.accent = [look.accent.R, look.accent.G, look.accent.B];
	return services.HttpService.JSONEncode({ format: FORMAT, version: VERSION, window: window.Id, values, appearance });
}

function readAccent(value: unknown): Color3 | undefined {
	if (value === undefined) return undefined;
	const list = value as unknown[];
	if (!typeIs(value, "table") || list.size() !== 3)
		error("appearance.accent must be an array of three numbers from 0 to 1", 0);
	for (const component of list) {
		if (!typeIs(component, "number") || component !== component || component < 0 || component > 1) {
			error("appearance.accent must be an array of three numbers from 0 to 1", 0);
		}
	}
	return new Color3(list[0] as number, list[1] as number, list[2] as number);
}

interface Plan {
	appearance?: { theme: ThemeName; accent?: Color3 };
	values: Array<{ control: Control; value: unknown }>;
	count: number;
}

/** Decodes and validates a document against the window; raises a message on the first problem. */
function plan(window: ConfigWindow, json: unknown): Plan {
	if (!typeIs(json, "string")) error("the configuration must be a JSON string", 0);
	if (json.size() > MAX_BYTES) error(`the configuration is larger than ${MAX_BYTES} bytes`, 0);
	const [decoded, document] = pcall(() => services.HttpService.JSONDecode(json));
	if (!decoded || !typeIs(document, "table")) error("the configuration is not valid JSON", 0);
	const doc = document as Record<string, unknown>;
	if (doc.format !== FORMAT) error(`the document's format is not "${FORMAT}"`, 0);
	if (doc.version !== VERSION) error(`unsupported configuration version ${tostring(doc.version)}`, 0);
	if (!typeIs(doc.values, "table")) error("the document's values must be a table", 0);
	if (doc.window !== window.Id) error(`the configuration belongs to window "${tostring(doc.window)}"`, 0);
	const result: Plan = { values: [], count: 0 };
	const appearance = doc.appearance;
	if (appearance !== undefined) {
		if (!typeIs(appearance, "table")) error("appearance must be a table", 0);
		const record = appearance as Record<string, unknown>;
		if (!THEME_NAMES.includes(record.theme as ThemeName)) error("appearance.theme must be Dark or Light", 0);
		result.appearance = { theme: record.theme as ThemeName, accent: readAccent(record.accent) };
	}
	const values = doc.values as Record<string, unknown>;
	const controls = window.persistedControls();
	controls.sort((a, b) => a.Id! < b.Id!);
	for (const control of controls) {
		const record = values[control.Id!];
		if (record === undefined) continue;
		result.count += 1;
		if (!typeIs(record, "table")) error(`"${control.Id}": the record must be a table`, 0);
		const entry = record as { kind?: unknown; value?: unknown };
		if (entry.kind !== control.Kind) {
			error(`"${control.Id}": type changed (saved ${tostring(entry.kind)}, now ${control.Kind})`, 0);
		}
		const [ok, value] = pcall(() => control.importValue(entry.value));
		if (!ok) error(`"${control.Id}": ${describeError(value)}`, 0);
		result.values.push({ control, value });
	}
	return result;
}

/**
 * Applies a document: appearance first, then values by control Id (silently), then the releases
 * of keybinds that were held, then, unless silent, the callbacks of controls that changed.
 */
export function importConfig(
	window: ConfigWindow,
	json: unknown,
	silent: boolean,
): LuaTuple<[boolean, number | string]> {
	if (!window.Alive) return $tuple(false, "the window was destroyed");
	const [ok, result] = pcall(() => plan(window, json));
	if (!ok) return $tuple(false, describeError(result));
	const planned = result as Plan;
	if (planned.appearance !== undefined) window.applyAppearance(planned.appearance.theme, planned.appearance.accent);
	const changed: Control[] = [];
	const releases: Array<() => void> = [];
	for (const { control, value } of planned.values) {
		if (!control.Alive) continue;
		const before = control.Get();
		if (isRestorable(control)) {
			const release = control.restoreQuietly(value);
			if (release !== undefined) releases.push(release);
		} else {
			control.restore(value);
		}
		if (!deepEqual(before, control.Get())) changed.push(control);
	}
	for (const release of releases) release();
	if (!silent) {
		for (const control of changed) if (control.Alive) control.emit();
	}
	return $tuple(true, planned.count);
}
