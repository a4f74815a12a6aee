// What the aggregator posts (cips/runner-market.md "Semantic similarity"): for a semantic_similarity job the
// {chosen, scores} over the valid reveals in committee order, exactly the list the chain indexes (a reveal that
// violates the schema is left out); for the other modes the majority output.
import { type CborValue, encodeCbor, toHex } from "@cowboy/codec";
import { computeAggregate, decodeAggregate, encodeAggregate } from "@cowboy/runner-market";
import { describe, expect, it } from "vitest";
import type { ChainJob } from "../../src/chain/port.js";
import { aggregateResult } from "../../src/runner.js";

const note = (s: string): Uint8Array => encodeCbor(new Map<CborValue, CborValue>([["note", s]]));
const hex = (b: Uint8Array): string => `0x${toHex(b)}`;
const members = ["0x" + "01".repeat(20), "0x" + "02".repeat(20), "0x" + "03".repeat(20), "0x" + "04".repeat(20)];

function job(verification: string, outputs: Uint8Array[]): ChainJob {
  return {
    id: hex(new Uint8Array(32).fill(9)),
    poster: members[0]!,
    kind: "llm",
    spec: {},
    resultSchema: { type: "object", properties: { note: { type: "string" } }, required: ["note"] },
    verification,
    runners: 4,
    quorum: 2,
    allowDomains: [],
    secrets: [],
    volumes: [],
    requires: [],
    status: "aggregating",
    committee: members,
    acks: members,
    commits: [],
    // Reveals arrive in any order; the aggregate follows the committee's.
    reveals: outputs.map((o, i) => ({ runner: members[i]!, output: hex(o) })).reverse(),
    aggregator: members[0]!,
    phaseEndsAt: 10n,
  };
}

describe("aggregateResult", () => {
  it("semantic_similarity: the chain's aggregate over the valid reveals in committee order", () => {
    const outs = [note("rain in paris tomorrow"), note("rain tomorrow in paris"), encodeCbor(new Map([["other", 1n]])), note("sun in rome")];
    const posted = aggregateResult(job("semantic_similarity", outs))!;
    const valid = [outs[0]!, outs[1]!, outs[3]!];
    expect(posted).toEqual(encodeAggregate(computeAggregate(valid)));
    expect(decodeAggregate(posted, 3)).toMatchObject({ chosen: 0 });
  });

  it("other modes: the majority output", () => {
    const a = note("x");
    expect(aggregateResult(job("majority_vote", [a, note("y"), a, note("z")]))).toEqual(a);
  });
});
