// `--map-host HOST=http://127.0.0.1:PORT`: relay requests for HOST go to that loopback origin
// instead (path and query kept), like curl's --connect-to: for a local proxy in front of a
// provider, or a test server standing in for one. Only loopback targets are accepted, so the
// option cannot turn the bridge into a forwarder to other machines.
export type HostMap = ReadonlyMap<string, URL>;

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Parses the option's values; throws with a readable reason. */
export function parseHostMap(values: readonly string[]): HostMap {
	const map = new Map<string, URL>();
	for (const value of values) {
		const at = value.indexOf("=");
		const host = value.slice(0, at).trim().toLowerCase();
		if (at <= 0 || host === "" || /[/:\s]/.test(host))
			throw new Error(`--map-host ${value}: expected HOST=http://127.0.0.1:PORT`);
		let target: URL;
		try {
			target = new URL(value.slice(at + 1));
		} catch {
			throw new Error(`--map-host ${value}: the target is not a URL`);
		}
		if (target.protocol !== "http:" || !LOOPBACK.has(target.hostname) || target.pathname !== "/")
			throw new Error(`--map-host ${value}: the target must be a loopback origin like http://127.0.0.1:8080`);
		map.set(host, target);
	}
	return map;
}

/** `url` with its origin replaced when its host is mapped. */
export function mapUrl(url: URL, map: HostMap): URL {
	const target = map.get(url.hostname.toLowerCase());
	if (target === undefined) return url;
	const mapped = new URL(url.pathname + url.search, target);
	return mapped;
}

/** A fetch that applies the map. */
export function mappedFetch(map: HostMap, base: typeof fetch = fetch): typeof fetch {
	if (map.size === 0) return base;
	return (input, init) => base(input instanceof URL ? mapUrl(input, map) : input, init);
}
