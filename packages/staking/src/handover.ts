// The consensus hand-over at an epoch boundary (spec §6 "Validator Set": "if a reshare fails, the previous
// set continues"; cips/staking.md "Group keys and the consensus hand-over"): which members, stakes and
// beacon key consensus runs an epoch with, decided from the state alone so every node agrees.
import { toHex } from "@cowboy/codec";
import type { StakingConfig } from "./config.js";
import type { SetMember } from "./epochSet.js";
import { epochGroupKey, GroupKeyOutcome, type EpochGroupKey } from "./groupKey.js";
import { getEpochSet, type StakingState } from "./store.js";

/** How an epoch's own key turned out: ok (in use), failed (the reshare said so), missing (no record), mismatch (a key for other members). */
export type HandoverStatus = "ok" | "failed" | "missing" | "mismatch";

export interface ConsensusSet {
  /** The epoch asked about. */
  readonly epoch: bigint;
  /** The epoch whose set and key are in use (= epoch when status is ok). */
  readonly from: bigint;
  readonly status: HandoverStatus;
  /** In share order (member i holds share i + 1), with the stakes of epoch `from`'s snapshot. */
  readonly members: readonly SetMember[];
  readonly totalStake: bigint;
  readonly key: EpochGroupKey;
}

/** The status of `epoch`'s own key against its own set, and the members in share order when ok. */
function own(state: StakingState, epoch: bigint): { status: HandoverStatus; members?: SetMember[]; key?: EpochGroupKey; totalStake?: bigint } {
  const key = epochGroupKey(state, epoch);
  if (key === undefined) return { status: "missing" };
  if (key.outcome === GroupKeyOutcome.Failed) return { status: "failed" };
  const set = getEpochSet(state, epoch);
  if (set === undefined || set.members.length !== key.members.length) return { status: "mismatch" };
  const byAddress = new Map(set.members.map((m) => [toHex(m.address), m]));
  const members: SetMember[] = [];
  for (const address of key.members) {
    const m = byAddress.get(toHex(address));
    if (m === undefined) return { status: "mismatch" };
    byAddress.delete(toHex(address));
    members.push(m);
  }
  return { status: "ok", members, key, totalStake: set.totalStake };
}

/**
 * The set consensus runs `epoch` with: the epoch's own set in its key's share order when its key is ok
 * and covers exactly its members; otherwise the consensus set of the epoch before, recursively (within
 * the retained sets). Undefined when no retained epoch qualifies (the node keeps the set it has).
 */
export function consensusSetFor(state: StakingState, config: StakingConfig, epoch: bigint): ConsensusSet | undefined {
  const first = own(state, epoch);
  const oldest = epoch > config.epochSetRetention ? epoch - config.epochSetRetention : 0n;
  for (let e = epoch; e >= oldest; e--) {
    const r = e === epoch ? first : own(state, e);
    if (r.status === "ok") return { epoch, from: e, status: first.status, members: r.members!, totalStake: r.totalStake!, key: r.key! };
  }
  return undefined;
}
