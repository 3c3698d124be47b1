/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Bridge image references: the send-time check (shape, count, duplicates, then the reattach
// instruction, since no bridge resolves them here) and the history the provider receives (image
// parts become unavailable-image text, the saved messages are not changed).
import { unavailableImageText, userContent, withoutUnavailableImages } from "agent/conversation/image_history";
import type { Message } from "provider/protocols/types";
import { CheckedImages, checkImages, IMAGES_PER_MESSAGE, isImageReference } from "runtime/attachments_images";

const REF = `uai-image://pic_a1/${string.rep("0f", 32)}`;

function has(text: unknown, part: string): boolean {
	return typeIs(text, "string") && string.find(text, part, 1, true)[0] !== undefined;
}

export = () => {
	describe("image references", () => {
		it("knows the bridge's shape", () => {
			expect(isImageReference(REF)).to.equal(true);
			expect(isImageReference(`uai-image://pic_a1/${string.rep("0f", 31)}`)).to.equal(false);
			expect(isImageReference(`uai-image://pic_a1/${string.rep("0g", 32)}`)).to.equal(false);
			expect(isImageReference(`uai-image://pic_${string.rep("x", 120)}/${string.rep("0f", 32)}`)).to.equal(false);
			expect(isImageReference("rbxassetid://1")).to.equal(false);
			expect(isImageReference(5)).to.equal(false);
		});

		const cases: Array<[string, unknown, string | undefined]> = [
			["no images", undefined, undefined],
			["an empty list", [], undefined],
			["a string", REF, "must be a list"],
			["a map", { a: REF }, "must be a list"],
			["a URL", ["https://example.com/a.png"], "only references issued by the browser bridge"],
			["base64", ["iVBORw0KGgo="], "only references issued by the browser bridge"],
			["a duplicate", [REF, REF], "attached twice"],
			["a duplicate with a type", [REF, { reference: REF, mediaType: "image/png" }], "attached twice"],
			[
				"an entry without a reference",
				[{ mediaType: "image/png" }],
				"only references issued by the browser bridge",
			],
			[
				"an entry of another type",
				[{ reference: REF, mediaType: "image/gif" }],
				"image/png, image/jpeg or image/webp",
			],
			["one reference", [REF], "attach it again"],
		];
		for (const [label, images, part] of cases)
			it(`checks ${label}`, () => {
				const reason = checkImages(images, false);
				if (part === undefined) expect(reason).to.equal(undefined);
				else expect(has(reason, part)).to.equal(true);
			});

		it(`allows at most ${IMAGES_PER_MESSAGE} per message`, () => {
			const list = new Array<string>();
			for (let i = 1; i <= IMAGES_PER_MESSAGE + 1; i++) list.push(`uai-image://pic_${i}/${string.rep("ab", 32)}`);
			expect(has(checkImages(list, true), "at most 8")).to.equal(true);
			list.pop();
			expect(has(checkImages(list, false), "attach it again")).to.equal(true);
			const checked = checkImages(list, true) as CheckedImages;
			expect(checked.references.size()).to.equal(IMAGES_PER_MESSAGE);
		});

		it("accepts valid references when a bridge is connected, and still checks their shape", () => {
			const bare = checkImages([REF], true) as CheckedImages;
			expect(bare.references[0]).to.equal(REF);
			expect(bare.mediaTypes[0]).to.equal("image/*");
			const typed = checkImages([{ reference: REF, mediaType: "image/webp" }], true) as CheckedImages;
			expect(typed.references[0]).to.equal(REF);
			expect(typed.mediaTypes[0]).to.equal("image/webp");
			expect(has(checkImages(["iVBORw0KGgo="], true), "only references issued by the browser bridge")).to.equal(
				true,
			);
			expect(has(checkImages([REF, REF], true), "attached twice")).to.equal(true);
		});
	});

	describe("images in new messages", () => {
		it("carry the type the sender named, else image/*", () => {
			const content = userContent({
				text: "Look:",
				images: [REF, `uai-image://pic_b2/${string.rep("ab", 32)}`],
				imageTypes: ["image/jpeg", "image/*"],
			}) as unknown as Array<{ type: string; mediaType?: string; data?: string }>;
			expect(content.size()).to.equal(3);
			expect(content[1].mediaType).to.equal("image/jpeg");
			expect(content[1].data).to.equal(REF);
			expect(content[2].mediaType).to.equal("image/*");
			const untyped = userContent({ text: "x", images: [REF] }) as unknown as Array<{ mediaType?: string }>;
			expect(untyped[1].mediaType).to.equal("image/*");
			expect(userContent({ text: "plain" })).to.equal("plain");
		});
	});

	describe("images in older history", () => {
		it("become unavailable-image text and leave the saved messages alone", () => {
			const parts = [
				{ type: "text" as const, text: "Look:" },
				{ type: "image" as const, mediaType: "image/png", data: REF },
			];
			const history: Array<Message> = [
				{ role: "user", content: parts },
				{ role: "assistant", content: "A cat." },
				{ role: "user", content: "plain" },
			];
			const sent = withoutUnavailableImages(history);
			expect(sent.size()).to.equal(3);
			const first = sent[0].content as string;
			expect(typeIs(first, "string")).to.equal(true);
			expect(has(first, "Look:")).to.equal(true);
			expect(has(first, `[Image no longer available: the image ${REF}`)).to.equal(true);
			expect(sent[1]).to.equal(history[1]);
			expect(sent[2]).to.equal(history[2]);
			expect(history[0].content).to.equal(parts);
			expect(parts[1].data).to.equal(REF);
		});

		it("never repeats data that is not a reference", () => {
			const text = unavailableImageText({ type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" });
			expect(has(text, "an image was attached")).to.equal(true);
			expect(has(text, "iVBOR")).to.equal(false);
			expect(has(unavailableImageText(undefined), "Image no longer available")).to.equal(true);
		});
	});
};
