// Bridge image references (the fourth `session.send` argument, request `images`). The browser
// bridge issues `uai-image://pic_<id>/<64 hex>` references for uploaded pictures and swaps in the
// bytes immediately before dispatch; Lua never holds image bytes. A connected bridge
// (client/bridge, `uai.bridge`) resolves them; without one a send that carries images is refused
// with a reattach instruction, and image parts already in a conversation's history are sent as
// explicit unavailable-image text (agent/conversation/image_history.ts).

export const IMAGES_PER_MESSAGE = 8;
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

/** Why a send's `images` argument cannot be sent, or undefined when it can (or carries none).
 * `available`: a browser bridge is connected, which resolves the references at dispatch. */
export function checkImages(images: unknown, available: boolean): string | undefined {
	if (images === undefined) return undefined;
	if (!typeIs(images, "table") || !isList(images))
		return "images must be a list of bridge image references (uai-image://...)";
	const list = images as Array<unknown>;
	if (list.isEmpty()) return undefined;
	if (list.size() > IMAGES_PER_MESSAGE) return `at most ${IMAGES_PER_MESSAGE} images can be attached to one message`;
	const seen = new Set<string>();
	for (const ref of list) {
		if (!isImageReference(ref))
			return "images accepts only references issued by the browser bridge (uai-image://pic_<id>/<64 hex digits>), not asset ids, paths, URLs or base64 data";
		if (seen.has(ref)) return `the image ${ref} is attached twice`;
		seen.add(ref);
	}
	if (available) return undefined;
	return `the image ${list[0] as string} is not available in this client (the browser bridge is not connected); attach it again through the browser`;
}
