// The validator lifecycle instructions (spec §6 "Validator Set"; cips/staking.md "Instructions"):
// register, add_stake, exit, withdraw, unjail. Each checks every rule before it writes, so a
// refusal (StakingError) leaves the state and balances as they were.
import { U64_MAX, toHex } from "@cowboy/codec";
import { blsPopVerify } from "@cowboy/crypto";
import type { StakingConfig } from "./config.js";
import { StakingError } from "./errors.js";
import { blsKeyOwner, getValidator, insertValidator, putValidator, removeValidator, type StakingAccounts, type StakingState } from "./store.js";
import { BLS_POP_LENGTH, BLS_PUBLIC_KEY_LENGTH, ValidatorStatus, type ValidatorRecord } from "./validator.js";

/** The state, balances and parameters an instruction runs against, and the block it is in. */
export interface StakingContext {
  readonly state: StakingState;
  readonly accounts: StakingAccounts;
  readonly config: StakingConfig;
  readonly height: bigint;
}

export interface RegisterRequest {
  readonly address: Uint8Array;
  readonly blsPublicKey: Uint8Array;
  readonly proofOfPossession: Uint8Array;
  readonly amount: bigint;
}

function address(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length !== 20) throw new StakingError("INVALID_ARGUMENT", "address: expected 20 bytes");
  return value;
}

function amount(value: unknown): bigint {
  if (typeof value !== "bigint" || value <= 0n || value > U64_MAX) throw new StakingError("INVALID_AMOUNT", `amount: expected a u64 above 0, got ${String(value)}`);
  return value;
}

function existing(ctx: StakingContext, who: Uint8Array): ValidatorRecord {
  const record = getValidator(ctx.state, who);
  if (record === undefined) throw new StakingError("NOT_A_VALIDATOR", `0x${toHex(who)} has no validator record`);
  return record;
}

function debit(ctx: StakingContext, who: Uint8Array, value: bigint): void {
  const balance = ctx.accounts.balanceOf(who);
  if (balance < value) throw new StakingError("INSUFFICIENT_BALANCE", `balance ${balance} does not cover ${value}`);
  ctx.accounts.debit(who, value);
}

/** Checks a BLS public key and its proof of possession; throws INVALID_BLS_KEY. */
export function checkBlsKey(blsPublicKey: unknown, proofOfPossession: unknown): void {
  if (!(blsPublicKey instanceof Uint8Array) || blsPublicKey.length !== BLS_PUBLIC_KEY_LENGTH) {
    throw new StakingError("INVALID_BLS_KEY", `bls_public_key: expected ${BLS_PUBLIC_KEY_LENGTH} bytes (compressed G1)`);
  }
  if (!(proofOfPossession instanceof Uint8Array) || proofOfPossession.length !== BLS_POP_LENGTH) {
    throw new StakingError("INVALID_BLS_KEY", `proof_of_possession: expected ${BLS_POP_LENGTH} bytes (compressed G2)`);
  }
  let ok: boolean;
  try {
    ok = blsPopVerify(blsPublicKey, proofOfPossession);
  } catch {
    // The key or proof is not a point of its group: the crypto layer's refusal, not a protocol error class.
    ok = false;
  }
  if (!ok) throw new StakingError("INVALID_BLS_KEY", "the proof of possession does not verify for this BLS public key");
}

/** register: bonds `amount` of the sender's balance; the validator is Pending until the next epoch boundary. */
export function register(ctx: StakingContext, request: RegisterRequest): ValidatorRecord {
  const who = address(request.address);
  const value = amount(request.amount);
  if (getValidator(ctx.state, who) !== undefined) throw new StakingError("ALREADY_REGISTERED", `0x${toHex(who)} is already a validator`);
  if (value < ctx.config.minimumValidatorStake) {
    throw new StakingError("STAKE_BELOW_MINIMUM", `stake ${value} is below minimum_validator_stake ${ctx.config.minimumValidatorStake}`);
  }
  if (ctx.accounts.balanceOf(who) < value) throw new StakingError("INSUFFICIENT_BALANCE", `balance ${ctx.accounts.balanceOf(who)} does not cover ${value}`);
  checkBlsKey(request.blsPublicKey, request.proofOfPossession);
  if (blsKeyOwner(ctx.state, request.blsPublicKey) !== undefined) throw new StakingError("BLS_KEY_IN_USE", "another validator registered this BLS public key");
  debit(ctx, who, value);
  const record: ValidatorRecord = {
    blsPublicKey: request.blsPublicKey.slice(),
    stake: value,
    status: ValidatorStatus.Pending,
    registeredAt: ctx.height,
    unbondingEndsAt: 0n,
    jailedUntil: 0n,
    offences: 0n,
  };
  insertValidator(ctx.state, who, record);
  return record;
}

