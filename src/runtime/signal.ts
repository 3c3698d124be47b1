// Public signals: `signal:connect(fn)` returns a function that unsubscribes. Handlers run
// synchronously, in connection order, inside the call that fires. Written by hand because
// BindableEvent-based signals (@rbxts/signal) deliver asynchronously under Roblox's Deferred
// SignalBehavior, and our callers rely on a handler having run when `fire` returns.

/** Removes one subscription; calling it again does nothing. */
export type Unsubscribe = () => void;

/**
 * What hosts see: `signal:connect(fn)` (a dot call `signal.connect(fn)` works too). Given anything
 * but a function it subscribes nothing and never raises: it returns an unsubscribe function that
 * does nothing, and the reason as a second value.
 */
export interface Signal<A extends Array<unknown>> {
	connect(handler: (...args: A) => void): Unsubscribe;
}

const NOTHING_TO_UNSUBSCRIBE: Unsubscribe = () => {};

function refused(reason: string): LuaTuple<[Unsubscribe, string]> {
	return $tuple(NOTHING_TO_UNSUBSCRIBE, reason);
}

/** The owner's side: fires, counts and clears; never handed to hosts. */
export interface SignalSource<A extends Array<unknown>> {
	readonly signal: Signal<A>;
	fire: (...args: A) => void;
	count: () => number;
	clear: () => void;
}

/** Receives a handler's error (with traceback) and the signal's name. */
export type HandlerErrorSink = (message: string, signalName: string) => void;

interface Connection<A extends Array<unknown>> {
	readonly handler: (...args: A) => void;
	connected: boolean;
}

function traceback(err: unknown): string {
	return debug.traceback(tostring(err), 2);
}

/**
 * A new signal named `name` (used in error reports). A handler that errors is reported to
 * `onHandlerError` and the remaining handlers still run. Connecting or unsubscribing while the
 * signal fires is safe: a handler connected during a fire first runs on the next fire; one
 * unsubscribed during a fire does not run afterwards.
 */
export function createSignal<A extends Array<unknown>>(
	name: string,
	onHandlerError: HandlerErrorSink,
): SignalSource<A> {
	// Copy-on-write list: a fire iterates the array it started with.
	let connections: ReadonlyArray<Connection<A>> = [];

	const disconnect = (connection: Connection<A>) => {
		if (!connection.connected) return;
		connection.connected = false;
		connections = connections.filter((c) => c !== connection);
	};

	const signal: Signal<A> = {
		connect(handler) {
			// `signal.connect(fn)` arrives with the handler in the self position.
			const fn: unknown = handler !== undefined ? handler : this;
			if (!typeIs(fn, "function")) {
				const reason = `${name}: connect expects a function, got ${typeOf(fn)}`;
				return refused(reason) as unknown as Unsubscribe;
			}
			const connection: Connection<A> = { handler: fn as (...args: A) => void, connected: true };
			connections = [...connections, connection];
			return () => disconnect(connection);
		},
	};

	return {
		signal: table.freeze(signal),
		fire: (...args: A) => {
			for (const connection of connections) {
				if (!connection.connected) continue;
				const [ok, message] = xpcall(connection.handler, traceback, ...args);
				if (!ok) onHandlerError(message, name);
			}
		},
		count: () => connections.size(),
		clear: () => {
			for (const connection of connections) connection.connected = false;
			connections = [];
		},
	};
}
