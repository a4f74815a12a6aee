// The genesis validators (cips/staking.md "Genesis"): Active records and the set of epoch 0. Their
// stake is bonded at genesis, not taken from a balance; it counts in the genesis supply.
import { compareBytes, toHex, U64_MAX } from "@cowboy/codec";
import type { StakingConfig } from "./config.js";
import type { EpochSet } from "./epochSet.js";
import { StakingError } from "./errors.js";
import { GroupKeyOutcome, putEpochGroupKey } from "./groupKey.js";
import { checkBlsKey } from "./lifecycle.js";
import { blsKeyOwner, getValidator, insertValidator, putEpochSet, type StakingState } from "./store.js";
import { ValidatorStatus } from "./validator.js";

export interface GenesisValidator {
  readonly address: Uint8Array;
  readonly blsPublicKey: Uint8Array;
  readonly proofOfPossession: Uint8Array;
  readonly stake: bigint;
}

/** The genesis (trusted) dealing of epoch 0's threshold key: share i + 1 belongs to members[i]. */
export interface GenesisGroupKey {
  readonly threshold: bigint;
  readonly commitments: readonly Uint8Array[];
  readonly members: readonly Uint8Array[];
}

/**
 * Writes the genesis validators into an empty staking state and returns the set of epoch 0; with
 * `groupKey`, also epoch 0's group key record (outcome ok, 0 dealings; cips/staking.md "Group keys").
 */
export function applyStakingGenesis(state: StakingState, config: StakingConfig, validators: readonly GenesisValidator[], groupKey?: GenesisGroupKey): EpochSet {
  if (!Array.isArray(validators) || validators.length === 0) throw new StakingError("INVALID_ARGUMENT", "genesis validators: expected at least one");
  let totalStake = 0n;
  validators.forEach((v, i) => {
    if (!(v.address instanceof Uint8Array) || v.address.length !== 20) throw new StakingError("INVALID_ARGUMENT", `validators[${i}].address: expected 20 bytes`);
    if (typeof v.stake !== "bigint" || v.stake < config.minimumValidatorStake || v.stake > U64_MAX) {
      throw new StakingError("STAKE_BELOW_MINIMUM", `validators[${i}].stake: expected a u64 ≥ minimum_validator_stake ${config.minimumValidatorStake}`);
    }
    checkBlsKey(v.blsPublicKey, v.proofOfPossession);
    if (getValidator(state, v.address) !== undefined) throw new StakingError("ALREADY_REGISTERED", `validators[${i}]: address listed twice`);
    if (blsKeyOwner(state, v.blsPublicKey) !== undefined) throw new StakingError("BLS_KEY_IN_USE", `validators[${i}]: BLS key listed twice`);
    insertValidator(state, v.address, {
      blsPublicKey: v.blsPublicKey.slice(),
      stake: v.stake,
      status: ValidatorStatus.Active,
      registeredAt: 0n,
      unbondingEndsAt: 0n,
      jailedUntil: 0n,
      offences: 0n,
    });
    totalStake += v.stake;
  });
  if (totalStake > U64_MAX) throw new StakingError("INVALID_ARGUMENT", "genesis validators: the total stake exceeds u64");
  const members = [...validators]
    .sort((a, b) => compareBytes(a.address, b.address))
    .map((v) => ({ address: v.address.slice(), blsPublicKey: v.blsPublicKey.slice(), stake: v.stake }));
  const set: EpochSet = { epoch: 0n, members, totalStake };
  putEpochSet(state, set);
  if (groupKey !== undefined) {
    const known = new Set(members.map((m) => toHex(m.address)));
    if (groupKey.members.length !== members.length || groupKey.members.some((m) => !known.has(toHex(m)))) {
      throw new StakingError("INVALID_ARGUMENT", "genesis group key: its share holders must be exactly the genesis validators");
    }
    putEpochGroupKey(state, { epoch: 0n, outcome: GroupKeyOutcome.Ok, threshold: groupKey.threshold, commitments: groupKey.commitments, members: groupKey.members, dealings: 0n });
  }
  return set;
}
