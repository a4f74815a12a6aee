// The threshold group key of an epoch in the state (spec §6 "Validator Set": "a threshold key for the new
// set is produced by a reshare/DKG"; cips/staking.md "Group keys and the consensus hand-over"). This is the
// contract between the reshare (writer, packages/staking/src/dkg) and consensus (reader, the node).
import { CodecError, atMost, decode, encode, fixedBytes, struct, transform, u8, uint, vec, type Codec } from "@cowboy/codec";
import { StakingError } from "./errors.js";
import { groupKeyKey } from "./keys.js";
import type { StakingState } from "./store.js";
import { BLS_PUBLIC_KEY_LENGTH } from "./validator.js";

/** Most share holders / commitments one record may list (a decode bound, as MAX_SET_SIZE). */
export const MAX_GROUP_SIZE = 65_536;

/** Ok: a reshare or DKG produced this key for the epoch. Failed: it did not; the record carries the key that continues. */
export const GroupKeyOutcome = { Ok: 0, Failed: 1 } as const;
export type GroupKeyOutcome = (typeof GroupKeyOutcome)[keyof typeof GroupKeyOutcome];
export const GROUP_KEY_OUTCOME_NAMES = ["ok", "failed"] as const;

export interface EpochGroupKey {
  readonly epoch: bigint;
  readonly outcome: GroupKeyOutcome;
  /** Partials needed to recover a group signature (the polynomial's degree + 1); = commitments.length. */
  readonly threshold: bigint;
  /** Feldman commitments a_j·G1 (48 bytes compressed each), j = 0..threshold−1; [0] is the group public key. */
  readonly commitments: readonly Uint8Array[];
  /** Share holders in share order: the secret share with index i + 1 belongs to members[i] (20-byte addresses). */
  readonly members: readonly Uint8Array[];
  /** Qualified dealings combined into this key (0 for genesis' trusted dealing and for a Failed record). */
  readonly dealings: bigint;
}

const outcome: Codec<GroupKeyOutcome> = transform(
  u8,
  (byte) => {
    if (byte > GroupKeyOutcome.Failed) throw new CodecError("INVALID_VALUE", 0, `group key outcome ${byte}`);
    return byte as GroupKeyOutcome;
  },
  (o) => o,
);

/** epoch uint ‖ outcome u8 ‖ threshold uint ‖ commitments vec([48]) ‖ members vec([20]) ‖ dealings uint. */
export const epochGroupKeyCodec: Codec<EpochGroupKey> = struct({
  epoch: uint,
  outcome,
  threshold: uint,
  commitments: vec(fixedBytes(BLS_PUBLIC_KEY_LENGTH), atMost(MAX_GROUP_SIZE)),
  members: vec(fixedBytes(20), atMost(MAX_GROUP_SIZE)),
  dealings: uint,
}) as unknown as Codec<EpochGroupKey>;

/** Throws INVALID_ARGUMENT unless the record is self-consistent (1 ≤ threshold = #commitments ≤ #members). */
export function checkEpochGroupKey(key: EpochGroupKey): void {
  const t = key.threshold;
  if (t < 1n || t !== BigInt(key.commitments.length)) throw new StakingError("INVALID_ARGUMENT", `group key: threshold ${t} must equal the ${key.commitments.length} commitments`);
  if (BigInt(key.members.length) < t) throw new StakingError("INVALID_ARGUMENT", `group key: ${key.members.length} share holders cannot reach threshold ${t}`);
}

export function encodeEpochGroupKey(key: EpochGroupKey): Uint8Array {
  checkEpochGroupKey(key);
  return encode(epochGroupKeyCodec, key);
}

export function decodeEpochGroupKey(bytes: Uint8Array): EpochGroupKey {
  let key: EpochGroupKey;
  try {
    key = decode(epochGroupKeyCodec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `group key: ${error.message}`);
    throw error;
  }
  try {
    checkEpochGroupKey(key);
  } catch (error) {
    if (error instanceof StakingError) throw new StakingError("CORRUPT_STATE", error.message);
    throw error;
  }
  return key;
}

/** The group key record of `epoch`, or undefined when none was written (no reshare ran, or it fell out of retention). */
export function epochGroupKey(state: StakingState, epoch: bigint): EpochGroupKey | undefined {
  const bytes = state.get(groupKeyKey(epoch));
  return bytes === undefined ? undefined : decodeEpochGroupKey(bytes);
}

/** Writes the record of `key.epoch` (the reshare's boundary step; genesis for epoch 0). */
export function putEpochGroupKey(state: StakingState, key: EpochGroupKey): void {
  state.set(groupKeyKey(key.epoch), encodeEpochGroupKey(key));
}

export function deleteEpochGroupKey(state: StakingState, epoch: bigint): void {
  state.delete(groupKeyKey(epoch));
}
