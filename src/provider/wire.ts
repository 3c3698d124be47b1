// Per-protocol wire facts shared by discovery and the adapters: where the model list and the
// inference endpoint live under a base URL, and the headers each vendor's documentation requires.
import { HeaderMap } from "../net/headers";
import { encodeComponent } from "../net/url";
import { Protocol } from "./record";

export interface InferenceRoute {
	readonly path: string;
	readonly query?: ReadonlyMap<string, string>;
}

export interface WireFacts {
	/** The model list, relative to the base URL. */
	readonly modelsPath: string;
	/** Headers the vendor's API documentation requires on every request. */
	readonly headers: HeaderMap;
	readonly inference: (model: string, stream: boolean) => InferenceRoute;
}

const SSE_QUERY: ReadonlyMap<string, string> = new Map([["alt", "sse"]]);

export const WIRE: { readonly [protocol in Protocol]: WireFacts } = {
	openai: { modelsPath: "/models", headers: {}, inference: () => ({ path: "/chat/completions" }) },
	// https://platform.claude.com/docs/en/api/models-list: anthropic-version on every request
	anthropic: {
		modelsPath: "/models",
		headers: { "anthropic-version": "2023-06-01" },
		inference: () => ({ path: "/messages" }),
	},
	// https://ai.google.dev/api/generate-content: the model is in the path; SSE needs alt=sse
	gemini: {
		modelsPath: "/models",
		headers: {},
		inference: (model, stream) =>
			stream
				? { path: `/models/${encodeComponent(model)}:streamGenerateContent`, query: SSE_QUERY }
				: { path: `/models/${encodeComponent(model)}:generateContent` },
	},
};
