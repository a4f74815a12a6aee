// Writes test-vectors/governance/{encoding,instructions,tally,events,security-floor}.json (cips/governance.md). Deterministic: regenerating
// gives no diff. Run: pnpm --filter @cowboy/governance vectors
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, toHex } from "@cowboy/codec";
import { instructionCodec, instructionToJson, type Instruction } from "@cowboy/types";
import {
  boostedRates,
  chamberPasses,
  DEFAULT_GOVERNANCE_CONFIG,
  decodeJson,
  encodeJson,
  evaluateSecurityFloor,
  GovernanceError,
  proposalEvent,
  securityFloorKey,
  stakedRatioBps,
  type Json,
  type ProposalEvent,
} from "../src/index.js";
import { MapState } from "../test/utils/fixture.js";
import { SAMPLE_PROPOSAL } from "../test/utils/sampleProposal.js";

const out = (name: string, value: unknown): void => {
  const path = fileURLToPath(new URL(`../../../test-vectors/governance/${name}`, import.meta.url));
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

const values: Json[] = [
  { kind: "param_change", changes: [{ key: "system:basefee_config", value: { cyclesTarget: "1000", alpha: "96" } }] },
  { to: "00000000000000000000000000000000000000aa", kind: "treasury_spend", amount: "5000000000" },
  { action: "circuit_break", actor: "000000000000000000000000000000000000000b" },
  { z: [1, -2, true, false, null, "é"], a: {} },
];
const invalid = ['{"b":1,"a":2}', '{"a": 1}', "1.5", "1e3", '"\\u0061"', "[1,]", " 1", "-0"];
const refused = (text: string): string => {
  try {
    decodeJson(utf8(text));
  } catch (error) {
    if (error instanceof GovernanceError) return error.code;
  }
  throw new Error(`${text} was accepted`);
};
out("encoding.json", {
  description: "canonical JSON of registry values, proposal bodies and council actions (cips/governance.md 'Canonical encoding')",
  valid: values.map((value) => ({ value, encoded: toHex(encodeJson(value)) })),
  invalid: invalid.map((text) => ({ encoded: toHex(utf8(text)), code: refused(text) })),
});

const instructions: Instruction[] = [
  { type: "gov_propose", body: encodeJson(values[0]!), deposit: 10_000_000_000_000n },
  { type: "gov_vote", proposalId: 7n, choice: 2n },
  { type: "gov_council", action: encodeJson({ action: "cancel", proposal: "7" }) },
  { type: "gov_deposit", proposalId: 7n, amount: 2_500_000_000_000n },
];
out("instructions.json", {
  description: "the governance instructions (System 64-66, and 43 gov_deposit): JSON form and canonical bytes",
  valid: instructions.map((i) => ({ json: instructionToJson(i), encoded: toHex(encode(instructionCodec, i)) })),
});

const cases = [
  { tier: 0, stake: [34n, 0n, 0n], totalStake: 100n, validators: [1n, 0n, 0n], totalValidators: 3n },
  { tier: 0, stake: [33n, 0n, 0n], totalStake: 100n, validators: [3n, 0n, 0n], totalValidators: 3n },
  { tier: 0, stake: [50n, 50n, 0n], totalStake: 100n, validators: [2n, 1n, 0n], totalValidators: 3n },
  { tier: 3, stake: [6_667n, 3_333n, 0n], totalStake: 10_000n, validators: [2n, 1n, 0n], totalValidators: 3n },
  { tier: 3, stake: [6_668n, 3_332n, 0n], totalStake: 10_000n, validators: [2n, 1n, 0n], totalValidators: 3n },
  { tier: 2, stake: [10n, 0n, 40n], totalStake: 100n, validators: [1n, 0n, 1n], totalValidators: 5n },
  { tier: 1, stake: [40n, 0n, 0n], totalStake: 100n, validators: [2n, 0n, 0n], totalValidators: 5n },
];
const tally = (t: bigint[]) => ({ yes: t[0]!, no: t[1]!, abstain: t[2]! });
const s = (t: bigint[]) => t.map(String);
out("tally.json", {
  description: "bicameral tallies under DEFAULT_GOVERNANCE_CONFIG.tiers: both chambers must reach quorum and threshold",
  tiers: DEFAULT_GOVERNANCE_CONFIG.tiers.map((r) => ({ quorumBps: r.quorumBps.toString(), thresholdBps: r.thresholdBps.toString() })),
  cases: cases.map((c) => {
    const rule = DEFAULT_GOVERNANCE_CONFIG.tiers[c.tier]!;
    const st = chamberPasses(tally(c.stake), c.totalStake, rule);
    const va = chamberPasses(tally(c.validators), c.totalValidators, rule);
    return {
      tier: c.tier,
      stake: s(c.stake),
      totalStake: c.totalStake.toString(),
      validators: s(c.validators),
      totalValidators: c.totalValidators.toString(),
      quorum: st.quorum && va.quorum,
      passed: st.passed && va.passed,
    };
  }),
});

const events: ProposalEvent[] = [
  { kind: "created", proposal: SAMPLE_PROPOSAL },
  { kind: "voted", proposal: SAMPLE_PROPOSAL, voter: new Uint8Array(20).fill(0xcd), choice: "abstain" },
  { kind: "passed", proposal: SAMPLE_PROPOSAL },
  { kind: "queued", proposal: SAMPLE_PROPOSAL },
  { kind: "executed", proposal: { ...SAMPLE_PROPOSAL, status: "executed", note: "activated" } },
];
out("events.json", {
  description: "proposal lifecycle events of test/utils/sampleProposal.ts: emitter, topic (UTF-8 text) and CBOR data (hex)",
  cases: events.map((e) => {
    const ev = proposalEvent(e);
    return {
      kind: e.kind,
      ...(e.kind === "voted" ? { voter: toHex(e.voter), choice: e.choice } : {}),
      status: e.proposal.status,
      note: e.proposal.note,
      emitter: toHex(ev.emitter),
      topic: new TextDecoder().decode(ev.topic),
      data: toHex(ev.data),
    };
  }),
});

// §8.2's security-floor trigger (cips/governance.md "Security-floor trigger"): a sequence of epoch-end evaluations on
// one state, each with the record's bytes after it and the switch event (if any), and the rates rewards are paid at.
const floorCfg = { thresholdBps: 3_000n, boostBps: 200n };
const evaluations = [
  { height: 3_599n, staked: 299_999_999n, supply: 1_000_000_000n },
  { height: 7_199n, staked: 250_000_000n, supply: 1_000_100_000n },
  { height: 10_799n, staked: 300_030_000n, supply: 1_000_100_000n },
  { height: 14_399n, staked: 310_000_000n, supply: 1_000_200_000n },
];
const floorState = new MapState();
const schedule = { scheduleBps: [800n, 600n, 400n, 300n], floorBps: 200n };
out("security-floor.json", {
  description:
    "security-floor evaluations in order on one state (threshold 3000 bps, boost 200 bps): the staked ratio, the record written at system:gov:security_floor (canonical JSON, hex), the switch event's data (CBOR hex, or null), and the rates rewards are paid at afterwards",
  config: { thresholdBps: floorCfg.thresholdBps.toString(), boostBps: floorCfg.boostBps.toString() },
  schedule: { scheduleBps: schedule.scheduleBps.map(String), floorBps: schedule.floorBps.toString() },
  key: toHex(securityFloorKey()),
  evaluations: evaluations.map((e) => {
    const { status, event } = evaluateSecurityFloor(floorState, floorCfg, e.staked, e.supply, e.height);
    const rates = boostedRates(schedule, floorCfg, status);
    return {
      height: e.height.toString(),
      staked: e.staked.toString(),
      supply: e.supply.toString(),
      ratio_bps: stakedRatioBps(e.staked, e.supply).toString(),
      record: toHex(floorState.get(securityFloorKey())!),
      event: event === undefined ? null : { topic: new TextDecoder().decode(event.topic), data: toHex(event.data) },
      rates: { scheduleBps: rates.scheduleBps.map(String), floorBps: rates.floorBps.toString() },
    };
  }),
});
