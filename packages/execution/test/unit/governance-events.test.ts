// Proposal lifecycle events (cips/governance.md "Events"): created and voted in the receipts of gov_propose and
// gov_vote, passed + queued at the tally and executed at the activation in the block journal, rejected for a
// proposal that misses its quorum, cancelled by the council — each from 0x09 with its CBOR data.
import { decodeCbor, toHex } from "@cowboy/codec";
import { createGovernanceConfig, encodeJson, GOVERNANCE_ADDRESS, type Json } from "@cowboy/governance";
import { ReceiptStatus, type Event, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { paramGroup, type ChainParams } from "../../src/index.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as base } from "../utils/helpers.js";

const governance = createGovernanceConfig({
  votingPeriod: 2n,
  timelock: 2n,
  emergencyTimelock: 1n,
  minDeposit: 1n * CBY,
  electorate: [
    { address: toHex(addressOf(1)), weight: 3n },
    { address: toHex(addressOf(2)), weight: 1n },
  ],
  council: [toHex(addressOf(3))],
  councilThreshold: 1n,
});
const params: ChainParams = { ...base, governance };
const LIMITS = { cycles: 1_000_000n, cells: 100_000n };

const change = (target: bigint): Json => {
  const current = paramGroup("system:basefee_config")!.read(params) as Record<string, Json>;
  return { kind: "param_change", changes: [{ key: "system:basefee_config", value: { ...current, cyclesTarget: target.toString() } }] };
};
const propose = (b: Json): Instruction => ({ type: "gov_propose", body: encodeJson(b), deposit: CBY });
const vote = (id: bigint, choice: bigint): Instruction => ({ type: "gov_vote", proposalId: id, choice });
const seen = (events: readonly Event[]): [string, string, unknown][] =>
  events.map((e) => [toHex(e.emitter), text(e.topic), Object.fromEntries(decodeCbor(e.data) as Map<string, unknown>)]);
const GOV = toHex(GOVERNANCE_ADDRESS);

describe("proposal lifecycle events", () => {
  it("created, voted, passed, queued, executed; rejected; cancelled", { timeout: 120_000 }, () => {
    const c = new ActorChain(params);
    const [p0, p1] = c.block([c.tx(1, propose(change(1_000n)), LIMITS), c.tx(2, propose(change(2_000n)), LIMITS)]); // height 1: votes end at 3
    expect([p0!.status, p1!.status]).toEqual([ReceiptStatus.Success, ReceiptStatus.Success]);
    const created = seen([...p0!.events, ...p1!.events]).map(([e, t, d]) => [e, t, (d as { proposal: bigint }).proposal]);
    expect(created.sort((a, b) => Number(a[2]) - Number(b[2]))).toEqual([
      [GOV, "cowboy:gov_created", 0n],
      [GOV, "cowboy:gov_created", 1n],
    ]);
    const id0 = JSON.parse(text(p0!.return_data)).id === "0" ? 0n : 1n;
    const id1 = 1n - id0;
    expect(seen(p0!.events)[0]![2]).toEqual({ proposal: id0, proposer: addressOf(1), kind: "param_change", tier: 0n, voting_ends_at: 3n });
    const [v] = c.block([c.tx(1, vote(id0, 0n), LIMITS)]); // height 2; proposal id1 gets no vote
    expect(seen(v!.events)).toEqual([[GOV, "cowboy:gov_voted", { proposal: id0, voter: addressOf(1), choice: "yes" }]]);
    c.block([]); // height 3: tally
    expect(seen(c.last!.journal.governance).sort((a, b) => a[1].localeCompare(b[1]))).toEqual([
      [GOV, "cowboy:gov_passed", { proposal: id0, note: "passed both chambers" }],
      [GOV, "cowboy:gov_queued", { proposal: id0, eta: 5n, emergency: false }],
      [GOV, "cowboy:gov_rejected", { proposal: id1, note: "no quorum (stake missed, validators missed)" }],
    ]);
    c.block([]); // height 4
    expect(c.last!.journal.governance).toEqual([]);
    c.block([]); // height 5: activation
    expect(seen(c.last!.journal.governance)).toEqual([[GOV, "cowboy:gov_executed", { proposal: id0, note: "activated" }]]);

    const [p2] = c.block([c.tx(1, propose(change(3_000n)), LIMITS)]);
    const id2 = BigInt(JSON.parse(text(p2!.return_data)).id);
    const [k] = c.block([c.tx(3, { type: "gov_council", action: encodeJson({ action: "cancel", proposal: id2.toString() }) }, LIMITS)]);
    expect(k!.status).toBe(ReceiptStatus.Success);
    expect(seen(k!.events)).toEqual([[GOV, "cowboy:gov_cancelled", { proposal: id2, note: `cancelled by the Security Council at ${c.head.height}` }]]);
    // A reverted instruction emits nothing.
    const [bad] = c.block([c.tx(1, vote(id2, 0n), LIMITS)]);
    expect([bad!.status, bad!.events]).toEqual([ReceiptStatus.Reverted, []]);
  });
});
