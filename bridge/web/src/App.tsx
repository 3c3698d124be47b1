// The bridge's web client: connection, conversations, the streamed transcript with approvals and
// Stop, providers, settings and the request log. Talks to the game only through the bridge API.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Api, ApiError, GameState, Picture, readToken, saveToken } from "./api";
import { applyDelta, applyEvent, Conversation, emptyConversation, GameEvent, Item, Snapshot } from "./model";
import { Message, MessageContext } from "./Message";
import type { Results } from "./commands";
import { Panels } from "./Panels";
import { Threads } from "./Threads";
import { Waiting } from "./Waiting";
import { isPicture, TextFile, uploadText } from "./textUpload";

type Tab = "chat" | "providers" | "settings" | "tools" | "log";

export function App() {
	const [token, setToken] = useState(readToken);
	const api = useMemo(() => new Api(token), [token]);
	const [link, setLink] = useState<"connecting" | "online" | "offline" | "unauthorized">("connecting");
	const [linkError, setLinkError] = useState("");
	const [game, setGame] = useState<GameState>({ connected: false, clientId: null, imageInput: false });
	const [snapshot, setSnapshot] = useState<Snapshot | undefined>();
	const [conversations, setConversations] = useState<Record<string, Conversation>>({});
	const [results, setResults] = useState<Results>({});
	const [tab, setTab] = useState<Tab>("chat");
	const [viewed, setViewed] = useState<string | undefined>();

	useEffect(() => {
		if (token === "") return; // the token form shows (see `shown` below)
		const abort = new AbortController();
		let retry: ReturnType<typeof setTimeout> | undefined;
		const open = () => {
			setLink("connecting");
			api.stream((kind, data) => {
				setLink("online");
				if (kind === "game") setGame(data as GameState);
				else if (kind === "snapshot") {
					const next = data as Snapshot;
					const now = Date.now();
					for (const ask of next.permissions ?? []) ask.expiresAt = now + ask.expiresIn * 1000;
					setSnapshot(next);
				} else if (kind === "event") {
					const event = data as GameEvent;
					setConversations((all) => ({
						...all,
						[event.sessionId]: applyEvent(all[event.sessionId] ?? emptyConversation(), event),
					}));
				} else if (kind === "delta") {
					const delta = data as { sessionId: string; text: string; reasoning: string };
					setConversations((all) => {
						const c = all[delta.sessionId] ?? emptyConversation();
						return { ...all, [delta.sessionId]: applyDelta(c, delta.text, delta.reasoning) };
					});
				} else if (kind === "result") {
					const result = data as {
						id: string;
						ok?: boolean;
						error?: string;
						pending?: boolean;
						data?: unknown;
					};
					setResults((all) => ({ ...all, [result.id]: result }));
					api.settle(result);
				}
			}, abort.signal).catch((err: unknown) => {
				if (abort.signal.aborted) return;
				if (err instanceof ApiError && err.status === 401) {
					setLink("unauthorized");
					setLinkError(err.message);
					return;
				}
				setLink("offline");
				setLinkError(err instanceof Error ? err.message : String(err));
				retry = setTimeout(open, 2000);
			});
		};
		open();
		return () => {
			abort.abort();
			if (retry) clearTimeout(retry);
		};
	}, [api, token]);

	// the conversation shown: the one picked here while it exists, else the game's current one
	const sessionId =
		viewed !== undefined && (snapshot?.threads ?? []).some((t) => t.id === viewed)
			? viewed
			: (snapshot?.sessionId ?? "");
	const run = useCallback(
		async (type: string, args: Record<string, unknown> = {}) => {
			try {
				return await api.command(type, args);
			} catch (err) {
				setLinkError(err instanceof Error ? err.message : String(err));
				return undefined;
			}
		},
		[api],
	);

	if (token === "" || link === "unauthorized")
		return <TokenForm error={linkError} onToken={(t) => (saveToken(t), setToken(t.trim()), setLinkError(""))} />;

	const threads = snapshot?.threads ?? [];
	const tabs: Array<[Tab, string]> = [
		["chat", "Chat"],
		["providers", "Providers"],
		["settings", "Settings"],
		["tools", "Tools"],
		["log", "Requests"],
	];
	return (
		<div className="app">
			<header>
				<strong className="brand">UAI</strong>
				<nav role="tablist" aria-label="Panels">
					{tabs.map(([id, label]) => (
						<button
							key={id}
							role="tab"
							aria-selected={tab === id}
							className={tab === id ? "on" : ""}
							onClick={() => setTab(id)}
						>
							{label}
						</button>
					))}
				</nav>
				<span className={`link ${link === "online" && game.connected ? "ok" : "bad"}`} data-testid="link">
					{link !== "online"
						? link === "offline"
							? "Bridge offline"
							: "Connecting…"
						: game.connected
							? `Game connected${snapshot?.player ? ` · ${snapshot.player}` : ""}`
							: "Waiting for the game"}
				</span>
			</header>
			{linkError !== "" && link === "online" && (
				<div className="banner" role="alert">
					{linkError} <button onClick={() => setLinkError("")}>Dismiss</button>
				</div>
			)}
			{tab === "chat" ? (
				<div className="chat">
					<Threads threads={threads} current={sessionId} run={run} onView={setViewed} />
					<ChatView
						key={sessionId}
						api={api}
						sessionId={sessionId}
						snapshot={snapshot}
						conversation={conversations[sessionId] ?? emptyConversation()}
						results={results}
						run={run}
						onError={setLinkError}
					/>
				</div>
			) : (
				<Panels tab={tab} snapshot={snapshot} run={run} results={results} />
			)}
		</div>
	);
}

