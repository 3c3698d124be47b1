// Text and reasoning deltas from one streamed provider event, in any of the four protocols. Only
// for previews: tools, signatures and usage are read by the game from the complete response.
type Json = Record<string, unknown>;

export interface Delta {
	text: string;
	reasoning: string;
}

const obj = (v: unknown): Json => (typeof v === "object" && v !== null ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export function deltaOf(data: string): Delta {
	const out: Delta = { text: "", reasoning: "" };
	let event: Json;
	try {
		event = obj(JSON.parse(data));
	} catch {
		return out;
	}
	// Chat Completions: choices[].delta.content / reasoning_content / reasoning
	for (const choice of Array.isArray(event.choices) ? event.choices : []) {
		const delta = obj(obj(choice).delta);
		out.text += str(delta.content);
		out.reasoning += str(delta.reasoning_content) || str(delta.reasoning);
	}
	// Anthropic Messages: content_block_delta with text_delta / thinking_delta
	if (event.type === "content_block_delta") {
		const delta = obj(event.delta);
		out.text += str(delta.text);
		out.reasoning += str(delta.thinking);
	}
	// Responses: output text and reasoning summary deltas
	if (event.type === "response.output_text.delta") out.text += str(event.delta);
	if (event.type === "response.reasoning_summary_text.delta" || event.type === "response.reasoning_text.delta")
		out.reasoning += str(event.delta);
	// Gemini: candidates[].content.parts[] (thought: true is reasoning)
	for (const candidate of Array.isArray(event.candidates) ? event.candidates : []) {
		const parts = obj(obj(candidate).content).parts;
		for (const part of Array.isArray(parts) ? parts : []) {
			const p = obj(part);
			if (p.thought === true) out.reasoning += str(p.text);
			else out.text += str(p.text);
		}
	}
	return out;
}
