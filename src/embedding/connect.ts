// Connecting to a signal of either family: our signals (`signal:connect(fn)` returns a function
// that unsubscribes) and Roblox signals (`signal:Connect(fn)` returns a connection with
// `Disconnect`). Whatever the connect call returns is turned into one function that disconnects.

type Connected = LuaTuple<[() => void, undefined] | [undefined, string]>;

interface Connectable {
	connect?: unknown;
	Connect?: unknown;
}

function field(value: unknown, key: "connect" | "Connect"): unknown {
	const [ok, member] = pcall(() => (value as Connectable)[key]);
	return ok ? member : undefined;
}

/** A function that ends `connection` (an unsubscribe function or an object with Disconnect), or nil. */
function disconnecter(connection: unknown): (() => void) | undefined {
	if (typeIs(connection, "function")) return connection as () => void;
	if (typeIs(connection, "RBXScriptConnection")) return () => connection.Disconnect();
	if (!typeIs(connection, "table") && !typeIs(connection, "userdata")) return undefined;
	const [ok, method] = pcall(() => (connection as { Disconnect?: unknown }).Disconnect);
	if (!ok || !typeIs(method, "function")) return undefined;
	return () => (method as (target: unknown) => void)(connection);
}

/** Connects `handler` to `signal`; returns the function that disconnects, or nil and the reason. */
export function connectSignal(signal: unknown, handler: (...args: Array<unknown>) => void): Connected {
	let method: unknown;
	if (typeIs(signal, "RBXScriptSignal")) {
		method = (target: RBXScriptSignal, fn: Callback) => target.Connect(fn);
	} else if (typeIs(signal, "table") || typeIs(signal, "userdata")) {
		method = field(signal, "connect") ?? field(signal, "Connect");
	} else {
		return $tuple(undefined, `expected a signal, got a ${typeOf(signal)}`);
	}
	if (!typeIs(method, "function")) return $tuple(undefined, "the signal has no connect or Connect method");
	const [ok, connection] = pcall(method as (target: unknown, fn: unknown) => unknown, signal, handler);
	if (!ok) return $tuple(undefined, `connecting failed: ${tostring(connection)}`);
	const disconnect = disconnecter(connection);
	if (disconnect === undefined) return $tuple(undefined, "the signal's connect returned nothing that disconnects");
	return $tuple(disconnect, undefined);
}
