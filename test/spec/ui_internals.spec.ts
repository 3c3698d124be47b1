/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Unit specs of UI LIB internals that are pure data: text limits, number rounding, colour text,
// config file names, palettes and contrast, window geometry, and virtual-list offsets.
import { djb2, validProfileName, windowFolder } from "ui-lib/config/files";
import { parseChannel, parseHex, toHex } from "ui-lib/core/color";
import { formatNumber, roundSignificant } from "ui-lib/core/numbers";
import { firstCharacter, truncateBytes } from "ui-lib/core/utf8-text";
import { computeGeometry, targetSize, type GeometryInput } from "ui-lib/layout/geometry";
import { buildPalette, contrast, onColor } from "ui-lib/theme/palette";
import { Offsets } from "ui-lib/virtual-list/offsets";

function geometry(overrides: Partial<GeometryInput>) {
	return computeGeometry({
		viewport: new Vector2(1280, 720),
		touch: false,
		textScale: 1,
		width: 780,
		height: 580,
		heightGiven: false,
		searchFocused: false,
		keyboardVisible: false,
		...overrides,
	});
}

export = () => {
	describe("UTF-8 limits", () => {
		it("cuts at a character boundary", () => {
			expect(truncateBytes("😀ab", 5)).to.equal("😀a");
			expect(truncateBytes("😀ab", 3)).to.equal("");
			expect(truncateBytes("abc", 3)).to.equal("abc");
			expect(truncateBytes(`${"a".rep(797)}😀`, 800)).to.equal("a".rep(797));
		});
		it("takes whole first characters", () => {
			expect(firstCharacter("Élan")).to.equal("É");
			expect(firstCharacter("")).to.equal("");
		});
	});

	describe("numbers", () => {
		it("rounds to 10 significant digits", () => {
			expect(roundSignificant(0.1 + 0.2)).to.equal(0.3);
			expect(roundSignificant(-1 + 14 * 0.1)).to.equal(0.4);
			expect(formatNumber(2.5)).to.equal("2.5");
			expect(formatNumber(100)).to.equal("100");
			expect(formatNumber(1 / 3)).to.equal("0.3333333333");
		});
	});

	describe("colour text", () => {
		it("formats and parses hex", () => {
			expect(toHex(Color3.fromRGB(235, 148, 117))).to.equal("#EB9475");
			expect(parseHex("#abc")).to.equal(Color3.fromRGB(0xaa, 0xbb, 0xcc));
			expect(parseHex(" 00ff00 ")).to.equal(Color3.fromRGB(0, 255, 0));
			expect(parseHex("#12345")).to.equal(undefined);
			expect(parseHex("#gg0000")).to.equal(undefined);
		});
		it("parses whole 0-255 channels", () => {
			expect(parseChannel("255")).to.equal(255);
			expect(parseChannel("256")).to.equal(undefined);
			expect(parseChannel("1.5")).to.equal(undefined);
			expect(parseChannel("-1")).to.equal(undefined);
		});
	});

	describe("config file names", () => {
		it("hashes window Ids with djb2", () => {
			expect(djb2("")).to.equal("00001505");
			expect(djb2("a")).to.equal("0002b606");
		});
		it("makes safe folders", () => {
			expect(windowFolder("my tool/../x")).to.equal(`ProjectUAI/UI/my_tool____x-${djb2("my tool/../x")}`);
			expect(windowFolder("x".rep(40)).size()).to.equal("ProjectUAI/UI/".size() + 32 + 9);
		});
		it("accepts only plain profile names", () => {
			expect(validProfileName("default")).to.equal(true);
			expect(validProfileName("a-b_c9")).to.equal(true);
			expect(validProfileName("../x")).to.equal(false);
			expect(validProfileName("")).to.equal(false);
			expect(validProfileName("a".rep(49))).to.equal(false);
			expect(validProfileName(5)).to.equal(false);
		});
	});

	describe("palettes", () => {
		it("derive Selected and AccentSoft", () => {
			const dark = buildPalette("Dark");
			expect(dark.Selected).to.equal(dark.Raised.Lerp(dark.Accent, 0.16));
			expect(dark.AccentSoft).to.equal(dark.Surface.Lerp(dark.Accent, 0.12));
			expect(dark.CustomAccent).to.equal(false);
		});
		it("meet the contrast floors with default and custom accents", () => {
			for (const name of ["Dark", "Light"] as const) {
				for (const accent of [
					undefined,
					new Color3(1, 1, 0),
					new Color3(0.1, 0.1, 0.6),
					new Color3(0.5, 0.5, 0.5),
				]) {
					const p = buildPalette(name, accent);
					expect(contrast(p.Text, p.Surface) >= 7).to.equal(true);
					expect(contrast(p.Muted, p.Input) >= 4.5).to.equal(true);
					expect(contrast(p.OnPrimary, p.Primary) >= 7).to.equal(true);
					expect(contrast(p.OnAccent, p.Accent) >= 4.5).to.equal(true);
				}
			}
		});
		it("pick black or white on an accent", () => {
			expect(onColor(new Color3(1, 1, 1))).to.equal(new Color3(0, 0, 0));
			expect(onColor(new Color3(0, 0, 0.3))).to.equal(new Color3(1, 1, 1));
		});
	});

	describe("window geometry", () => {
		it("keeps the preferred size on desktop, centred", () => {
			const g = geometry({});
			expect(g.size).to.equal(new Vector2(780, 580));
			expect(g.position).to.equal(new Vector2(250, 70));
			expect(g.compact).to.equal(false);
			expect(g.sidebarWidth).to.equal(196);
			expect(g.target).to.equal(40);
		});
		it("fills a touch phone's height when Height is omitted", () => {
			const g = geometry({ viewport: new Vector2(390, 786), touch: true });
			expect(g.size).to.equal(new Vector2(374, 770));
			expect(g.compact).to.equal(true);
			expect(g.profileVisible).to.equal(false);
			expect(g.pad).to.equal(12);
			expect(g.target).to.equal(44);
			expect(
				geometry({ viewport: new Vector2(390, 786), touch: true, height: 300, heightGiven: true }).size.Y,
			).to.equal(300);
		});
		it("is short (and compact) on a landscape phone", () => {
			const g = geometry({ viewport: new Vector2(844, 332), touch: true });
			expect(g.short).to.equal(true);
			expect(g.compact).to.equal(true);
			expect(g.headerHeight).to.equal(52);
			expect(g.stripHeight).to.equal(52);
			expect(g.subtitleVisible).to.equal(false);
		});
		it("stays above an on-screen keyboard", () => {
			const g = geometry({
				viewport: new Vector2(320, 510),
				availableHeight: 250,
				touch: true,
				keyboardVisible: true,
			});
			expect(g.position.Y + g.size.Y <= 250).to.equal(true);
			expect(g.searchVisible).to.equal(false);
			expect(g.stripHeight).to.equal(0);
		});
		it("clamps a dragged window into the safe rect", () => {
			const g = geometry({ dragged: new Vector2(-500, 5000) });
			expect(g.position).to.equal(new Vector2(16, 720 - 16 - 580));
		});
		it("grows targets with text scale", () => {
			expect(targetSize(false, 1.5)).to.equal(54);
			expect(targetSize(true, 1)).to.equal(44);
			expect(geometry({ textScale: 1.5 }).sidebarWidth).to.equal(math.floor(196 * 1.28));
		});
	});

	describe("virtual list offsets", () => {
		it("finds rows by position and keeps prefix sums", () => {
			const offsets = new Offsets();
			offsets.reset(5, 10);
			expect(offsets.total()).to.equal(50);
			expect(offsets.indexAt(0)).to.equal(0);
			expect(offsets.indexAt(25)).to.equal(2);
			expect(offsets.indexAt(999)).to.equal(4);
			expect(offsets.setHeight(1, 30)).to.equal(20);
			expect(offsets.isMeasured(1)).to.equal(true);
			expect(offsets.start(2)).to.equal(40);
			expect(offsets.total()).to.equal(70);
		});
		it("inserts and removes with estimates", () => {
			const offsets = new Offsets();
			offsets.reset(2, 10);
			offsets.insert(0, [5, 5]);
			expect(offsets.size()).to.equal(4);
			expect(offsets.start(2)).to.equal(10);
			expect(offsets.isMeasured(0)).to.equal(false);
			offsets.remove(0, 3);
			expect(offsets.size()).to.equal(1);
			expect(offsets.total()).to.equal(10);
			offsets.setEstimate(0, 12);
			expect(offsets.total()).to.equal(12);
			offsets.remeasure(() => 7);
			expect(offsets.total()).to.equal(7);
		});
		it("handles 10,000 rows", () => {
			const offsets = new Offsets();
			offsets.reset(10000, 44);
			expect(offsets.total()).to.equal(440000);
			expect(offsets.indexAt(439999)).to.equal(9999);
			offsets.setHeight(0, 88);
			expect(offsets.indexAt(88)).to.equal(1);
		});
	});
};
