// An epoch's validator set and stake snapshot (cips/staking.md "Epochs"): fixed at the end of the
// previous epoch's last block, read by consensus for leader selection, quorum and vote checks.
import { CodecError, decode, encode, fixedBytes, struct, u64, uint, vec, atMost, type Codec } from "@cowboy/codec";
import { StakingError } from "./errors.js";
import { BLS_PUBLIC_KEY_LENGTH } from "./validator.js";

/** Most validators one set may hold (a decode bound, not a protocol cap on registrations). */
export const MAX_SET_SIZE = 65_536;

export interface SetMember {
  readonly address: Uint8Array;
  readonly blsPublicKey: Uint8Array;
  readonly stake: bigint;
}

export interface EpochSet {
  readonly epoch: bigint;
  /** Ascending by address; every stake ≥ the minimum at the snapshot. */
  readonly members: readonly SetMember[];
  readonly totalStake: bigint;
}

const member = struct({ address: fixedBytes(20), blsPublicKey: fixedBytes(BLS_PUBLIC_KEY_LENGTH), stake: u64 });

/** epoch varint ‖ members vec(address ‖ blsPublicKey ‖ stake u64) ‖ totalStake u64. */
export const epochSetCodec: Codec<EpochSet> = struct({
  epoch: uint,
  members: vec(member, atMost(MAX_SET_SIZE)),
  totalStake: u64,
}) as unknown as Codec<EpochSet>;

export const encodeEpochSet = (set: EpochSet): Uint8Array => encode(epochSetCodec, set);

export function decodeEpochSet(bytes: Uint8Array): EpochSet {
  try {
    return decode(epochSetCodec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `epoch set: ${error.message}`);
    throw error;
  }
}
