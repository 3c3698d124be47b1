// `node uai-bridge.js [--port 8790] [--token T] [--picture-idle-seconds 900] [--gateway-upstream URL]
// [--map-host HOST=http://127.0.0.1:PORT ...]`
// starts the bridge; `node uai-bridge.js gateway --upstream URL [--port 8791]` starts only the
// UAI WebSocket gateway. The token may also come from UAI_BRIDGE_TOKEN. docs: bridge/README.md.
import { parseArgs } from "node:util";
import { attachGateway, startGateway } from "./gateway";
import { parseHostMap } from "./host_map";
import { createBridge } from "./server";

declare const __UAI_PAGE__: string | undefined;
const page = typeof __UAI_PAGE__ === "string" ? __UAI_PAGE__ : undefined;

function usage(message: string): never {
	process.stderr.write(
		`${message}\nusage: node uai-bridge.js [--port 8790] [--token T] [--picture-idle-seconds 900] [--gateway-upstream URL] [--map-host HOST=http://127.0.0.1:PORT]\n       node uai-bridge.js gateway --upstream URL [--port 8791]\n`,
	);
	process.exit(2);
}

function portOf(value: string | undefined, fallback: number): number {
	if (value === undefined) return fallback;
	const port = Number(value);
	if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`bad port ${value}`);
	return port;
}

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	const gatewayOnly = argv[0] === "gateway";
	let parsed;
	try {
		parsed = parseArgs({
			args: gatewayOnly ? argv.slice(1) : argv,
			options: {
				port: { type: "string" },
				token: { type: "string" },
				upstream: { type: "string" },
				"gateway-upstream": { type: "string" },
				"picture-idle-seconds": { type: "string" },
				"map-host": { type: "string", multiple: true },
			},
		});
	} catch (err) {
		usage((err as Error).message);
	}
	const values = parsed.values;
	if (gatewayOnly) {
		if (values.upstream === undefined)
			usage("the gateway needs --upstream, the provider origin (e.g. https://api.openai.com)");
		const gateway = await startGateway({ port: portOf(values.port, 8791), upstream: values.upstream });
		process.stdout.write(`UAI gateway listening on ${gateway.url()} -> ${values.upstream}\n`);
		const stop = () => void gateway.close().then(() => process.exit(0));
		process.on("SIGINT", stop);
		process.on("SIGTERM", stop);
		return;
	}
	const idle = values["picture-idle-seconds"] === undefined ? 900 : Number(values["picture-idle-seconds"]);
	if (!Number.isFinite(idle) || idle < 1) usage("--picture-idle-seconds takes a positive number");
	const token = values.token ?? process.env.UAI_BRIDGE_TOKEN ?? undefined;
	if (token !== undefined && token.length < 16) usage("a bridge token has at least 16 characters");
	let hostMap;
	try {
		hostMap = parseHostMap(values["map-host"] ?? []);
	} catch (err) {
		usage((err as Error).message);
	}
	const bridge = await createBridge({
		port: portOf(values.port, 8790),
		token,
		pictureIdleSeconds: idle,
		hostMap,
		page,
	});
	const upstream = values["gateway-upstream"];
	if (upstream !== undefined) attachGateway(bridge.app.server, new URL(upstream), "/gateway");
	const ws = bridge.url().replace("http://", "ws://");
	process.stdout.write(
		[
			`UAI bridge listening on ${bridge.url()}`,
			`token: ${bridge.token}`,
			`browser: ${bridge.url()}#token=${bridge.token}`,
			...(upstream !== undefined ? [`gateway: ${ws}gateway -> ${upstream}`] : []),
			'In the game: uai.bridge.connect({ token = "<token>", port = <port> }) or paste the token in Settings.',
			"",
		].join("\n"),
	);
	const stop = () => void bridge.close().then(() => process.exit(0));
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
}

void main().catch((err) => {
	process.stderr.write(`uai-bridge: ${(err as Error).message}\n`);
	process.exit(1);
});
