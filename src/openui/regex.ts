// A small backtracking regular-expression matcher for the `pattern` and `email` validation rules
// (Lua patterns lack alternation, groups and counted repeats): literals, `.`, classes `[...]`
// with ranges and negation, `\d \w \s \D \W \S`, anchors `^ $`, groups `( )` and `(?: )`,
// alternation `|`, and the quantifiers `* + ? {n} {n,} {n,m}` (greedy). No flags. Hand-written
// because no Luau regex library ships with the client.

type Atom = { k: "char"; test: (c: string) => boolean } | { k: "group"; alts: Seq[] } | { k: "start" } | { k: "end" };
interface Piece {
	atom: Atom;
	min: number;
	max: number;
}
type Seq = Piece[];

const CLASSES: Record<string, (c: string) => boolean> = {
	d: (c) => string.match(c, "^%d$")[0] !== undefined,
	w: (c) => string.match(c, "^[%w_]$")[0] !== undefined,
	s: (c) => string.match(c, "^%s$")[0] !== undefined,
};

function escapeTest(e: string): (c: string) => boolean {
	const lower = string.lower(e);
	const base = CLASSES[lower];
	if (base !== undefined) return lower === e ? base : (c) => !base(c);
	const literal = e === "n" ? "\n" : e === "t" ? "\t" : e === "r" ? "\r" : e;
	return (c) => c === literal;
}

class Compiler {
	i = 1;
	constructor(readonly src: string) {}
	peek(): string {
		return string.sub(this.src, this.i, this.i);
	}
	alternation(): Seq[] {
		const alts: Seq[] = [this.sequence()];
		while (this.peek() === "|") {
			this.i++;
			alts.push(this.sequence());
		}
		return alts;
	}
	sequence(): Seq {
		const seq: Seq = [];
		while (this.i <= this.src.size() && this.peek() !== "|" && this.peek() !== ")") {
			const atom = this.atom();
			const [min, max] = this.quantifier();
			seq.push({ atom, min, max });
		}
		return seq;
	}
	quantifier(): LuaTuple<[number, number]> {
		const c = this.peek();
		if (c === "*") return this.advance(0, math.huge);
		if (c === "+") return this.advance(1, math.huge);
		if (c === "?") return this.advance(0, 1);
		if (c === "{") {
			const [a, comma, b, close] = string.match(this.src, "^{(%d*)(,?)(%d*)(})", this.i) as LuaTuple<
				[string?, string?, string?, string?]
			>;
			if (close !== undefined && a !== undefined && a !== "") {
				this.i += 2 + a.size() + (comma ?? "").size() + (b ?? "").size();
				const min = tonumber(a)!;
				const max = comma === "" ? min : b === "" ? math.huge : tonumber(b)!;
				return $tuple(min, max);
			}
		}
		return $tuple(1, 1);
	}
	advance(min: number, max: number): LuaTuple<[number, number]> {
		this.i++;
		if (this.peek() === "?") this.i++; // lazy marker: treated as greedy
		return $tuple(min, max);
	}
	atom(): Atom {
		const c = this.peek();
		this.i++;
		if (c === "^") return { k: "start" };
		if (c === "$") return { k: "end" };
		if (c === ".") return { k: "char", test: (x) => x !== "\n" };
		if (c === "(") {
			if (string.sub(this.src, this.i, this.i + 1) === "?:") this.i += 2;
			const alts = this.alternation();
			if (this.peek() === ")") this.i++;
			return { k: "group", alts };
		}
		if (c === "[") return this.bracket();
		if (c === "\\") {
			const e = this.peek();
			this.i++;
			return { k: "char", test: escapeTest(e) };
		}
		return { k: "char", test: (x) => x === c };
	}
	bracket(): Atom {
		let negate = false;
		if (this.peek() === "^") {
			negate = true;
			this.i++;
		}
		const tests: ((c: string) => boolean)[] = [];
		let first = true;
		while (this.i <= this.src.size() && (this.peek() !== "]" || first)) {
			first = false;
			let c = this.peek();
			this.i++;
			if (c === "\\") {
				const e = this.peek();
				this.i++;
				tests.push(escapeTest(e));
				continue;
			}
			if (
				this.peek() === "-" &&
				string.sub(this.src, this.i + 1, this.i + 1) !== "]" &&
				this.i + 1 <= this.src.size()
			) {
				let hi = string.sub(this.src, this.i + 1, this.i + 1);
				this.i += 2;
				if (hi === "\\") {
					hi = this.peek();
					this.i++;
				}
				const lo = c;
				tests.push((x) => x >= lo && x <= hi);
				continue;
			}
			const lit = c;
			tests.push((x) => x === lit);
			c = "";
		}
		this.i++;
		return { k: "char", test: (x) => tests.some((t) => t(x)) !== negate };
	}
}

/** Tries `seq` from piece `p` at byte `pos`; calls `k` with each end position until it succeeds. */
function matchSeq(
	text: string,
	seq: Seq,
	p: number,
	pos: number,
	k: (pos: number) => boolean,
	budget: { n: number },
): boolean {
	budget.n -= 1;
	if (budget.n < 0) return false;
	if (p >= seq.size()) return k(pos);
	const piece = seq[p];
	const once = (at: number, after: (pos: number) => boolean): boolean => {
		const atom = piece.atom;
		if (atom.k === "start") return at === 1 && after(at);
		if (atom.k === "end") return at === text.size() + 1 && after(at);
		if (atom.k === "char") return at <= text.size() && atom.test(string.sub(text, at, at)) && after(at + 1);
		return atom.alts.some((alt) => matchSeq(text, alt, 0, at, after, budget));
	};
	const repeatFrom = (count: number, at: number): boolean => {
		if (count < piece.max) {
			const more = once(at, (nextAt) =>
				nextAt === at && count >= piece.min ? false : repeatFrom(count + 1, nextAt),
			);
			if (more) return true;
		}
		return count >= piece.min && matchSeq(text, seq, p + 1, at, k, budget);
	};
	return repeatFrom(0, pos);
}

/** Whether `pattern` matches somewhere in `text` (like JavaScript's RegExp.test without flags). */
export function regexTest(pattern: string, text: string): boolean {
	const alts = new Compiler(pattern).alternation();
	const budget = { n: 200000 };
	for (let start = 1; start <= text.size() + 1; start++) {
		if (alts.some((alt) => matchSeq(text, alt, 0, start, () => true, budget))) return true;
		if (budget.n < 0) return false;
	}
	return false;
}