function TokenForm({ error, onToken }: { error: string; onToken: (token: string) => void }) {
	const [value, setValue] = useState("");
	return (
		<form className="token" onSubmit={(e) => (e.preventDefault(), onToken(value))}>
			<h1>UAI bridge</h1>
			<p>Paste the token the bridge printed when it started.</p>
			{error && (
				<p className="notice error" role="alert">
					{error}
				</p>
			)}
			<label>
				Token <input autoFocus type="password" value={value} onChange={(e) => setValue(e.target.value)} />
			</label>
			<button className="primary" type="submit">
				Connect
			</button>
		</form>
	);
}

interface ChatProps {
	api: Api;
	sessionId: string;
	snapshot: Snapshot | undefined;
	conversation: Conversation;
	results: Record<string, { ok?: boolean; error?: string; pending?: boolean }>;
	run: (type: string, args?: Record<string, unknown>) => Promise<{ commandId: string } | undefined>;
	onError: (message: string) => void;
}

function ChatView({ api, sessionId, snapshot, conversation, results, run, onError }: ChatProps) {
	const [draft, setDraft] = useState("");
	const [pictures, setPictures] = useState<Picture[]>([]);
	const [texts, setTexts] = useState<TextFile[]>([]);
	const [sent, setSent] = useState<string | undefined>();
	const [notice, setNotice] = useState("");
	const known = useRef(new Map<string, string>());
	const bottom = useRef<HTMLDivElement>(null);
	const file = useRef<HTMLInputElement>(null);
	const thread = snapshot?.threads.find((t) => t.id === sessionId);
	const busy = thread?.busy === true;
	const approvals = (snapshot?.permissions ?? []).filter((p) => p.sessionId === sessionId);
	const items: Item[] = [...conversation.items];
	if (conversation.liveReasoning !== "")
		items.push({ type: "reasoning", key: "live-r", text: conversation.liveReasoning });
	if (conversation.live !== "") items.push({ type: "assistant", key: "live", text: conversation.live, live: true });
	for (const ask of approvals)
		items.push({
			type: "approval",
			key: `a${ask.id}`,
			id: ask.id,
			name: ask.name,
			args: ask.args,
			expiresAt: ask.expiresAt ?? 0, // set when the snapshot arrived
		});
	const result = sent ? results[sent] : undefined;

	useEffect(() => {
		bottom.current?.scrollIntoView({ block: "end" });
	}, [items.length, conversation.live]);
	// a refusal of the last message shows until the next attempt
	const shownNotice =
		notice !== "" ? notice : result?.ok === false ? (result.error ?? "the game refused the message") : "";

	const context: MessageContext = {
		answer: (id, allow, remember) => void run("permission", { id, allow, remember }),
		pictureUrl: (reference) => known.current.get(reference),
		answerActions: (answerId) => ({
			store: (state) => void run("answer:state", { sessionId, transcriptId: answerId, context: state }),
			send: (stored) => void api.send(sessionId, stored, []).catch((err: Error) => setNotice(err.message)),
		}),
	};
	const attach = async (files: FileList | null) => {
		for (const f of Array.from(files ?? [])) {
			try {
				if (isPicture(f)) {
					const picture = await api.upload(f, sessionId);
					known.current.set(picture.reference, picture.url);
					setPictures((list) => [...list, picture]);
				} else {
					setNotice(`Uploading ${f.name}…`);
					const text = await uploadText(api, sessionId, f);
					setTexts((list) => [...list, text]);
				}
				setNotice("");
			} catch (err) {
				setNotice(`${f.name}: ${err instanceof Error ? err.message : String(err)}`);
			}
		}
		if (file.current) file.current.value = "";
	};
	const send = async () => {
		if (draft.trim() === "" && pictures.length === 0 && texts.length === 0) return;
		// a text file travels as the game's reference to its saved paste, after the typed text
		const typed =
			draft.trim() !== ""
				? draft
				: texts.length > 0
					? "Please read the attached file."
					: "What is in this picture?";
		const message = [typed, ...texts.map((t) => t.reference)].join("\n\n");
		try {
			const reply = await api.send(
				sessionId,
				message,
				pictures.map((p) => p.id),
			);
			setSent(reply.commandId);
			setDraft("");
			setPictures([]);
			setTexts([]);
			setNotice("");
		} catch (err) {
			setNotice(err instanceof Error ? err.message : String(err));
		}
	};
	return (
		<main className="conversation">
			<div className="transcript" aria-live="polite" data-testid="transcript">
				{items.length === 0 && (
					<p className="empty">{snapshot ? "No messages yet." : "Waiting for the game to connect…"}</p>
				)}
				{items.map((item) => (
					<Message key={item.key} item={item} context={context} />
				))}
				<div ref={bottom} />
			</div>
			{shownNotice !== "" && (
				<div className="notice error" role="alert" data-testid="composer-notice">
					{shownNotice}
				</div>
			)}
			<Waiting
				questions={(snapshot?.questions ?? []).filter((q) => q.sessionId === sessionId)}
				subagents={(snapshot?.subagents ?? []).filter((a) => a.sessionId === sessionId)}
				run={run}
			/>
			<div className="composer">
				{texts.length > 0 && (
					<div className="thumbs" aria-label="Attached files">
						{texts.map((t) => (
							<span key={t.reference} className="chip file">
								{t.name} ({t.bytes} bytes)
								<button
									aria-label={`Remove ${t.name}`}
									onClick={() => setTexts((list) => list.filter((x) => x !== t))}
								>
									×
								</button>
							</span>
						))}
					</div>
				)}
				{pictures.length > 0 && (
					<div className="thumbs">
						{pictures.map((p) => (
							<span key={p.id} className="thumb">
								<img src={p.url} alt={p.name} />
								<button
									aria-label={`Remove ${p.name}`}
									onClick={() => {
										setPictures((list) => list.filter((x) => x.id !== p.id));
										void api.removePicture(p.id).catch((err: Error) => onError(err.message));
									}}
								>
									×
								</button>
							</span>
						))}
					</div>
				)}
				<div className="row">
					<input
						ref={file}
						type="file"
						accept="image/png,image/jpeg,image/webp,text/*,.txt,.md,.lua,.luau,.json,.csv,.log"
						multiple
						hidden
						onChange={(e) => void attach(e.target.files)}
						data-testid="file"
					/>
					<button
						onClick={() => file.current?.click()}
						aria-label="Attach pictures or text files"
						title="Attach pictures (PNG, JPEG, WebP) or text files"
					>
						<svg
							width="18"
							height="18"
							viewBox="0 0 24 24"
							fill="none"
							stroke="currentColor"
							strokeWidth="2"
							aria-hidden="true"
						>
							<path d="M21 12.5l-8.6 8.6a5.5 5.5 0 01-7.8-7.8l9.2-9.2a3.7 3.7 0 015.2 5.2l-9.2 9.2a1.8 1.8 0 01-2.6-2.6l8.5-8.5" />
						</svg>
					</button>
					<textarea
						aria-label="Message"
						placeholder="Message the agent (Enter sends, Shift+Enter for a new line)"
						value={draft}
						rows={2}
						onChange={(e) => setDraft(e.target.value)}
						onKeyDown={(e) => {
							if (e.key === "Enter" && !e.shiftKey) {
								e.preventDefault();
								void send();
							}
							if (e.key === "Escape" && busy) void run("abort", { sessionId });
						}}
					/>
					{busy ? (
						<button className="danger" onClick={() => void run("abort", { sessionId })}>
							Stop
						</button>
					) : (
						<button className="primary" onClick={() => void send()} disabled={!snapshot}>
							Send
						</button>
					)}
				</div>
				<div className="status">{thread?.status ?? snapshot?.status ?? ""}</div>
			</div>
		</main>
	);
}
