// An interactive answer drawn in the page (bridge/README.md, "Interactive answers"): the view the
// game evaluated (components, prose around the fence, a cut-off note) with the page state of the
// stored message. A change (text fields on blur, choices at once) goes to the game as the
// `answer:state` command, which writes it into the same stored message; the game then sends the
// re-evaluated view. A button that sends writes the stored user-action message. Bounded as the
// game's renderer is: 400 components, 24 levels, 50 table rows.
import { Fragment, JSX, useState } from "react";
import { Markdown } from "./Markdown";
import {
	AnswerView,
	Element,
	fieldValue,
	isBinding,
	isElement,
	isPlan,
	isStep,
	State,
	userAction,
	validate,
	withField,
} from "./openui";
import "./openui.css";

const MAX_NODES = 400;
const MAX_DEPTH = 24;
const TABLE_ROWS = 50;

export interface AnswerActions {
	/** Sends the new page state (the context section's text) to the game. */
	readonly store: (context: string) => void;
	/** Sends a stored user-action message to the conversation. */
	readonly send: (stored: string) => void;
}

interface Scope {
	form?: string;
	checks: Array<() => boolean>;
	count: { n: number };
}

const text = (v: unknown): string =>
	v === undefined || v === null
		? ""
		: typeof v === "object"
			? isBinding(v)
				? text(v.value)
				: JSON.stringify(v)
			: String(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

export function OpenUIAnswer({ view, actions }: { view: AnswerView; actions: AnswerActions }) {
	const [state, setState] = useState<State>(view.state);
	const [errors, setErrors] = useState<Record<string, string>>({});
	// a new view from the game brings its state, unless it is a state this page sent (the game
	// echoing a write: what was changed since then stays)
	const incoming = JSON.stringify(view.state);
	const [seen, setSeen] = useState(incoming);
	const [sent] = useState(() => new Set<string>());
	if (incoming !== seen) {
		setSeen(incoming);
		if (!sent.has(incoming)) setState(view.state);
	}

	const commit = (next: State) => {
		setState(next);
		sent.add(JSON.stringify(next));
		actions.store(JSON.stringify([next]));
	};
	const formState = (form: string | undefined) => (form === undefined ? state : { [form]: state[form] ?? {} });
	const run = (action: unknown, form: string | undefined, caption: string) => {
		// an action is a plan, or a single step where the prop expects an action; none sends the caption
		const steps = isPlan(action) ? action.action : isStep(action) ? [action] : undefined;
		if (steps === undefined) {
			actions.send(userAction(caption, formState(form)));
			return;
		}
		let next = state;
		for (const step of steps) {
			const [first, second] = step.args;
			if (step.step === "Set" && typeof first === "string") next = { ...next, [first]: second ?? null };
			else if (step.step === "Reset") {
				for (const target of step.args)
					if (typeof target === "string") next = { ...next, [target]: view.defaults[target] ?? null };
			} else if (step.step === "ToAssistant")
				actions.send(
					userAction(
						text(first),
						form === undefined ? next : { [form]: next[form] ?? {} },
						step.args.length > 1 ? second : undefined,
					),
				);
			else if (step.step === "OpenUrl" && typeof first === "string" && /^https?:\/\//.test(first))
				window.open(first, "_blank", "noopener");
		}
		if (next !== state) commit(next);
	};

	const field = (el: Element, s: Scope, kind: "input" | "textarea"): JSX.Element => {
		const p = el.props;
		const name = text(p.name);
		const bound = isBinding(p.value) ? p.value.$binding : undefined;
		const key = `${s.form ?? ""}/${name}`;
		const current =
			bound !== undefined
				? state[bound]
				: (fieldValue(state, s.form, name) ?? (isBinding(p.value) ? undefined : p.value));
		const write = (value: string) =>
			bound !== undefined ? { ...state, [bound]: value } : withField(state, s.form, name, value, kind);
		s.checks.push(() => {
			const problem = validate(bound !== undefined ? state[bound] : fieldValue(state, s.form, name), p.rules);
			setErrors((all) => ({ ...all, [key]: problem ?? "" }));
			return problem === undefined;
		});
		const common = {
			"aria-label": text(p.label) || text(p.placeholder) || name,
			"data-field": name,
			placeholder: text(p.placeholder),
			value: text(current),
			onChange: (e: { target: { value: string } }) => setState(write(e.target.value)),
			onBlur: (e: { target: { value: string } }) => commit(write(e.target.value)),
		};
		return (
			<label className="oui-field">
				{text(p.label) !== "" && <span className="oui-caption">{text(p.label)}</span>}
				{kind === "textarea" ? <textarea rows={Number(p.rows) || 3} {...common} /> : <input {...common} />}
				{errors[key] ? (
					<span className="oui-problem" role="alert">
						{errors[key]}
					</span>
				) : null}
			</label>
		);
	};

	const select = (el: Element, s: Scope): JSX.Element => {
		const p = el.props;
		const name = text(p.name);
		const bound = isBinding(p.value) ? p.value.$binding : undefined;
		const current = text(bound !== undefined ? state[bound] : fieldValue(state, s.form, name));
		return (
			<div className="oui-field" role="radiogroup" aria-label={text(p.label) || name}>
				{text(p.label) !== "" && <span className="oui-caption">{text(p.label)}</span>}
				<div className="oui-options">
					{list(p.items)
						.filter(isElement)
						.map((item) => {
							const value = text(item.props.value);
							return (
								<button
									key={value}
									role="radio"
									aria-checked={current === value}
									className={current === value ? "on" : ""}
									onClick={() =>
										commit(
											bound !== undefined
												? { ...state, [bound]: value }
												: withField(state, s.form, name, value, "select"),
										)
									}
								>
									{text(item.props.label) || value}
								</button>
							);
						})}
				</div>
			</div>
		);
	};

	// plain calls, not components: a re-render keeps the same inputs (focus and caret stay)
	const children = (v: unknown, s: Scope, depth: number) =>
		list(v).map((child, i) => <Fragment key={i}>{node(child, s, depth + 1)}</Fragment>);

	const render = (el: Element, s: Scope, depth: number): JSX.Element | null => {
		const p = el.props;
		switch (el.type) {
			case "Stack":
				return (
					<div className={`oui-stack ${p.direction === "row" ? "row" : "column"} gap-${text(p.gap) || "m"}`}>
						{children(p.children, s, depth)}
					</div>
				);
			case "Card":
				return (
					<section className="oui-card">
						{text(p.title) !== "" && <h3>{text(p.title)}</h3>}
						{children(p.children, s, depth)}
					</section>
				);
			case "CardHeader":
				return (
					<header className="oui-card-header">
						<strong>{text(p.title)}</strong>
						{p.subtitle !== undefined && p.subtitle !== null && (
							<span className="oui-muted">{text(p.subtitle)}</span>
						)}
					</header>
				);
			case "Text":
				return p.variant === "heading" ? (
					<h3 className="oui-heading">{text(p.text)}</h3>
				) : p.variant === "code" ? (
					<code className="oui-code">{text(p.text)}</code>
				) : (
					<p className={p.variant === "muted" ? "oui-muted" : "oui-text"}>{text(p.text)}</p>
				);
			case "Tag":
				return <span className={`oui-tag ${text(p.color) || "gray"}`}>{text(p.text)}</span>;
			case "Metric":
				return (
					<div className="oui-metric" data-testid="oui-metric">
						<span className="oui-muted">{text(p.label)}</span>
						<strong>
							{text(p.value)}
							{text(p.unit) !== "" ? ` ${text(p.unit)}` : ""}
						</strong>
					</div>
				);
			case "Callout":
				return (
					<div className={`oui-callout ${text(p.variant)}`} role="note">
						<strong>{text(p.title)}</strong>
						{p.description !== undefined && p.description !== null && <p>{text(p.description)}</p>}
					</div>
				);
			case "Separator":
				return <hr className="oui-separator" />;
			case "Button": {
				const caption = text(p.label);
				return (
					<button
						className={`oui-button ${text(p.variant) || "secondary"}`}
						onClick={() => {
							if (
								p.variant === "primary" &&
								s.form !== undefined &&
								!s.checks.map((check) => check()).every(Boolean)
							)
								return;
							run(p.action, s.form, caption);
						}}
					>
						{caption}
					</button>
				);
			}
			case "Buttons":
				return (
					<div className={`oui-stack ${p.direction === "column" ? "column" : "row"} gap-s`}>
						{children(p.buttons, s, depth)}
					</div>
				);
			case "FollowUpBlock":
				return (
					<div className="oui-followups">
						{list(p.items)
							.filter(isElement)
							.map((item, i) => (
								<button
									key={i}
									className="oui-button secondary"
									onClick={() => run(undefined, undefined, text(item.props.text))}
								>
									{text(item.props.text)}
								</button>
							))}
					</div>
				);
			case "ListBlock":
				return (
					<ol className={`oui-list ${p.variant === "bullet" ? "bullet" : "number"}`}>
						{list(p.items)
							.filter(isElement)
							.map((item, i) => (
								<li key={i}>
									<span>{text(item.props.title)}</span>
									{item.props.subtitle !== undefined && item.props.subtitle !== null && (
										<span className="oui-muted"> {text(item.props.subtitle)}</span>
									)}
									{text(item.props.actionLabel) !== "" && (
										<button
											className="oui-button secondary"
											onClick={() => run(item.props.action, s.form, text(item.props.actionLabel))}
										>
											{text(item.props.actionLabel)}
										</button>
									)}
								</li>
							))}
					</ol>
				);
			case "Form": {
				const inner: Scope = { form: text(p.name), checks: [], count: s.count };
				return (
					<form className="oui-form" aria-label={text(p.name)} onSubmit={(e) => e.preventDefault()}>
						{children(p.children, inner, depth)}
					</form>
				);
			}
			case "Input":
				return field(el, s, "input");
			case "TextArea":
				return field(el, s, "textarea");
			case "Select":
				return select(el, s);
			case "Table": {
				const columns = list(p.columns).filter(isElement);
				const rows = Math.min(TABLE_ROWS, Math.max(0, ...columns.map((c) => list(c.props.data).length)));
				return (
					<table className="oui-table">
						<thead>
							<tr>
								{columns.map((c, i) => (
									<th key={i}>{text(c.props.label)}</th>
								))}
							</tr>
						</thead>
						<tbody>
							{Array.from({ length: rows }, (_, r) => (
								<tr key={r}>
									{columns.map((c, i) => (
										<td key={i}>{text(list(c.props.data)[r])}</td>
									))}
								</tr>
							))}
						</tbody>
					</table>
				);
			}
			case "Tabs":
				return (
					<Tabs items={list(p.items).filter(isElement)} render={(content) => children(content, s, depth)} />
				);
			default:
				return null;
		}
	};

	function node(v: unknown, s: Scope, depth: number): JSX.Element | null {
		if (!isElement(v) || depth > MAX_DEPTH || s.count.n >= MAX_NODES) {
			return typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? (
				<p className="oui-text">{String(v)}</p>
			) : null;
		}
		s.count.n += 1;
		return render(v, s, depth);
	}

	return (
		<div className="oui-answer" data-testid="openui-answer">
			{view.before !== "" && <Markdown text={view.before} />}
			{view.root !== null && render(view.root, { checks: [], count: { n: 1 } }, 0)}
			{view.after !== "" && <Markdown text={view.after} />}
			{view.cut && <p className="oui-muted">This response was cut off before it finished.</p>}
		</div>
	);
}

function Tabs({ items, render }: { items: Element[]; render: (content: unknown) => JSX.Element[] }) {
	const [open, setOpen] = useState(0);
	return (
		<div className="oui-tabs">
			<div role="tablist">
				{items.map((tab, i) => (
					<button
						key={i}
						role="tab"
						aria-selected={open === i}
						className={open === i ? "on" : ""}
						onClick={() => setOpen(i)}
					>
						{text(tab.props.trigger)}
					</button>
				))}
			</div>
			{items[open] && <div role="tabpanel">{render(items[open].props.content)}</div>}
		</div>
	);
}
