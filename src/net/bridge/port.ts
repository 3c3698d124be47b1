// The providers' view of the web relay: whether a request goes through the bridge (it carries
// pictures, or the runtime is set to web, and a bridge is connected) and the relay send. Made
// before the bridge link exists (the providers are built first); the link is attached later.
import { HttpResult } from "../http";
import { BridgeLink } from "./link";
import { relaySend, RelaySpec } from "./relay";

export interface RelayPort {
	/** Whether a request with (or without) images goes through the relay. */
	readonly wants: (hasImages: boolean) => boolean;
	/** Whether picture references can reach a provider (a bridge is connected). */
	readonly imagesAvailable: () => boolean;
	/** The relay timeout in seconds (bridge.requestTimeout). */
	readonly timeout: () => number;
	readonly send: (spec: RelaySpec) => HttpResult;
}

export interface RelaySettings {
	readonly runtime: () => string;
	readonly timeout: () => number;
}

export function createRelayPort(): RelayPort & {
	readonly attach: (link: BridgeLink | undefined, settings: RelaySettings) => void;
} {
	let link: BridgeLink | undefined;
	let settings: RelaySettings | undefined;
	const connected = () => link !== undefined && link.connected();
	return {
		attach: (nextLink, nextSettings) => {
			link = nextLink;
			settings = nextSettings;
		},
		wants: (hasImages) => connected() && (hasImages || settings?.runtime() === "web"),
		imagesAvailable: connected,
		timeout: () => math.clamp(settings?.timeout() ?? 180, 10, 86400),
		send: (spec) =>
			link !== undefined
				? relaySend(link, spec)
				: {
						ok: false,
						status: 599,
						body: "",
						headers: {},
						failure: "transport",
						reason: "the browser bridge is not connected",
						attempts: 0,
						via: "web",
					},
	};
}
