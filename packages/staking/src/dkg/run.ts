// Who deals, to whom, and against what, in the run that produces epoch E's key (cips/staking.md
// "Reshare"): the holders of the key in force during E − 1 deal (a reshare), or, before any key
// exists, the members of E − 1's set (a fresh DKG); the recipients are E's projected set.
import { concatBytes, encode, u64 } from "@cowboy/codec";
import type { DkgKind } from "@cowboy/crypto";
import type { StakingConfig } from "../config.js";
import { getEpochSet, getValidator, validatorAddresses, type StakingState } from "../store.js";
import { ValidatorStatus } from "../validator.js";
import { committeeThreshold } from "./config.js";
import type { EpochGroupKey } from "../groupKey.js";
import { type ReshareRecipient, getReshareTarget, groupKeyInForce } from "./records.js";

const CONTEXT_TAG = new TextEncoder().encode("cowboy/staking/reshare/v1");

/** The bytes every pad and complaint of the run for `epoch` is bound to. */
export function reshareContext(chainId: bigint, epoch: bigint): Uint8Array {
  return concatBytes(CONTEXT_TAG, encode(u64, chainId), encode(u64, epoch));
}

export interface ReshareRun {
  /** The epoch whose key the run produces. */
  readonly epoch: bigint;
  readonly kind: DkgKind;
  /** Dealer i is at position i − 1. */
  readonly dealers: readonly Uint8Array[];
  /** The key being reshared (reshare only). */
  readonly current: EpochGroupKey | undefined;
  /** Reshare: the current threshold. Fresh: committeeThreshold(number of dealers). */
  readonly required: number;
  readonly recipients: readonly ReshareRecipient[];
  /** The new committee's threshold. */
  readonly threshold: number;
}

/**
 * The next set as the epoch boundary would fix it now (same rule as processEpochBoundary: Pending or
 * Active with stake ≥ the minimum, ascending by address).
 */
export function projectNextSet(state: StakingState, config: StakingConfig): ReshareRecipient[] {
  const out: ReshareRecipient[] = [];
  for (const address of validatorAddresses(state)) {
    const r = getValidator(state, address);
    if (r === undefined) continue;
    if ((r.status === ValidatorStatus.Pending || r.status === ValidatorStatus.Active) && r.stake >= config.minimumValidatorStake) {
      out.push({ address: address.slice(), blsPublicKey: r.blsPublicKey.slice() });
    }
  }
  return out;
}

/** The run for `epoch`, with its recipients frozen (if they are) or projected. Undefined with no dealers. */
export function reshareRun(state: StakingState, config: StakingConfig, epoch: bigint): ReshareRun | undefined {
  const recipients = getReshareTarget(state, epoch) ?? projectNextSet(state, config);
  if (recipients.length === 0) return undefined;
  const threshold = committeeThreshold(recipients.length);
  const current = epoch === 0n ? undefined : groupKeyInForce(state, epoch - 1n);
  if (current !== undefined) return { epoch, kind: "reshare", dealers: current.members, current, required: Number(current.threshold), recipients, threshold };
  const set = epoch === 0n ? undefined : getEpochSet(state, epoch - 1n);
  if (set === undefined || set.members.length === 0) return undefined;
  // A fresh DKG needs a BFT quorum of its dealers, so at least one honest dealer's secret is in the key.
  return { epoch, kind: "fresh", dealers: set.members.map((m) => m.address), current, required: committeeThreshold(set.members.length), recipients, threshold };
}
