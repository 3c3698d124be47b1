// Bridge image references (the fourth `session.send` argument, request `images`). The browser
// bridge issues `uai-image://pic_<id>/<64 hex>` references for uploaded pictures and swaps in the
// bytes immediately before dispatch; Lua never holds image bytes. A connected bridge
// (client/bridge, `uai.bridge`) resolves them; without one a send that carries images is refused
// with a reattach instruction, and image parts already in a conversation's history are sent as
// explicit unavailable-image text (agent/conversation/image_history.ts).

export const IMAGES_PER_MESSAGE = 8;
/** The picture types the bridge accepts; an entry may name its type (the bridge's send does). */
export const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp"]);
/** The media type history records for a bare reference, whose type only the bridge knows. */
export const UNKNOWN_IMAGE_TYPE = "image/*";
const REFERENCE_LIMIT = 200;
const IMAGE_PATTERN = `^uai%-image://pic_[%w_%-]+/${string.rep("%x", 64)}$`;

/** Whether `value` has the shape of a reference the bridge issues. */
export function isImageReference(value: unknown): value is string {
	return (
		typeIs(value, "string") && value.size() <= REFERENCE_LIMIT && string.find(value, IMAGE_PATTERN)[0] !== undefined
	);
}

function isList(value: object): boolean {
	let count = 0;
	for (const [key] of pairs(value)) {
		if (!typeIs(key, "number")) return false;
		count += 1;
	}
	return count === (value as Array<unknown>).size();
}

/** A send's images: the references and, for each, its media type ("image/*" when not given). */
export interface CheckedImages {
	readonly references: ReadonlyArray<string>;
	readonly mediaTypes: ReadonlyArray<string>;
}

const NOT_A_REFERENCE =
	"images accepts only references issued by the browser bridge (uai-image://pic_<id>/<64 hex digits>), not asset ids, paths, URLs or base64 data";

/** One entry: a reference, or `{ reference, mediaType }` with a PNG, JPEG or WebP type. */
function entryOf(entry: unknown): LuaTuple<[string, string] | [undefined, string]> {
	if (isImageReference(entry)) return $tuple(entry, UNKNOWN_IMAGE_TYPE);
	if (!typeIs(entry, "table")) return $tuple(undefined, NOT_A_REFERENCE);
	const { reference, mediaType } = entry as { reference?: unknown; mediaType?: unknown };
	if (!isImageReference(reference)) return $tuple(undefined, NOT_A_REFERENCE);
	if (mediaType === undefined) return $tuple(reference, UNKNOWN_IMAGE_TYPE);
	if (!typeIs(mediaType, "string") || !IMAGE_TYPES.has(mediaType))
		return $tuple(
			undefined,
			`the image ${reference} has mediaType ${tostring(mediaType)}: image/png, image/jpeg or image/webp`,
		);
	return $tuple(reference, mediaType);
}

/**
 * A send's `images` argument checked: undefined when it carries none, else the references with
 * their types, or why it cannot be sent. `available`: a browser bridge is connected, which
 * resolves the references at dispatch.
 */
export function checkImages(images: unknown, available: boolean): CheckedImages | string | undefined {
	if (images === undefined) return undefined;
	if (!typeIs(images, "table") || !isList(images))
		return "images must be a list of bridge image references (uai-image://...)";
	const list = images as Array<unknown>;
	if (list.isEmpty()) return undefined;
	if (list.size() > IMAGES_PER_MESSAGE) return `at most ${IMAGES_PER_MESSAGE} images can be attached to one message`;
	const references = new Array<string>();
	const mediaTypes = new Array<string>();
	for (const entry of list) {
		const [reference, typeOrWhy] = entryOf(entry);
		if (reference === undefined) return typeOrWhy;
		if (references.includes(reference)) return `the image ${reference} is attached twice`;
		references.push(reference);
		mediaTypes.push(typeOrWhy);
	}
	if (available) return { references, mediaTypes };
	return `the image ${references[0]} is not available in this client (the browser bridge is not connected); attach it again through the browser`;
}
