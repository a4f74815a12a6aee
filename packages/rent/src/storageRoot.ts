// The storage root kept at eviction and checked at restoration (spec "Grace Period and Eviction";
// cips/rent.md "Storage root"): a keccak256 hash chain over the actor's (slot, value) pairs in
// ascending slot order, so a restorer may hand the pairs over in order and no tree is stored.
import { CodecError, atMost, bytes, compareBytes, concatBytes, decode, encode, tuple, vec, type Codec } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { RentError } from "./errors.js";
import { u32be } from "./keys.js";

/** One storage entry: the slot (key after the actor's address) and its value. */
export type StoragePair = readonly [slot: Uint8Array, value: Uint8Array];

/** The chain's start: keccak256 of this domain. */
export const STORAGE_ROOT_DOMAIN = "cowboy:rent:storage-root:v1";

/** Slots per restoration payload at most (a transaction carries at most 128 KiB anyway). */
export const MAX_RESTORE_PAIRS = 1 << 16;

/** The restoration payload: `vec(tuple(bytes slot, bytes value))`, slots strictly ascending. */
export const storagePairsCodec: Codec<StoragePair[]> = vec(tuple([bytes(atMost(1024)), bytes(atMost(1 << 20))]), atMost(MAX_RESTORE_PAIRS)) as unknown as Codec<StoragePair[]>;

export const encodeStoragePairs = (pairs: readonly StoragePair[]): Uint8Array =>
  encode(
    storagePairsCodec,
    [...pairs].sort((a, b) => compareBytes(a[0], b[0])),
  );

/** Decodes a restoration payload; INVALID_ARGUMENT unless it decodes and its slots ascend strictly. */
export function decodeStoragePairs(payload: Uint8Array): StoragePair[] {
  let pairs: StoragePair[];
  try {
    pairs = decode(storagePairsCodec, payload);
  } catch (error) {
    if (error instanceof CodecError) throw new RentError("INVALID_ARGUMENT", `storage: ${error.message}`);
    throw error;
  }
  for (let i = 1; i < pairs.length; i++) {
    if (compareBytes(pairs[i - 1]![0], pairs[i]![0]) >= 0) throw new RentError("INVALID_ARGUMENT", "storage: slots must be strictly ascending");
  }
  return pairs;
}

/** h₀ = keccak256(domain); hᵢ = keccak256(hᵢ₋₁ ‖ u32(|slot|) ‖ slot ‖ u32(|value|) ‖ value), pairs by ascending slot. */
export function storageRoot(pairs: readonly StoragePair[]): Uint8Array {
  const sorted = [...pairs].sort((a, b) => compareBytes(a[0], b[0]));
  let h = keccak256(new TextEncoder().encode(STORAGE_ROOT_DOMAIN));
  for (const [slot, value] of sorted) h = keccak256(concatBytes(h, u32be(slot.length), slot, u32be(value.length), value));
  return h;
}

/** The bytes a set of pairs counts against quota and rent (keys + values, as the host counts them). */
export function pairBytes(pairs: readonly StoragePair[]): bigint {
  let n = 0n;
  for (const [slot, value] of pairs) n += BigInt(slot.length + value.length);
  return n;
}
