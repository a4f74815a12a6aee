// The governance vectors of test-vectors/governance/ owned by this package (cips/governance.md): canonical JSON,
// the governance instructions' bytes, bicameral tallies. registry-defaults.json is @cowboy/execution's.
import { readVector } from "@cowboy/checks/vectors";
import { decode, encode, fromHex, toHex } from "@cowboy/codec";
import { instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  boostedRates,
  chamberPasses,
  DEFAULT_GOVERNANCE_CONFIG,
  evaluateSecurityFloor,
  securityFloorKey,
  decodeJson,
  encodeJson,
  GovernanceError,
  proposalEvent,
  type Json,
  type ProposalEvent,
  type ProposalStatus,
  type VoteChoice,
} from "../../src/index.js";
import { MapState } from "../utils/fixture.js";
import { SAMPLE_PROPOSAL } from "../utils/sampleProposal.js";

describe("canonical encoding (test-vectors/governance/encoding.json)", () => {
  const v = readVector<{ valid: { value: Json; encoded: string }[]; invalid: { encoded: string; code: string }[] }>("governance/encoding.json");
  it.each(v.valid.map((c, i) => [i, c] as const))("valid %i: value ↔ bytes", (_i, c) => {
    expect(toHex(encodeJson(c.value))).toBe(c.encoded);
    expect(decodeJson(fromHex(c.encoded))).toEqual(c.value);
  });
  it.each(v.invalid.map((c) => [new TextDecoder().decode(fromHex(c.encoded)), c] as const))("refuses %s", (_t, c) => {
    let code = "accepted";
    try {
      decodeJson(fromHex(c.encoded));
    } catch (error) {
      if (error instanceof GovernanceError) code = error.code;
    }
    expect(code).toBe(c.code);
  });
});

describe("instructions (test-vectors/governance/instructions.json)", () => {
  const v = readVector<{ valid: { json: unknown; encoded: string }[] }>("governance/instructions.json");
  it.each(v.valid.map((c) => [(c.json as { type: string }).type, c] as const))("%s: JSON ↔ bytes", (_t, c) => {
    const ins = instructionFromJson(c.json);
    expect(toHex(encode(instructionCodec, ins))).toBe(c.encoded);
    expect(instructionToJson(decode(instructionCodec, fromHex(c.encoded)))).toEqual(c.json);
  });
  it("covers every governance instruction, gov_deposit at System 43 (category 0x00, sub_type 0x2b)", () => {
    expect(v.valid.map((c) => (c.json as { type: string }).type).sort()).toEqual(["gov_council", "gov_deposit", "gov_propose", "gov_vote"]);
    const deposit = v.valid.find((c) => (c.json as { type: string }).type === "gov_deposit")!;
    // proposal_id 7 as a varint, amount 2,500 CBY as a u64 big-endian.
    expect(deposit.encoded).toBe("002b07" + (2_500n * 10n ** 9n).toString(16).padStart(16, "0"));
  });
});

describe("tallies (test-vectors/governance/tally.json)", () => {
  const v = readVector<{
    tiers: { quorumBps: string; thresholdBps: string }[];
    cases: { tier: number; stake: string[]; totalStake: string; validators: string[]; totalValidators: string; quorum: boolean; passed: boolean }[];
  }>("governance/tally.json");
  it("tier rules are the defaults", () => {
    expect(v.tiers).toEqual(DEFAULT_GOVERNANCE_CONFIG.tiers.map((r) => ({ quorumBps: r.quorumBps.toString(), thresholdBps: r.thresholdBps.toString() })));
  });
  it.each(v.cases.map((c, i) => [i, c] as const))("case %i", (_i, c) => {
    const rule = DEFAULT_GOVERNANCE_CONFIG.tiers[c.tier]!;
    const t = (x: string[]) => ({ yes: BigInt(x[0]!), no: BigInt(x[1]!), abstain: BigInt(x[2]!) });
    const s = chamberPasses(t(c.stake), BigInt(c.totalStake), rule);
    const va = chamberPasses(t(c.validators), BigInt(c.totalValidators), rule);
    expect({ quorum: s.quorum && va.quorum, passed: s.passed && va.passed }).toEqual({ quorum: c.quorum, passed: c.passed });
  });
});

describe("proposal events (test-vectors/governance/events.json)", () => {
  const v = readVector<{ cases: { kind: string; voter?: string; choice?: string; status: string; note: string; emitter: string; topic: string; data: string }[] }>(
    "governance/events.json",
  );
  it.each(v.cases.map((c) => [c.kind, c] as const))("%s: emitter, topic and data bytes", (_k, c) => {
    const proposal = { ...SAMPLE_PROPOSAL, status: c.status as ProposalStatus, note: c.note };
    const e = (c.kind === "voted" ? { kind: "voted", proposal, voter: fromHex(c.voter!), choice: c.choice as VoteChoice } : { kind: c.kind, proposal }) as ProposalEvent;
    const ev = proposalEvent(e);
    expect([toHex(ev.emitter), new TextDecoder().decode(ev.topic), toHex(ev.data)]).toEqual([c.emitter, c.topic, c.data]);
  });
});

describe("security-floor trigger (test-vectors/governance/security-floor.json)", () => {
  type Rates = { scheduleBps: string[]; floorBps: string };
  const v = readVector<{
    config: { thresholdBps: string; boostBps: string };
    schedule: Rates;
    key: string;
    evaluations: { height: string; staked: string; supply: string; ratio_bps: string; record: string; event: { topic: string; data: string } | null; rates: Rates }[];
  }>("governance/security-floor.json");
  it("replays the evaluations on a fresh state: the same record bytes, events and rates", () => {
    const cfg = { thresholdBps: BigInt(v.config.thresholdBps), boostBps: BigInt(v.config.boostBps) };
    const schedule = { scheduleBps: v.schedule.scheduleBps.map(BigInt), floorBps: BigInt(v.schedule.floorBps) };
    expect(toHex(securityFloorKey())).toBe(v.key);
    const state = new MapState();
    for (const e of v.evaluations) {
      const [staked, supply] = [BigInt(e.staked), BigInt(e.supply)];
      // The ratio in whole bps, rounded down, and the switch rule written out here: on strictly below the threshold.
      expect(BigInt(e.ratio_bps)).toBe((staked * 10_000n) / supply);
      const { status, event } = evaluateSecurityFloor(state, cfg, staked, supply, BigInt(e.height));
      expect(status?.active).toBe(BigInt(e.ratio_bps) < cfg.thresholdBps);
      expect(toHex(state.get(securityFloorKey())!)).toBe(e.record);
      expect(event === undefined ? null : { topic: new TextDecoder().decode(event.topic), data: toHex(event.data) }).toEqual(e.event);
      const rates = boostedRates(schedule, cfg, status);
      expect({ scheduleBps: rates.scheduleBps.map(String), floorBps: rates.floorBps.toString() }).toEqual(e.rates);
    }
  });
});