/** add_stake: bonds more of the sender's balance (counted in the next epoch's snapshot). Not while unbonding. */
export function addStake(ctx: StakingContext, who: Uint8Array, value: bigint): ValidatorRecord {
  address(who);
  amount(value);
  const record = existing(ctx, who);
  if (record.status === ValidatorStatus.Unbonding) throw new StakingError("WRONG_STATUS", "add_stake: the validator is unbonding");
  if (record.stake + value > U64_MAX) throw new StakingError("INVALID_AMOUNT", "add_stake: the stake would exceed u64");
  debit(ctx, who, value);
  const next = { ...record, stake: record.stake + value };
  putValidator(ctx.state, who, next);
  return next;
}

/**
 * exit: starts unbonding now; the stake can be withdrawn `unbondingPeriod` blocks later (or when a
 * jail ends, if later). The validator leaves the set at the next epoch boundary.
 */
export function exit(ctx: StakingContext, who: Uint8Array): ValidatorRecord {
  address(who);
  const record = existing(ctx, who);
  if (record.status === ValidatorStatus.Unbonding) throw new StakingError("WRONG_STATUS", "exit: the validator is already unbonding");
  const end = ctx.height + ctx.config.unbondingPeriod;
  const next = { ...record, status: ValidatorStatus.Unbonding, unbondingEndsAt: end > record.jailedUntil ? end : record.jailedUntil };
  putValidator(ctx.state, who, next);
  return next;
}

/** withdraw: after unbonding, returns the stake to the balance and deletes the record; returns the amount. */
export function withdraw(ctx: StakingContext, who: Uint8Array): bigint {
  address(who);
  const record = existing(ctx, who);
  if (record.status !== ValidatorStatus.Unbonding) throw new StakingError("WRONG_STATUS", "withdraw: the validator has not exited");
  if (ctx.height < record.unbondingEndsAt) throw new StakingError("STILL_UNBONDING", `withdraw: unbonding ends at height ${record.unbondingEndsAt}`);
  removeValidator(ctx.state, who, record);
  ctx.accounts.credit(who, record.stake);
  return record.stake;
}

/** unjail: after the jail period, a jailed validator with enough stake is Pending again (in the set from the next boundary). */
export function unjail(ctx: StakingContext, who: Uint8Array): ValidatorRecord {
  address(who);
  const record = existing(ctx, who);
  if (record.status !== ValidatorStatus.Jailed) throw new StakingError("WRONG_STATUS", "unjail: the validator is not jailed");
  if (ctx.height < record.jailedUntil) throw new StakingError("STILL_JAILED", `unjail: the jail ends at height ${record.jailedUntil}`);
  if (record.stake < ctx.config.minimumValidatorStake) {
    throw new StakingError("STAKE_BELOW_MINIMUM", `unjail: stake ${record.stake} is below minimum_validator_stake ${ctx.config.minimumValidatorStake}; add_stake first`);
  }
  const next = { ...record, status: ValidatorStatus.Pending };
  putValidator(ctx.state, who, next);
  return next;
}

/** The jail length of the `offences`-th offence (1-based): jailPeriod · 2^min(offences − 1, maxJailDoublings). */
export function jailLength(config: StakingConfig, offences: bigint): bigint {
  const doublings = offences - 1n < config.maxJailDoublings ? offences - 1n : config.maxJailDoublings;
  return config.jailPeriod << (doublings < 0n ? 0n : doublings);
}

/**
 * Jails `who` for an offence at `ctx.height` (slashing and downtime call this). An unbonding
 * validator stays unbonding but cannot withdraw before the jail ends. Returns the new record.
 */
export function jail(ctx: StakingContext, who: Uint8Array): ValidatorRecord {
  const record = existing(ctx, address(who));
  const offences = record.offences + 1n;
  const jailedUntil = ctx.height + jailLength(ctx.config, offences);
  const next =
    record.status === ValidatorStatus.Unbonding
      ? { ...record, offences, jailedUntil, unbondingEndsAt: record.unbondingEndsAt > jailedUntil ? record.unbondingEndsAt : jailedUntil }
      : { ...record, offences, jailedUntil, status: ValidatorStatus.Jailed };
  putValidator(ctx.state, who, next);
  return next;
}
