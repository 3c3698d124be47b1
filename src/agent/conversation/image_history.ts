// Image parts in a conversation's history as the provider receives them. History keeps the bridge's
// references (never bytes); without a bridge to resolve them (runtime/attachments_images.ts) an
// image from an earlier turn has expired for this client, so it is sent as an explicit notice
// instead of a broken image block, and later text turns proceed. Saved history is unchanged.
import type { Message, UserPart } from "../../provider/protocols/types";
import { isImageReference, UNKNOWN_IMAGE_TYPE } from "../../runtime/attachments_images";

/** The text that stands for an image the bridge no longer holds. */
export function unavailableImageText(part: unknown): string {
	const data = typeIs(part, "table") ? (part as { data?: unknown }).data : undefined;
	const which = isImageReference(data) ? `the image ${data}` : "an image";
	return (
		`[Image no longer available: ${which} was attached in an earlier turn through the browser bridge, ` +
		`which no longer holds it. Ask the user to attach it again if it is still needed.]`
	);
}

function isText(part: unknown): part is UserPart & { type: "text" } {
	const p = part as { type?: unknown; text?: unknown };
	return typeIs(part, "table") && p.type === "text" && typeIs(p.text, "string");
}

/**
 * A user message's content: the text alone, or the text and one image part per bridge reference,
 * with the type the sender named (the bridge's send names the upload's type), else "image/*".
 */
export function userContent(prepared: {
	readonly text: string;
	readonly images?: ReadonlyArray<string>;
	readonly imageTypes?: ReadonlyArray<string>;
}): Message["content"] {
	if (prepared.images === undefined || prepared.images.isEmpty()) return prepared.text;
	const parts = new Array<UserPart>();
	parts.push({ type: "text", text: prepared.text });
	prepared.images.forEach((ref, i) =>
		parts.push({ type: "image", mediaType: prepared.imageTypes?.[i] ?? UNKNOWN_IMAGE_TYPE, data: ref }),
	);
	return parts;
}

/** `messages` with every user message's image parts replaced by unavailable-image text. */
export function withoutUnavailableImages(messages: ReadonlyArray<Message>): Array<Message> {
	return messages.map((message) => {
		if (message.role !== "user" || typeIs(message.content, "string")) return message;
		const texts = new Array<string>();
		for (const part of message.content as ReadonlyArray<unknown>)
			texts.push(isText(part) ? part.text : unavailableImageText(part));
		return { role: "user", content: texts.join("\n\n") };
	});
}
