import { toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import {
  advanceGovernance,
  castVote,
  getProposal,
  GOVERNANCE_ADDRESS,
  GovernanceError,
  proposalTopUps,
  submitProposal,
  topUpDeposit,
  TREASURY_ADDRESS,
  type ProposalEvent,
} from "../../src/index.js";
import { addr, fixture } from "../utils/fixture.js";

const change = (value: string) => ({ kind: "param_change", changes: [{ key: "system:x", value }] });
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
const bal = (f: ReturnType<typeof fixture>, a: Uint8Array) => f.balances.get(toHex(a));

describe("deposit top-ups by other accounts (cips/governance.md 'Deposits')", () => {
  it("locks each top-up at 0x09, merges an account's top-ups, and refunds every depositor its own share", () => {
    const f = fixture();
    submitProposal(f.at(1n), addr(4), change("on"), 10n);
    const events: ProposalEvent[] = [];
    topUpDeposit({ ...f.at(2n), emit: (e) => events.push(e) }, addr(3), 0n, 7n);
    topUpDeposit(f.at(2n), addr(2), 0n, 5n);
    const p = topUpDeposit(f.at(3n), addr(3), 0n, 1n);
    expect(p.deposit).toBe(23n);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "deposited", amount: 7n, depositor: addr(3) });
    expect(proposalTopUps(f.state, 0n)).toEqual([
      { from: addr(3), amount: 8n },
      { from: addr(2), amount: 5n },
    ]);
    expect([bal(f, GOVERNANCE_ADDRESS), bal(f, addr(2)), bal(f, addr(3)), bal(f, addr(4))]).toEqual([23n, 995n, 992n, 990n]);
    castVote(f.at(2n), addr(1), 0n, "yes");
    castVote(f.at(2n), addr(2), 0n, "yes");
    run(f, 2n, 6n);
    expect(getProposal(f.state, 0n)!.status).toBe("executed");
    expect([bal(f, GOVERNANCE_ADDRESS), bal(f, addr(2)), bal(f, addr(3)), bal(f, addr(4))]).toEqual([0n, 1_000n, 1_000n, 1_000n]);
  });

  it("a missed quorum forfeits the whole deposit, top-ups included, to the Treasury", () => {
    const f = fixture();
    submitProposal(f.at(1n), addr(4), change("a"), 10n);
    topUpDeposit(f.at(2n), addr(1), 0n, 15n);
    castVote(f.at(2n), addr(3), 0n, "yes"); // 20% of stake: below quorum
    run(f, 2n, 4n);
    expect(getProposal(f.state, 0n)!.status).toBe("rejected");
    expect([bal(f, TREASURY_ADDRESS), bal(f, addr(1)), bal(f, addr(4)), bal(f, GOVERNANCE_ADDRESS)]).toEqual([25n, 985n, 990n, 0n]);
  });

  it("refuses a top-up of nothing, beyond the balance, to an unknown proposal or after the vote, changing nothing", () => {
    const f = fixture();
    submitProposal(f.at(1n), addr(4), change("a"), 10n);
    expect(code(() => topUpDeposit(f.at(2n), addr(1), 0n, 0n))).toBe("INSUFFICIENT_DEPOSIT");
    expect(code(() => topUpDeposit(f.at(2n), addr(1), 0n, 1_001n))).toBe("INSUFFICIENT_DEPOSIT");
    expect(code(() => topUpDeposit(f.at(2n), addr(1), 7n, 1n))).toBe("UNKNOWN_PROPOSAL");
    expect(code(() => topUpDeposit(f.at(4n), addr(1), 0n, 1n))).toBe("WRONG_STATUS");
    expect([bal(f, addr(1)), getProposal(f.state, 0n)!.deposit, proposalTopUps(f.state, 0n).length]).toEqual([1_000n, 10n, 0]);
  });
});
