// Proposal deposits topped up by other accounts (spec §11; cips/governance.md "Deposits"): the proposer's opening
// deposit plus top-ups, each recorded by depositor so that a refund returns every account what it put in and a
// forfeit (missed quorum) sends the whole to the Treasury 0x08.
import { fromHex, toHex } from "@cowboy/codec";
import { GovernanceError } from "./errors.js";
import type { GovernanceHost } from "./host.js";
import { GOVERNANCE_ADDRESS, TREASURY_ADDRESS, topUpsKey } from "./keys.js";
import type { Proposal } from "./proposal.js";
import { readJson, writeJson, type GovernanceState, type StateReader } from "./store.js";

export interface TopUp {
  readonly from: Uint8Array;
  readonly amount: bigint;
}

/** The top-ups of proposal `id` (not the proposer's opening deposit), one entry per depositor. */
export function proposalTopUps(state: StateReader, id: bigint): TopUp[] {
  const j = readJson(state, topUpsKey(id), `top-ups of proposal ${id}`);
  if (j === undefined) return [];
  if (!Array.isArray(j)) throw new GovernanceError("CORRUPT_STATE", `top-ups of proposal ${id}: expected an array`);
  return j.map((e) => {
    const o = e as { from?: unknown; amount?: unknown };
    if (typeof o.from !== "string" || typeof o.amount !== "string" || !/^[1-9][0-9]*$/.test(o.amount)) {
      throw new GovernanceError("CORRUPT_STATE", `top-ups of proposal ${id}: bad entry`);
    }
    return { from: fromHex(o.from), amount: BigInt(o.amount) };
  });
}

/** Adds `amount` from `from` to the top-ups of `id` (merging with an earlier top-up of the same account). */
export function recordTopUp(state: GovernanceState, id: bigint, from: Uint8Array, amount: bigint): void {
  const hex = toHex(from);
  const list = proposalTopUps(state, id).map((t) => ({ from: toHex(t.from), amount: t.amount }));
  const mine = list.find((t) => t.from === hex);
  if (mine === undefined) list.push({ from: hex, amount });
  else mine.amount += amount;
  writeJson(
    state,
    topUpsKey(id),
    list.map((t) => ({ from: t.from, amount: t.amount.toString() })),
  );
}

/** Returns every depositor its share (`refund`), or sends the whole deposit to the Treasury (a missed quorum). */
export function settleDeposits(host: GovernanceHost, p: Proposal, refund: boolean): void {
  if (p.deposit === 0n) return;
  host.accounts.debit(GOVERNANCE_ADDRESS, p.deposit);
  if (!refund) {
    host.accounts.credit(TREASURY_ADDRESS, p.deposit);
    return;
  }
  let rest = p.deposit;
  for (const t of proposalTopUps(host.state, p.id)) {
    host.accounts.credit(t.from, t.amount);
    rest -= t.amount;
  }
  if (rest < 0n) throw new GovernanceError("CORRUPT_STATE", `proposal ${p.id}: top-ups exceed its deposit`);
  if (rest > 0n) host.accounts.credit(p.proposer, rest);
}
