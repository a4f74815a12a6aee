// Epoch boundaries (spec §6 "Validator Set": set updates at epoch boundaries; cips/staking.md
// "Epochs"): at the end of the last block of epoch e−1, the set of epoch e and its stake snapshot
// are fixed from the records: Pending and Active validators with stake ≥ the minimum, ascending by address.
import type { StakingConfig } from "./config.js";
import type { EpochSet, SetMember } from "./epochSet.js";
import { deleteEpochGroupKey } from "./groupKey.js";
import { deleteEpochSet, getEpochSet, getValidator, putEpochSet, putValidator, validatorAddresses, type StakingState } from "./store.js";
import { ValidatorStatus } from "./validator.js";

/** The epoch that `height` belongs to. */
export const epochOf = (config: StakingConfig, height: bigint): bigint => height / config.epochLength;

/** Whether `height` is the last block of its epoch (its end-of-block work fixes the next set). */
export const isEpochEnd = (config: StakingConfig, height: bigint): boolean => (height + 1n) % config.epochLength === 0n;

/** The set that governs `height` (undefined if the state has none, e.g. before genesis wrote it). */
export function epochSetAt(state: StakingState, config: StakingConfig, height: bigint): EpochSet | undefined {
  return getEpochSet(state, epochOf(config, height));
}

/**
 * End-of-block step: at the last block of an epoch, fixes and stores the next epoch's set, makes
 * its Pending members Active and drops the set (and group key) that fell out of retention. Returns the new set, or
 * undefined at any other height. An empty result keeps the previous members (the chain never halts for want of a set).
 */
export function processEpochBoundary(state: StakingState, config: StakingConfig, height: bigint): EpochSet | undefined {
  if (!isEpochEnd(config, height)) return undefined;
  const epoch = epochOf(config, height) + 1n;
  const members: SetMember[] = [];
  let totalStake = 0n;
  for (const address of validatorAddresses(state)) {
    const record = getValidator(state, address);
    if (record === undefined) continue;
    const eligible = (record.status === ValidatorStatus.Pending || record.status === ValidatorStatus.Active) && record.stake >= config.minimumValidatorStake;
    if (!eligible) continue;
    if (record.status === ValidatorStatus.Pending) putValidator(state, address, { ...record, status: ValidatorStatus.Active });
    members.push({ address: address.slice(), blsPublicKey: record.blsPublicKey.slice(), stake: record.stake });
    totalStake += record.stake;
  }
  const previous = getEpochSet(state, epoch - 1n);
  const set: EpochSet = members.length === 0 && previous !== undefined ? { epoch, members: previous.members, totalStake: previous.totalStake } : { epoch, members, totalStake };
  putEpochSet(state, set);
  const expired = epoch - 1n - config.epochSetRetention;
  if (expired >= 0n) {
    deleteEpochSet(state, expired);
    deleteEpochGroupKey(state, expired);
  }
  return set;
}
