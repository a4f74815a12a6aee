// The reshare's epoch-boundary step (cips/staking.md "Reshare"): after the next set is fixed, the run
// for the new epoch succeeds if its frozen recipients are that set and at least `required` dealings
// stand (not disqualified by a complaint): the new key (same group key on a reshare) is recorded, and the
// run's dealings stay until the next boundary so its recipients can derive their shares (share.ts).
// Otherwise the previous key and its holders continue: a Failed record repeats it, the reason is kept apart.
import { equalBytes } from "@cowboy/codec";
import { type Dealing, combineCommitments, decodeDealing } from "@cowboy/crypto";
import type { StakingConfig } from "../config.js";
import { epochOf, isEpochEnd } from "../epoch.js";
import { getEpochSet, type StakingState } from "../store.js";
import { type EpochGroupKey, GroupKeyOutcome, putEpochGroupKey } from "../groupKey.js";
import { complaintKey, dealingKey, reshareTargetKey } from "./keys.js";
import { type ReshareRecipient, getReshareTarget, groupKeyInForce, putReshareFailure } from "./records.js";
import { reshareRun } from "./run.js";

export interface ReshareReport {
  readonly epoch: bigint;
  /** The record written, or undefined when a fresh DKG failed (there is no key to carry). */
  readonly record: EpochGroupKey | undefined;
  /** Why the run failed; empty on success. */
  readonly failure: string;
}

/** End-of-block step; runs after processEpochBoundary. Undefined except at an epoch's last block with a run. */
export function processReshare(state: StakingState, config: StakingConfig, height: bigint): ReshareReport | undefined {
  if (!isEpochEnd(config, height)) return undefined;
  const epoch = epochOf(config, height) + 1n;
  const target = getReshareTarget(state, epoch);
  const run = reshareRun(state, config, epoch);
  if (run === undefined) return undefined;
  // The previous run's dealings were kept for its recipients to derive their shares (openEpochShare); now they go.
  dropRun(state, config, epoch - 1n);
  const qualified = standingDealings(state, epoch, run.dealers.length);
  state.delete(reshareTargetKey(epoch));
  const failure = whyNot(target, getEpochSet(state, epoch)?.members, qualified.length, run.required);
  if (failure !== "") dropRun(state, config, epoch);
  if (failure === "") {
    const combined = combineCommitments({ kind: run.kind, dealings: qualified, required: run.required });
    const record: EpochGroupKey = {
      epoch,
      outcome: GroupKeyOutcome.Ok,
      threshold: BigInt(run.threshold),
      commitments: combined.commitments,
      members: (target as ReshareRecipient[]).map((r) => r.address),
      dealings: BigInt(combined.dealers.length),
    };
    putEpochGroupKey(state, record);
    return { epoch, record, failure };
  }
  putReshareFailure(state, epoch, failure);
  if (run.current === undefined) return { epoch, record: undefined, failure };
  const carried: EpochGroupKey = { ...run.current, epoch, outcome: GroupKeyOutcome.Failed, dealings: 0n };
  putEpochGroupKey(state, carried);
  return { epoch, record: carried, failure };
}

/** The dealings of the run for `epoch` without a complaint, ascending by dealer. */
export function standingDealings(state: StakingState, epoch: bigint, dealers: number): Dealing[] {
  const out: Dealing[] = [];
  for (let dealer = 1; dealer <= dealers; dealer++) {
    const bytes = state.get(dealingKey(epoch, dealer));
    if (bytes !== undefined && state.get(complaintKey(epoch, dealer)) === undefined) out.push(decodeDealing(bytes));
  }
  return out;
}

/** How many dealers the run for `epoch` had: the holders of the key in force for epoch − 1, else that epoch's set. */
export function runDealerCount(state: StakingState, epoch: bigint): number {
  if (epoch < 1n) return 0;
  return (groupKeyInForce(state, epoch - 1n)?.members ?? getEpochSet(state, epoch - 1n)?.members ?? []).length;
}

function dropRun(state: StakingState, _config: StakingConfig, epoch: bigint): void {
  const n = runDealerCount(state, epoch);
  for (let dealer = 1; dealer <= n; dealer++) {
    state.delete(dealingKey(epoch, dealer));
    state.delete(complaintKey(epoch, dealer));
  }
}

function whyNot(target: readonly ReshareRecipient[] | undefined, set: readonly ReshareRecipient[] | undefined, qualified: number, required: number): string {
  if (target === undefined) return "no dealing was submitted";
  if (
    set === undefined ||
    set.length !== target.length ||
    set.some((m, i) => !equalBytes(m.address, target[i]?.address as Uint8Array) || !equalBytes(m.blsPublicKey, target[i]?.blsPublicKey as Uint8Array))
  ) {
    return "the validator set changed after the recipients were frozen";
  }
  if (qualified < required) return `${qualified} qualified dealings, ${required} needed`;
  return "";
}
