// The provider editor: one draft record at a time. Connection fields (URL, protocol, auth, keys,
// headers, preset) clear fetched model choices and make a pending fetch stale (a generation
// counter); the status line then says so instead of the stale result; manual ids stay. Keys are
// never shown back: the key field starts empty and says how many keys are stored; typing replaces
// them. Validation problems show under the form after every change.
// Protocols, auth styles, Test and the model picker's probe times come from `uai.providers`.
import type { Handle, ProviderRecord, Section, Window } from "../../../api";
import { CONTROL_UNITS, Pause } from "../../slices";
import { headersText, keyCount, parseHeaders, parseModels } from "./draft";
import { buildModelPicker } from "./picker";

export interface ProviderEditor {
	/** Starts editing a copy of `record` (a blank from a preset, or a saved record). */
	readonly load: (record: ProviderRecord) => void;
}

/** Builds the editor in slices of its page's build (`pause`, ../../slices.ts); whole when it returns. */
export function buildEditor(uai: Handle, window: Window, section: Section, pause: Pause): ProviderEditor {
	const util = uai.env.require("runtime/util");
	let draft = uai.providers.blank()[0] as ProviderRecord;
	let generation = 0;
	// problems of the text forms (a bad header line, bad JSON), each field's own, so fixing one
	// never hides the other; either blocks Save
	let headerProblem: string | undefined;
	let paramsProblem: string | undefined;
	const formProblems = () => {
		const list = new Array<string>();
		if (headerProblem !== undefined) list.push(headerProblem);
		if (paramsProblem !== undefined) list.push(paramsProblem);
		return list;
	};

	// each field is a control's drawing (CONTROL_UNITS): three a slice
	const heading = section.Label({ Id: "provider-editing", Text: "" });
	pause(CONTROL_UNITS);
	const label = section.Input({ Id: "provider-label", Text: "Name", Persist: false });
	pause(CONTROL_UNITS);
	const baseUrl = section.Input({ Id: "provider-url", Text: "Base URL", Persist: false });
	pause(CONTROL_UNITS);
	const protocol = section.Dropdown({
		Id: "provider-protocol",
		Text: "Protocol",
		Options: uai.providers.protocols().map((choice) => ({ Label: choice.label, Value: choice.id })),
		Searchable: false,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const auth = section.Dropdown({
		Id: "provider-auth",
		Text: "Auth style",
		Options: uai.providers.authStyles().map((choice) => ({ Label: choice.label, Value: choice.id })),
		Searchable: false,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const keys = section.Input({
		Id: "provider-keys",
		Text: "API keys",
		Description: "One key, or several (one a line) to rotate through. Stored keys are never shown.",
		MultiLine: true,
		Lines: 2,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const headers = section.Input({
		Id: "provider-headers",
		Text: "Custom headers",
		Placeholder: "Name: value, one a line",
		MultiLine: true,
		Lines: 2,
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const params = section.Input({
		Id: "provider-params",
		Text: "Extra body fields (JSON object)",
		Placeholder: "{}",
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const wsUrl = section.Input({
		Id: "provider-ws",
		Text: "WebSocket gateway URL",
		Placeholder: "optional: wss://…",
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const manual = section.Input({
		Id: "provider-manual-models",
		Text: "Model ids you enter",
		Description: "Listed first in the picker; separate them with commas.",
		Persist: false,
	});
	pause(CONTROL_UNITS);
	const picker = buildModelPicker(
		uai,
		window,
		section,
		() => draft,
		(model) => {
			draft.model = model;
			check();
		},
	);
	pause(CONTROL_UNITS);
	const status = section.Label({ Id: "provider-status", Text: "" });
	pause(CONTROL_UNITS);
	// whether the status line shows a Discover or Test result (stale after a connection change)
	let reported = false;
	const report = (text: string) => {
		reported = text !== "";
		status.SetText(text);
	};
	const problems = section.Paragraph({ Id: "provider-problems", Text: "Problems", Content: "" });
	pause(CONTROL_UNITS);

	const check = () => {
		const [, list] = uai.providers.validate(draft);
		const all = [...formProblems(), ...list];
		problems.SetVisible(all.size() > 0);
		problems.SetDescription(all.map((line) => `• ${line}`).join("\n"));
	};
	const showChoices = () => picker.show(true);
	const keyHint = () => {
		const stored = keyCount(draft.apiKey);
		keys.SetDescription(
			stored === 0
				? "One key, or several (one a line) to rotate through."
				: `${stored} key${stored === 1 ? "" : "s"} stored (hidden). Type here to replace them.`,
		);
	};
	/** A connection setting changed: fetched choices are cleared and a fetch in flight goes stale. */
	const connectionChanged = () => {
		generation += 1;
		if (picker.fetched.size() > 0) {
			status.SetText("Connection changed: the fetched models were cleared; press Discover again.");
		} else if (reported) {
			status.SetText("Connection changed: press Discover or Test again.");
		}
		reported = false;
		picker.fetched = [];
		showChoices();
		check();
	};

	label.OnChanged((value: unknown) => {
		draft.label = tostring(value);
		check();
	});
	baseUrl.OnChanged((value: unknown) => {
		draft.baseUrl = tostring(value);
		connectionChanged();
	});
	protocol.OnChanged((value: unknown) => {
		draft.api = value as ProviderRecord["api"];
		connectionChanged();
	});
	auth.OnChanged((value: unknown) => {
		draft.authStyle = value as ProviderRecord["authStyle"];
		connectionChanged();
	});
	keys.OnChanged((value: unknown) => {
		const text = tostring(value);
		if (text === "") return;
		draft.apiKey = text;
		keys.Set("", true);
		keyHint();
		connectionChanged();
	});
	headers.OnChanged((value: unknown) => {
		const [parsed, problem] = parseHeaders(tostring(value));
		headerProblem = problem;
		if (problem === undefined) draft.headers = parsed;
		connectionChanged();
	});
	params.OnChanged((value: unknown) => {
		const text = tostring(value);
		const [parsed] = util.decode(text === "" ? "{}" : text);
		const isObject = typeIs(parsed, "table") && (parsed as unknown[]).size() === 0;
		paramsProblem = isObject ? undefined : "Extra body fields must be a JSON object.";
		if (isObject) draft.params = parsed as Record<string, unknown>;
		check();
	});
	wsUrl.OnChanged((value: unknown) => {
		draft.wsUrl = tostring(value);
		check();
	});
	manual.OnChanged((value: unknown) => {
		draft.models = parseModels(tostring(value));
		showChoices();
		check();
	});
	/** A new request with the draft: false once a newer change or request made it stale. */
	const begin = () => {
		generation += 1;
		const mine = generation;
		return () => window.Alive && mine === generation;
	};

	section.Button({
		Id: "provider-discover",
		Text: "Fetch the provider's model list",
		ActionText: "Discover",
		LoadingText: "Fetching…",
		Callback: () => {
			const current = begin();
			const [ok, result, details] = uai.providers.discover(util.deepCopy(draft));
			if (!current() || details?.superseded === true) return;
			if (ok) {
				picker.fetched = result as string[];
				showChoices();
				report(`${picker.fetched.size()} models available; pick one above.`);
			} else {
				report(`Discovery failed: ${tostring(result)}`);
			}
		},
	});
	pause(CONTROL_UNITS);
	section.Button({
		Id: "provider-test",
		Text: "Test the connection and key",
		ActionText: "Test",
		LoadingText: "Testing…",
		Callback: () => {
			const current = begin();
			const result = uai.providers.test(util.deepCopy(draft));
			if (!current() || result.superseded === true) return;
			report(
				result.ok
					? `Connection works: the provider answered in ${string.format("%.1f", result.seconds)} s and listed ${result.models} models.`
					: `Connection failed: ${result.error}`,
			);
		},
	});
	pause(CONTROL_UNITS);

	const save = (activate: boolean) => {
		if (formProblems().size() > 0) return check();
		const [ok, result] = uai.providers.save(util.deepCopy(draft));
		if (!ok) {
			problems.SetVisible(true);
			problems.SetDescription((result as string[]).map((line) => `• ${line}`).join("\n"));
			return;
		}
		const record = result as ProviderRecord;
		if (activate) uai.providers.setActive(record.id);
		window.Notify({
			Title: "Provider saved",
			Content: `${record.label}${activate ? " is now active" : ""}`,
			Kind: "Success",
		});
		load(record);
	};
	section.Button({
		Id: "provider-save",
		Text: "Save this provider",
		ActionText: "Save",
		Style: "Primary",
		Callback: () => save(false),
	});
	pause(CONTROL_UNITS);
	section.Button({
		Id: "provider-save-activate",
		Text: "Save and use it",
		ActionText: "Save & use",
		Callback: () => save(true),
	});
	pause(CONTROL_UNITS);

	const load = (record: ProviderRecord) => {
		draft = util.deepCopy(record);
		picker.fetched = [];
		generation += 1;
		headerProblem = undefined;
		paramsProblem = undefined;
		heading.SetText(draft.id === "" ? `New provider from the ${draft.preset} preset` : `Editing ${draft.label}`);
		label.Set(draft.label, true);
		baseUrl.Set(draft.baseUrl, true);
		protocol.Set(draft.api, true);
		auth.Set(draft.authStyle, true);
		keys.Set("", true);
		keyHint();
		headers.Set(headersText(draft.headers), true);
		const [paramText] = util.encode(draft.params);
		params.Set(paramText === "[]" || paramText === undefined ? "" : paramText, true);
		wsUrl.Set(draft.wsUrl, true);
		manual.Set(draft.models.join(", "), true);
		report("");
		showChoices();
		check();
	};
	// filling every field costs about a control's drawing: counted before it, it gets a slice of its own
	pause(CONTROL_UNITS);
	load(draft);
	return { load };
}
