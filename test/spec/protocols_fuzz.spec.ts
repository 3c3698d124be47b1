/// <reference types="@rbxts/testez/src/TestEZGlobals" />
// Mutated streams of every protocol: events dropped, duplicated and swapped, streams cut at random
// bytes, bytes flipped, deleted and inserted. Whatever arrives, the assembler must never raise,
// never succeed on a stream that lacks its completion, and never return a tool call whose
// arguments are not one complete JSON object.
import { newAssembler } from "provider/protocols/adapter";
import { decodeJson } from "provider/protocols/json";
import { readBody } from "provider/protocols/reader";
import { completeLength, Fixture, FIXTURES, SCOPE, wire } from "./protocols_fixtures";

const STREAMS_PER_FIXTURE = 2600;

/** Park–Miller generator: exact in doubles, the same sequence on every run. */
function generator(seed: number) {
	let state = seed;
	return (n: number) => {
		state = (state * 16807) % 2147483647;
		return state % n;
	};
}

interface Tally {
	streams: number;
	successes: number;
	failures: number;
	crashes: number;
	incompleteSuccesses: number;
	badCalls: number;
	firstProblem?: string;
}

function mutateEvents(fixture: Fixture, random: (n: number) => number): Fixture {
	const events = [...fixture.events];
	const completes = [...fixture.completes];
	const steps = 1 + random(3);
	for (let s = 0; s < steps; s++) {
		const i = random(events.size());
		const kind = random(3);
		if (kind === 0 && events.size() > 1) {
			events.remove(i);
			for (let c = completes.size() - 1; c >= 0; c--) {
				if (completes[c] === i) completes.remove(c);
				else if (completes[c] > i) completes[c] -= 1;
			}
		} else if (kind === 1) {
			events.insert(i, events[i]);
			const copied = completes.includes(i);
			for (let c = 0; c < completes.size(); c++) if (completes[c] >= i) completes[c] += 1;
			if (copied) completes.push(i);
		} else if (i + 1 < events.size() && !completes.includes(i) && !completes.includes(i + 1)) {
			const held = events[i];
			events[i] = events[i + 1];
			events[i + 1] = held;
		}
	}
	return { ...fixture, events, completes };
}

function corrupt(text: string, random: (n: number) => number): string {
	let out = text;
	const steps = 1 + random(3);
	for (let s = 0; s < steps; s++) {
		const at = 1 + random(math.max(1, out.size()));
		const byte = string.char(32 + random(95));
		const kind = random(3);
		if (kind === 0) out = out.sub(1, at - 1) + byte + out.sub(at + 1);
		else if (kind === 1) out = out.sub(1, at - 1) + out.sub(at + 1);
		else out = out.sub(1, at - 1) + byte + out.sub(at);
	}
	return out;
}

function check(fixture: Fixture, body: string, incomplete: boolean, tally: Tally) {
	tally.streams += 1;
	const [ran, result] = pcall(() => readBody(newAssembler(fixture.protocol, SCOPE), body));
	if (!ran) {
		tally.crashes += 1;
		tally.firstProblem ??= `crash: ${tostring(result)}`;
		return;
	}
	if (!result.ok) {
		tally.failures += 1;
		return;
	}
	tally.successes += 1;
	if (incomplete) {
		tally.incompleteSuccesses += 1;
		tally.firstProblem ??= `incomplete success: ${body.sub(-120)}`;
	}
	for (const call of result.reply.toolCalls) {
		const decoded = decodeJson(call.arguments);
		if (!decoded.ok || call.arguments.match("^%s*{")[0] === undefined) {
			tally.badCalls += 1;
			tally.firstProblem ??= `bad call arguments: ${call.arguments}`;
		}
	}
}

export = () => {
	describe("fuzzed streams", () => {
		it(`survive ${STREAMS_PER_FIXTURE * FIXTURES.size()} mutations without a crash, an incomplete success or a bad call`, () => {
			const tally: Tally = {
				streams: 0,
				successes: 0,
				failures: 0,
				crashes: 0,
				incompleteSuccesses: 0,
				badCalls: 0,
			};
			FIXTURES.forEach((fixture, f) => {
				const random = generator(7919 * (f + 1));
				for (let n = 0; n < STREAMS_PER_FIXTURE; n++) {
					const mutated = mutateEvents(fixture, random);
					const body = wire(mutated);
					if (n % 2 === 0) {
						// cut anywhere: incomplete when no completing event is whole
						const cut = random(body.size() + 1);
						const whole = mutated.completes.size() > 0 ? completeLength(mutated) : math.huge;
						check(fixture, body.sub(1, cut), cut < whole, tally);
					} else {
						check(fixture, corrupt(body, random), mutated.completes.size() === 0, tally);
					}
				}
			});
			print(
				`fuzz: ${tally.streams} streams: ${tally.successes} assembled, ${tally.failures} refused, ${tally.crashes} crashes, ${tally.incompleteSuccesses} incomplete successes, ${tally.badCalls} bad tool calls`,
			);
			expect(tally.firstProblem).to.equal(undefined);
			expect(tally.streams >= 10_000).to.equal(true);
			expect(tally.crashes + tally.incompleteSuccesses + tally.badCalls).to.equal(0);
		});
	});
};
