import { describe, expect, it } from "vitest";
import {
  advanceGovernance,
  castVote,
  chamberPasses,
  checkInflationChange,
  councilApprove,
  getParam,
  getProposal,
  GOVERNANCE_ADDRESS,
  GovernanceError,
  isCircuitBroken,
  noteInflationChange,
  submitProposal,
  TREASURY_ADDRESS,
} from "../../src/index.js";
import { toHex } from "@cowboy/codec";
import { addr, fixture } from "../utils/fixture.js";

const change = (key: string, value: string) => ({ kind: "param_change", changes: [{ key, value }] });
const run = (f: ReturnType<typeof fixture>, from: bigint, to: bigint) => {
  for (let h = from; h <= to; h++) advanceGovernance(f.at(h));
};
const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof GovernanceError) return error.code;
    throw error;
  }
  return "none";
};

describe("proposal lifecycle (cips/governance.md 'Lifecycle')", () => {
  it("passes both chambers, waits the timelock, writes the registry at its eta and refunds the deposit", () => {
    const f = fixture();
    const p = submitProposal(f.at(1n), addr(4), change("system:x", "on"), 10n);
    expect([p.id, p.tier, p.votingEndsAt, p.status]).toEqual([0n, 0, 3n, "voting"]);
    expect(f.balances.get(toHex(GOVERNANCE_ADDRESS))).toBe(10n);
    castVote(f.at(2n), addr(1), 0n, "yes");
    castVote(f.at(2n), addr(2), 0n, "no");
    castVote(f.at(2n), addr(2), 0n, "yes"); // a changed vote replaces the earlier one
    castVote(f.at(3n), addr(3), 0n, "abstain");
    expect(getProposal(f.state, 0n)!.stake).toEqual({ yes: 80n, no: 0n, abstain: 20n });
    expect(getProposal(f.state, 0n)!.validators).toEqual({ yes: 2n, no: 0n, abstain: 1n });
    run(f, 2n, 3n);
    expect(getProposal(f.state, 0n)).toMatchObject({ status: "queued", eta: 6n });
    expect(code(() => castVote(f.at(4n), addr(1), 0n, "no"))).toBe("WRONG_STATUS");
    run(f, 4n, 5n);
    expect(getParam(f.state, "system:x")).toBeUndefined();
    run(f, 6n, 6n);
    expect(getParam(f.state, "system:x")).toBe("on");
    expect(getProposal(f.state, 0n)!.status).toBe("executed");
    expect(f.balances.get(toHex(addr(4)))).toBe(1_000n);
  });

  it("a missed quorum rejects and forfeits the deposit to the Treasury; a lost vote refunds it", () => {
    const f = fixture();
    submitProposal(f.at(1n), addr(4), change("system:x", "a"), 10n);
    submitProposal(f.at(1n), addr(4), change("system:x", "b"), 10n);
    castVote(f.at(2n), addr(3), 0n, "yes"); // 20% of stake: below 33.4%
    castVote(f.at(2n), addr(1), 1n, "no");
    castVote(f.at(2n), addr(2), 1n, "yes");
    run(f, 2n, 10n);
    expect(getProposal(f.state, 0n)).toMatchObject({ status: "rejected" });
    expect(getProposal(f.state, 0n)!.note).toMatch(/^no quorum/);
    expect(getProposal(f.state, 1n)!.note).toMatch(/^rejected/);
    expect(f.balances.get(toHex(TREASURY_ADDRESS))).toBe(10n);
    expect(f.balances.get(toHex(addr(4)))).toBe(990n);
    expect(getParam(f.state, "system:x")).toBeUndefined();
  });

  it("refuses bad submissions and votes, changing nothing", () => {
    const f = fixture();
    expect(code(() => submitProposal(f.at(1n), addr(4), change("system:x", "a"), 9n))).toBe("INSUFFICIENT_DEPOSIT");
    expect(code(() => submitProposal(f.at(1n), addr(9), change("system:x", "a"), 10n))).toBe("INSUFFICIENT_DEPOSIT");
    expect(code(() => submitProposal(f.at(1n), addr(4), change("system:nope", "a"), 10n))).toBe("UNKNOWN_PARAM");
    expect(code(() => submitProposal(f.at(1n), addr(4), { kind: "param_change", changes: [] }, 10n))).toBe("INVALID_ARGUMENT");
    expect(code(() => submitProposal(f.at(1n), addr(4), { kind: "mint" }, 10n))).toBe("INVALID_ARGUMENT");
    expect(code(() => submitProposal(f.at(1n), addr(4), { kind: "circuit_break", actor: toHex(GOVERNANCE_ADDRESS), broken: true }, 10n))).toBe("INVALID_ARGUMENT");
    expect(f.state.map.size).toBe(0);
    submitProposal(f.at(1n), addr(4), change("system:x", "a"), 10n);
    expect(code(() => castVote(f.at(2n), addr(4), 0n, "yes"))).toBe("NOT_A_VOTER");
    expect(code(() => castVote(f.at(2n), addr(1), 5n, "yes"))).toBe("UNKNOWN_PROPOSAL");
  });

  it("tier rules: quorum over turnout, threshold over yes + no", () => {
    const rule = { quorumBps: 5_000n, thresholdBps: 6_667n };
    expect(chamberPasses({ yes: 2n, no: 1n, abstain: 0n }, 6n, rule)).toEqual({ quorum: true, passed: false });
    expect(chamberPasses({ yes: 67n, no: 33n, abstain: 0n }, 200n, rule)).toEqual({ quorum: true, passed: true });
    expect(chamberPasses({ yes: 49n, no: 0n, abstain: 0n }, 100n, rule)).toEqual({ quorum: false, passed: false });
    expect(chamberPasses({ yes: 0n, no: 0n, abstain: 0n }, 0n, rule)).toEqual({ quorum: false, passed: false });
  });

  it("a treasury spend pays from 0x08 at activation, and fails (refunding the deposit) when the Treasury is short", () => {
    const f = fixture();
    f.balances.set(toHex(TREASURY_ADDRESS), 100n);
    submitProposal(f.at(1n), addr(4), { kind: "treasury_spend", to: toHex(addr(9)), amount: "60" }, 10n);
    submitProposal(f.at(1n), addr(4), { kind: "treasury_spend", to: toHex(addr(9)), amount: "60" }, 10n);
    for (const id of [0n, 1n]) for (const v of [1, 2]) castVote(f.at(2n), addr(v), id, "yes");
    run(f, 2n, 6n);
    expect(f.balances.get(toHex(addr(9)))).toBe(60n);
    expect(getProposal(f.state, 0n)!.status).toBe("executed");
    expect(getProposal(f.state, 1n)).toMatchObject({ status: "failed" });
    expect(getProposal(f.state, 1n)!.note).toMatch(/^TREASURY_INSUFFICIENT/);
    expect(f.balances.get(toHex(addr(4)))).toBe(1_000n);
  });
});

