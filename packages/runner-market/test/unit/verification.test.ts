// 0x03's verification (cips/runner-market.md "Commit, reveal, verification"): objective failures and the modes'
// grouping rules, over hand-built job records.
import { encodeCbor, type CborValue } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { faultReportOutput } from "../../src/fault.js";
import { jobCanary, type JobRecord } from "../../src/job.js";
import { semanticOutputs } from "../../src/semanticPhase.js";
import { objectiveFailure, verifyReveals } from "../../src/verification.js";
import { addr } from "../utils/fixture.js";

const m = (o: Record<string, CborValue>): Uint8Array => encodeCbor(new Map<CborValue, CborValue>(Object.entries(o)));
const SCHEMA: CborValue = new Map<CborValue, CborValue>([
  ["type", "object"],
  ["required", ["label", "score"]],
]);

function job(verification: JobRecord["verification"], matchFields: string[] = [], quorumNeeded = 2n): JobRecord {
  return {
    id: new Uint8Array(32).fill(5),
    poster: addr(100),
    posterIsActor: false,
    kind: "llm",
    spec: new Map(),
    resultSchema: SCHEMA,
    verification,
    runners: 3n,
    quorum: quorumNeeded,
    maxPrice: 1n,
    escrow: 1n,
    allowDomains: [],
    secrets: [],
    volumes: [],
    requires: [],
    matchFields,
    callback: null,
    pricing: "fixed",
    tip: 0n,
    status: "revealing",
    selectionRound: 0n,
    committee: [addr(1), addr(2), addr(3)],
    aggregator: null,
    quorumNeeded,
    acks: [],
    commits: [],
    reveals: [],
    result: null,
    aggregate: null,
    paid: [],
    fault: null,
    usageAnomalies: [],
    failures: [],
    challenges: [],
    phaseEndsAt: 0n,
    postedAt: 0n,
    selectedAt: 0n,
    settledAt: 0n,
  };
}

const reveal = (i: number, output: Uint8Array) => ({ runner: addr(i), output });

describe("verification", () => {
  it("semantic_similarity indexes outputs without the fault reports, even one a loose schema would accept", () => {
    const report = faultReportOutput({ fault: "external", progress: new Map([["llm.attempt", 1n]]) });
    const a = m({ label: "cat", score: 1n });
    const loose: JobRecord = { ...job("semantic_similarity"), resultSchema: new Map<CborValue, CborValue>([["type", "object"]]) };
    expect(objectiveFailure(loose, report).reason).toBeNull(); // a map: the loose schema alone would take it
    const outputs = semanticOutputs({ ...loose, reveals: [reveal(1, a), reveal(2, report), reveal(3, a)] });
    expect(outputs.map((r) => r.runner)).toEqual([addr(1), addr(3)]);
  });

  it("counts a quorum of fault reports, except in deterministic mode where an unattested report fails like any output", () => {
    const report = faultReportOutput({ fault: "external", progress: new Map([["llm.attempt", 1n]]) });
    const reveals = [reveal(1, report), reveal(2, report), reveal(3, report)];
    const voted = verifyReveals(job("majority_vote"), reveals);
    expect([voted.fault, voted.agreeing.length, voted.failures.length]).toEqual(["external", 3, 0]);
    const tee = verifyReveals(job("deterministic"), reveals);
    expect([tee.result, tee.fault, tee.agreeing]).toEqual([null, null, []]);
    expect(tee.failures.map((f) => f.runner)).toEqual([addr(1), addr(2), addr(3)]);
  });

  it("detects empty, non-canonical, schema-violating and canary-leaking outputs", () => {
    const j = job("majority_vote");
    expect(objectiveFailure(j, new Uint8Array(0)).reason).toBe("empty_output");
    expect(objectiveFailure(j, encodeCbor(new Map())).reason).toBe("empty_output");
    expect(objectiveFailure(j, Uint8Array.of(0x18, 0x01)).reason).toBe("schema_violation");
    expect(objectiveFailure(j, m({ label: "a" })).reason).toBe("schema_violation");
    expect(objectiveFailure(j, m({ label: `leak ${jobCanary(j.id)}`, score: 1n })).reason).toBe("canary_leak");
    expect(objectiveFailure(j, m({ label: "a", score: 1n })).reason).toBeNull();
  });

  it("majority_vote groups whole outputs, or the first match field's value; structured_match the listed fields", () => {
    const a = m({ label: "cat", score: 90n });
    const b = m({ label: "cat", score: 70n });
    const c = m({ label: "dog", score: 90n });
    const whole = verifyReveals(job("majority_vote"), [reveal(1, a), reveal(2, b), reveal(3, c)]);
    expect(whole.result).toBeNull();
    const byLabel = verifyReveals(job("majority_vote", ["label"]), [reveal(1, a), reveal(2, b), reveal(3, c)]);
    expect(byLabel.result).toEqual(a);
    expect(byLabel.agreeing).toEqual([addr(1), addr(2)]);
    expect(byLabel.failures).toEqual([{ runner: addr(3), reason: "minority" }]);
    const byScore = verifyReveals(job("structured_match", ["score"]), [reveal(1, a), reveal(2, b), reveal(3, c)]);
    expect(byScore.result).toEqual(a);
    expect(byScore.agreeing).toEqual([addr(1), addr(3)]);
    // structured_match without match_fields compares the schema's required fields: all three differ.
    expect(verifyReveals(job("structured_match"), [reveal(1, a), reveal(2, b), reveal(3, c)]).result).toBeNull();
    // A single-runner mode with quorum 1 takes the one valid output.
    expect(verifyReveals(job("none", [], 1n), [reveal(1, c)]).result).toEqual(c);
  });
});
