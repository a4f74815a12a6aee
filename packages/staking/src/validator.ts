// A validator's record in the state (cips/staking.md "State layout" → record): its BLS key, its
// bonded stake and where it is in the lifecycle Register → Pending → Active → Unbonding → Withdraw,
// with Jailed beside Active. The canonical bytes are the codec's struct, fields in this order.
import { CodecError, decode, encode, fixedBytes, struct, u8, u64, uint, transform, type Codec } from "@cowboy/codec";
import { StakingError } from "./errors.js";

/** Compressed BLS12-381 G1 public key and G2 proof-of-possession lengths (@cowboy/crypto's scheme). */
export const BLS_PUBLIC_KEY_LENGTH = 48;
export const BLS_POP_LENGTH = 96;

/** Lifecycle status byte. */
export const ValidatorStatus = { Pending: 0, Active: 1, Unbonding: 2, Jailed: 3 } as const;
export type ValidatorStatus = (typeof ValidatorStatus)[keyof typeof ValidatorStatus];
export const VALIDATOR_STATUS_NAMES = ["pending", "active", "unbonding", "jailed"] as const;
export type ValidatorStatusName = (typeof VALIDATOR_STATUS_NAMES)[number];

export interface ValidatorRecord {
  readonly blsPublicKey: Uint8Array;
  /** Bonded stake in base units (u64). */
  readonly stake: bigint;
  readonly status: ValidatorStatus;
  /** Height of the register instruction. */
  readonly registeredAt: bigint;
  /** First height at which withdraw succeeds (0 unless unbonding). */
  readonly unbondingEndsAt: bigint;
  /** First height at which unjail succeeds (0 if never jailed). */
  readonly jailedUntil: bigint;
  /** Offences that jailed this validator so far (each doubles the next jail period). */
  readonly offences: bigint;
}

const status: Codec<ValidatorStatus> = transform(
  u8,
  (byte) => {
    if (byte > ValidatorStatus.Jailed) throw new CodecError("INVALID_VALUE", 0, `validator status ${byte}`);
    return byte as ValidatorStatus;
  },
  (s) => s,
);

/** blsPublicKey (48) ‖ stake u64 ‖ status u8 ‖ registeredAt varint ‖ unbondingEndsAt varint ‖ jailedUntil varint ‖ offences varint. */
export const validatorRecordCodec: Codec<ValidatorRecord> = struct({
  blsPublicKey: fixedBytes(BLS_PUBLIC_KEY_LENGTH),
  stake: u64,
  status,
  registeredAt: uint,
  unbondingEndsAt: uint,
  jailedUntil: uint,
  offences: uint,
}) as unknown as Codec<ValidatorRecord>;

export const encodeValidatorRecord = (record: ValidatorRecord): Uint8Array => encode(validatorRecordCodec, record);

export function decodeValidatorRecord(bytes: Uint8Array): ValidatorRecord {
  try {
    return decode(validatorRecordCodec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `validator record: ${error.message}`);
    throw error;
  }
}