describe("the Security Council (cips/governance.md 'Security Council')", () => {
  it("cancels at the threshold-th distinct approval; repeats and outsiders do not count", () => {
    const f = fixture();
    submitProposal(f.at(1n), addr(4), change("system:x", "a"), 10n);
    const cancel = { action: "cancel", proposal: "0" };
    expect(councilApprove(f.at(2n), addr(0x41), cancel)).toEqual({ approvals: 1, executed: false });
    expect(councilApprove(f.at(2n), addr(0x41), cancel)).toEqual({ approvals: 1, executed: false });
    expect(code(() => councilApprove(f.at(2n), addr(1), cancel))).toBe("NOT_COUNCIL");
    expect(councilApprove(f.at(2n), addr(0x42), cancel)).toEqual({ approvals: 2, executed: true });
    expect(getProposal(f.state, 0n)!.status).toBe("cancelled");
    expect(f.balances.get(toHex(addr(4)))).toBe(1_000n);
  });
  it("approvals lapse after the window", () => {
    const f = fixture({ councilApprovalWindow: 5n });
    submitProposal(f.at(1n), addr(4), change("system:x", "a"), 10n);
    councilApprove(f.at(1n), addr(0x41), { action: "cancel", proposal: "0" });
    expect(councilApprove(f.at(6n), addr(0x42), { action: "cancel", proposal: "0" })).toEqual({ approvals: 1, executed: false });
  });
  it("fast-tracks Tier 3 only: the emergency timelock replaces the standard one", () => {
    const f = fixture();
    submitProposal(f.at(1n), addr(4), change("system:y", "z"), 10n);
    submitProposal(f.at(1n), addr(4), change("system:x", "z"), 10n);
    for (const v of [1, 2]) castVote(f.at(2n), addr(v), 0n, "yes");
    run(f, 2n, 3n);
    expect(getProposal(f.state, 0n)!.eta).toBe(6n);
    councilApprove(f.at(4n), addr(0x41), { action: "fast_track", proposal: "0" });
    councilApprove(f.at(4n), addr(0x42), { action: "fast_track", proposal: "0" });
    expect(getProposal(f.state, 0n)).toMatchObject({ eta: 4n + 1n, emergency: true });
    run(f, 4n, 5n);
    expect(getParam(f.state, "system:y")).toBe("z");
    councilApprove(f.at(5n), addr(0x41), { action: "fast_track", proposal: "1" });
    expect(code(() => councilApprove(f.at(5n), addr(0x42), { action: "fast_track", proposal: "1" }))).toBe("NOT_COUNCIL");
  });
  it("a circuit break acts at once and opens its ratification; a rejected ratification lifts it", () => {
    const f = fixture();
    const actor = "000000000000000000000000000000000000000a";
    councilApprove(f.at(1n), addr(0x41), { action: "circuit_break", actor });
    councilApprove(f.at(1n), addr(0x42), { action: "circuit_break", actor });
    const target = new Uint8Array(20);
    target[19] = 0x0a;
    expect(isCircuitBroken(f.state, target)).toBe(true);
    expect(getProposal(f.state, 0n)).toMatchObject({ tier: 2, deposit: 0n, body: { kind: "ratify_circuit_break", actor } });
    castVote(f.at(2n), addr(1), 0n, "no");
    run(f, 2n, 3n);
    expect(getProposal(f.state, 0n)!.status).toBe("rejected");
    expect(isCircuitBroken(f.state, target)).toBe(false);
  });
});

