// Packed module text for the client bundle (docs/BUILDING.md, "Packed modules"): an LZ77 pass that
// writes only bytes a Luau long string carries as they are, so the bundle stays a text file and
// each module unpacks on its own (on first require, before loadstring). Format:
//   <decoded byte count> ":" then literal bytes, except "!" which starts an escape:
//   "!!" is a literal "!"; "!" c d... copies `length` bytes from `distance` back in the output,
//   where c = tier * 31 + (length - 4 - tier) and the distance - 1 follows in tier + 1 base-93
//   digits (least significant first), each digit a byte 34..126. Tier 0: distance < 94, length
//   4..34; tier 1: < 93^2 + 1, 5..35; tier 2: < 93^3 + 1, 6..36.
// Its decoder is scripts/bundle/unpack.luau, which the bundle runtime carries; the bundler checks
// with that decoder (in Lune) that every module unpacks to exactly its text, or fails the build.
const ESCAPE = 33; // "!"
const BASE = 93;
const TIERS = [BASE, BASE ** 2, BASE ** 3]; // largest distance per tier
const CHAIN = 96; // candidate positions looked at per byte
const digit = (value) => 34 + value;
const tierOf = (distance) => (distance <= TIERS[0] ? 0 : distance <= TIERS[1] ? 1 : 2);
const costOf = (distance) => 3 + tierOf(distance);

/**
 * @param {string} text module text (UTF-8)
 * @returns {string} the packed text
 */
export function pack(text) {
	const s = Buffer.from(text, "utf8");
	const n = s.length;
	const head = new Map();
	const prev = new Int32Array(n).fill(-1);
	const key = (i) => s[i] | (s[i + 1] << 8) | (s[i + 2] << 16) | (s[i + 3] << 24);
	const insert = (i) => {
		if (i + 3 >= n) return;
		const k = key(i);
		const h = head.get(k);
		prev[i] = h === undefined ? -1 : h;
		head.set(k, i);
	};
	// the longest match at i worth its escape: [length, distance] or null
	// a match starts and ends on a character boundary, so the packed text is valid UTF-8 too
	const inside = (i) => i < n && (s[i] & 0xc0) === 0x80;
	const best = (i) => {
		if (i + 3 >= n || inside(i)) return null;
		let p = head.get(key(i));
		let bestLength = 0;
		let bestDistance = 0;
		for (let depth = 0; p !== undefined && p >= 0 && depth < CHAIN; depth++, p = prev[p]) {
			const distance = i - p;
			if (distance > TIERS[2]) break;
			const tier = tierOf(distance);
			const max = Math.min(n - i, 34 + tier);
			let length = 0;
			while (length < max && s[p + length] === s[i + length]) length++;
			while (length > 0 && inside(i + length)) length--;
			if (length < 4 + tier) continue;
			if (length - costOf(distance) > bestLength - (bestDistance ? costOf(bestDistance) : 0)) {
				bestLength = length;
				bestDistance = distance;
			}
		}
		return bestLength ? [bestLength, bestDistance] : null;
	};
	const out = [...Buffer.from(`${n}:`)];
	let i = 0;
	while (i < n) {
		let match = best(i);
		if (match) {
			// one byte of lookahead: a literal now may allow a better match next
			const next = best(i + 1);
			if (next && next[0] - costOf(next[1]) > match[0] - costOf(match[1]) + 1) match = null;
		}
		if (!match) {
			if (s[i] === ESCAPE) out.push(ESCAPE, ESCAPE);
			else out.push(s[i]);
			insert(i);
			i++;
			continue;
		}
		const [length, distance] = match;
		const tier = tierOf(distance);
		out.push(ESCAPE, digit(tier * 31 + (length - 4 - tier)));
		let rest = distance - 1;
		for (let k = 0; k <= tier; k++) {
			out.push(digit(rest % BASE));
			rest = Math.floor(rest / BASE);
		}
		for (let k = 0; k < length; k++) insert(i + k);
		i += length;
	}
	const bytes = Buffer.from(out);
	const packed = bytes.toString("utf8");
	if (!Buffer.from(packed, "utf8").equals(bytes)) throw new Error("pack: output is not valid UTF-8 (internal error)");
	return packed;
}
