// The headers the bridge passes on when it sends a client's provider request (the web relay and the
// WebSocket gateway): the client's own, without the hop-by-hop ones (RFC 9110 §7.6.1) and those
// the bridge's HTTP client sets itself (host, length, encoding), and only text values.
const HOP_HEADERS = new Set([
	"host",
	"content-length",
	"connection",
	"transfer-encoding",
	"keep-alive",
	"upgrade",
	"accept-encoding",
]);

export function forwardedHeaders(headers: Record<string, unknown>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers))
		if (typeof value === "string" && !HOP_HEADERS.has(name.toLowerCase())) out[name] = value;
	return out;
}