describe("inflation guardrails (spec §8.2)", () => {
  const base = { scheduleBps: [800n, 600n, 400n, 300n], floorBps: 200n };
  it("allows moves of up to 2 points under the 10% cap, once a year", () => {
    const f = fixture();
    checkInflationChange(f.state, base, { scheduleBps: [1_000n, 800n, 400n, 300n], floorBps: 0n }, 5n, 100n);
    noteInflationChange(f.state, 5n);
    expect(code(() => checkInflationChange(f.state, base, base, 104n, 100n))).toBe("INFLATION_GUARDRAIL");
    checkInflationChange(f.state, base, base, 105n, 100n);
  });
  it("refuses a rate above 10% or a move above 2 points, naming it", () => {
    const f = fixture();
    expect(() => checkInflationChange(f.state, { scheduleBps: [900n], floorBps: 200n }, { scheduleBps: [1_100n], floorBps: 200n }, 1n, 100n)).toThrow(
      "year 1's rate 1100 bps exceeds the 10% (1000 bps) cap",
    );
    expect(() => checkInflationChange(f.state, base, { ...base, scheduleBps: [800n, 600n, 100n, 300n] }, 1n, 100n)).toThrow("year 3's rate moves by 300 bps");
    // Shortening the schedule moves year 4 from 300 to the floor 200: allowed; to 0 it is not.
    checkInflationChange(f.state, base, { scheduleBps: [800n, 600n, 400n], floorBps: 200n }, 1n, 100n);
    expect(code(() => checkInflationChange(f.state, base, { scheduleBps: [800n, 600n, 400n], floorBps: 0n }, 1n, 100n))).toBe("INFLATION_GUARDRAIL");
  });
});
