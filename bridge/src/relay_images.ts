// Swaps picture references for image content in a provider request body, in the shape of its
// protocol: Chat Completions `image_url` data URLs, Anthropic Messages base64 `image` blocks,
// Gemini `inlineData`, Responses `input_image`. Only image blocks are expanded, never text.
// A picture the bridge no longer holds in an earlier user turn becomes an explicit notice text;
// one in the latest user turn refuses the whole request with a reattach instruction.
import { parseReference, PictureStore, Resolved } from "./pictures";

type Json = Record<string, unknown>;

export class ImageRefusal extends Error {}

/** One image block found in a body: where its reference is and how to rewrite it. */
interface Slot {
	readonly reference: string;
	readonly turn: number;
	readonly set: (mediaType: string, base64: string) => void;
	readonly toText: (text: string) => void;
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The reference inside a data URL or bare value, when it is one. */
function referenceIn(value: unknown): string | undefined {
	if (typeof value !== "string") return undefined;
	const bare = value.replace(/^data:[^;,]*;base64,/, "");
	return parseReference(bare) ? bare : undefined;
}

function lastUserTurn(body: Json): number {
	let last = -1;
	for (const key of ["messages", "contents", "input"])
		list(body[key]).forEach((item, turn) => {
			if (isObject(item) && item.role === "user") last = Math.max(last, turn);
		});
	return last;
}

function collect(body: Json): Slot[] {
	const slots: Slot[] = [];
	// Chat Completions (messages[].content[]) and Anthropic Messages share the messages list
	list(body.messages).forEach((message, turn) => {
		if (!isObject(message) || message.role !== "user") return;
		const parts = list(message.content);
		parts.forEach((part, index) => {
			if (!isObject(part)) return;
			if (part.type === "image_url") {
				const holder = isObject(part.image_url) ? part.image_url : undefined;
				const reference = referenceIn(holder ? holder.url : part.image_url);
				if (!reference) return;
				slots.push({
					reference,
					turn,
					set: (mediaType, data) => {
						parts[index] = {
							type: "image_url",
							image_url: { ...(holder ?? {}), url: `data:${mediaType};base64,${data}` },
						};
					},
					toText: (text) => (parts[index] = { type: "text", text }),
				});
			} else if (part.type === "image" && isObject(part.source)) {
				const reference = referenceIn(part.source.data);
				if (!reference) return;
				slots.push({
					reference,
					turn,
					set: (mediaType, data) => {
						parts[index] = { ...part, source: { type: "base64", media_type: mediaType, data } };
					},
					toText: (text) => (parts[index] = { type: "text", text }),
				});
			}
		});
	});
	// Gemini: contents[].parts[].inlineData
	list(body.contents).forEach((content, turn) => {
		if (!isObject(content) || content.role !== "user") return;
		const parts = list(content.parts);
		parts.forEach((part, index) => {
			if (!isObject(part) || !isObject(part.inlineData)) return;
			const reference = referenceIn(part.inlineData.data);
			if (!reference) return;
			slots.push({
				reference,
				turn,
				set: (mimeType, data) => (parts[index] = { inlineData: { mimeType, data } }),
				toText: (text) => (parts[index] = { text }),
			});
		});
	});
	// Responses: input[].content[] with input_image
	list(body.input).forEach((item, turn) => {
		if (!isObject(item) || item.role !== "user") return;
		const parts = list(item.content);
		parts.forEach((part, index) => {
			if (!isObject(part) || part.type !== "input_image") return;
			const reference = referenceIn(part.image_url);
			if (!reference) return;
			slots.push({
				reference,
				turn,
				set: (mediaType, data) => (parts[index] = { ...part, image_url: `data:${mediaType};base64,${data}` }),
				toText: (text) => (parts[index] = { type: "input_text", text }),
			});
		});
	});
	return slots;
}

const unavailable = (reference: string) =>
	`[Image no longer available: the image ${reference} was attached in an earlier turn through the browser bridge, which no longer holds it. Ask the user to attach it again if it is still needed.]`;

function refusal(reference: string, resolved: Exclude<Resolved, { ok: true }>, idleMinutes: number): string {
	if (resolved.why === "foreign")
		return `The image ${reference} belongs to another conversation; attach it again in this conversation.`;
	if (resolved.why === "changed")
		return `The image ${reference} does not match the picture the bridge holds; attach it again.`;
	return `The image ${reference} is no longer held by the bridge (expired after ${idleMinutes} idle minutes, deleted, or the bridge restarted); attach it again in the browser.`;
}

/** Rewrites `body` in place; returns how many images were expanded. Throws ImageRefusal. */
export function expandImages(body: Json, sessionId: string, store: PictureStore): number {
	const slots = collect(body);
	if (slots.length === 0) return 0;
	const latest = lastUserTurn(body);
	let expanded = 0;
	for (const slot of slots) {
		const resolved = store.resolve(slot.reference, sessionId);
		if (resolved.ok) {
			slot.set(resolved.picture.mediaType, resolved.picture.bytes.toString("base64"));
			expanded += 1;
		} else if (slot.turn === latest || resolved.why === "foreign") {
			throw new ImageRefusal(refusal(slot.reference, resolved, store.idleSeconds / 60));
		} else slot.toText(unavailable(slot.reference));
	}
	return expanded;
}
