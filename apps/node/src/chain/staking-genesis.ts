// Staking on the devnet and on `cowboy testnet` (issue 21, cips/staking.md "Devnet and testnets"): a
// genesis file's `staking` object (the StakingConfig numbers a chain runs with) and what it implies for
// block 0 — the consensus validators become staking records with their proofs of possession, and the
// genesis dealing becomes epoch 0's group key record.
import { toHex } from "@cowboy/codec";
import { createStakingConfig, StakingError, type StakingConfig } from "@cowboy/staking";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { z } from "zod";
import type { ConsensusGenesis } from "../validator/keys.js";

const u64 = z.string().regex(/^(0|[1-9][0-9]{0,19})$/, "expected a decimal string");

/** The genesis file's `staking` object: every field optional (absent: the spec's default, DEFAULT_STAKING_CONFIG). */
export const stakingFileSchema = z.strictObject({
  epoch_length: u64.optional(),
  minimum_validator_stake: u64.optional(),
  unbonding_period: u64.optional(),
  jail_period: u64.optional(),
  max_jail_doublings: u64.optional(),
  epoch_set_retention: u64.optional(),
  double_sign_slash_bps: u64.optional(),
  downtime_window: u64.optional(),
  downtime_missed_bps: u64.optional(),
  blocks_per_year: u64.optional(),
});
export type StakingFileJson = z.infer<typeof stakingFileSchema>;

const FIELDS = [
  ["epoch_length", "epochLength"],
  ["minimum_validator_stake", "minimumValidatorStake"],
  ["unbonding_period", "unbondingPeriod"],
  ["jail_period", "jailPeriod"],
  ["max_jail_doublings", "maxJailDoublings"],
  ["epoch_set_retention", "epochSetRetention"],
  ["double_sign_slash_bps", "doubleSignSlashBps"],
  ["downtime_window", "downtimeWindow"],
  ["downtime_missed_bps", "downtimeMissedBps"],
  ["blocks_per_year", "blocksPerYear"],
] as const;

/** The StakingConfig of a genesis file's `staking` object; throws the StakingError of a bad value. */
export function stakingFromJson(json: StakingFileJson): StakingConfig {
  const overrides: Record<string, bigint> = {};
  for (const [file, field] of FIELDS) {
    const value = json[file];
    if (value !== undefined) overrides[field] = BigInt(value);
  }
  return createStakingConfig(overrides as Partial<StakingConfig>);
}

/** The genesis file form: every numeric field written out, so the file alone fixes the chain. */
export function stakingToJson(config: StakingConfig): StakingFileJson {
  const out: Record<string, string> = {};
  for (const [file, field] of FIELDS) out[file] = config[field].toString();
  return out as StakingFileJson;
}

/**
 * A local chain's downtime window, in epochs (cips/staking.md "Devnet and testnets"): long enough that a
 * validator started a few seconds after the others, or restarted, is not jailed for it.
 */
export const DEVNET_DOWNTIME_EPOCHS = 10n;

/**
 * Small epochs for a local chain: `epochLength` blocks per epoch, an unbonding period of two epochs, a
 * jail and a downtime window of one epoch. Never use it anywhere but a devnet or a local testnet.
 */
export function devnetStaking(epochLength: bigint, downtimeWindow: bigint = DEVNET_DOWNTIME_EPOCHS * epochLength): StakingConfig {
  return createStakingConfig({ epochLength, unbondingPeriod: 2n * epochLength, jailPeriod: epochLength, downtimeWindow });
}

/** The staking half of block 0 from the consensus genesis: records (needs every proof of possession) and epoch 0's group key. */
export function stakingGenesisOf(consensus: ConsensusGenesis): {
  validators: { address: Uint8Array; blsPublicKey: Uint8Array; proofOfPossession: Uint8Array; stake: bigint }[];
  groupKey: { threshold: bigint; commitments: readonly Uint8Array[]; members: Uint8Array[] };
} {
  const validators = consensus.validators.map((v, i) => {
    if (v.proofOfPossession === undefined) throw new StakingError("INVALID_ARGUMENT", `validators.${i}: a chain with staking needs its proof_of_possession`);
    return { address: v.address, blsPublicKey: v.blsPublicKey, proofOfPossession: v.proofOfPossession, stake: v.stake };
  });
  return {
    validators,
    groupKey: { threshold: BigInt(consensus.threshold), commitments: consensus.commitments, members: consensus.validators.map((v) => v.address) },
  };
}

/**
 * What a local chain gives each genesis validator's account to pay for its duty transactions (dealings
 * and complaints, cips/staking.md "Validator duties") before its rewards cover them: 1,000 CBY.
 */
export const LOCAL_VALIDATOR_ALLOWANCE = 1_000n * BASE_UNITS_PER_CBY;

/**
 * `genesis` with staking on: the config, block 0's staking records and group key from its consensus
 * genesis, and `allowance` (a devnet or local testnet passes LOCAL_VALIDATOR_ALLOWANCE; a genesis file's
 * allocations are its own) for each validator account the allocations do not fund yet.
 */
export function withStaking<G extends { readonly consensus: ConsensusGenesis; readonly config: { readonly allocations: readonly { address: Uint8Array; balance: bigint }[] } }>(
  genesis: G,
  staking: StakingConfig,
  allowance = 0n,
): G & { staking: StakingConfig } {
  const { validators, groupKey } = stakingGenesisOf(genesis.consensus);
  const funded = new Set(genesis.config.allocations.map((a) => toHex(a.address)));
  const allowances = (allowance === 0n ? [] : validators).filter((v) => !funded.has(toHex(v.address))).map((v) => ({ address: v.address, balance: allowance }));
  return { ...genesis, staking, config: { ...genesis.config, allocations: [...genesis.config.allocations, ...allowances], validators, groupKey } };
}
