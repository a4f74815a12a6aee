import type { Fork } from "@cowboy/state";
import { encode, u64 } from "@cowboy/codec";
import { SchedulerError } from "./errors.js";
import { farIndexKey } from "./keys.js";

// The far set's ordered index: a 256-ary radix trie over the 8 big-endian bytes of a height,
// stored as state keys, so the state root commits to it (a Merkleized ordered set). A node at
// level l (0..7) is a 32-byte bitmap of the child bytes below its l-byte prefix that are present;
// bit b is byte[b >> 3] & (1 << (b & 7)). Insert, delete and min touch at most 8 nodes each.

const LEVELS = 8;
const EMPTY = new Uint8Array(32);

function node(fork: Fork, level: number, prefix: Uint8Array): Uint8Array {
  const raw = fork.get(farIndexKey(level, prefix));
  if (raw === undefined) return EMPTY;
  if (raw.length !== 32) throw new SchedulerError("CORRUPT_STATE", `far index node at level ${level} is ${raw.length} bytes`);
  return raw;
}

const has = (bits: Uint8Array, b: number): boolean => (bits[b >> 3]! & (1 << (b & 7))) !== 0;

/** Adds `height` to the index (idempotent). */
export function farIndexInsert(fork: Fork, height: bigint): void {
  const key = encode(u64, height);
  for (let level = LEVELS - 1; level >= 0; level--) {
    const prefix = key.subarray(0, level);
    const bits = node(fork, level, prefix);
    const b = key[level]!;
    if (has(bits, b)) return;
    const wasEmpty = bits.every((x) => x === 0);
    const next = bits.slice();
    next[b >> 3] = next[b >> 3]! | (1 << (b & 7));
    fork.set(farIndexKey(level, prefix), next);
    // A node that already had children is already marked in its parent.
    if (!wasEmpty) return;
  }
}

/** Removes `height` from the index (it must be present). */
export function farIndexDelete(fork: Fork, height: bigint): void {
  const key = encode(u64, height);
  for (let level = LEVELS - 1; level >= 0; level--) {
    const prefix = key.subarray(0, level);
    const bits = node(fork, level, prefix);
    const b = key[level]!;
    if (!has(bits, b)) throw new SchedulerError("CORRUPT_STATE", `far index does not hold height ${height}`);
    const next = bits.slice();
    next[b >> 3] = next[b >> 3]! & ~(1 << (b & 7));
    if (next.some((x) => x !== 0)) {
      fork.set(farIndexKey(level, prefix), next);
      return;
    }
    fork.delete(farIndexKey(level, prefix));
  }
}

function lowestBit(bits: Uint8Array): number {
  for (let i = 0; i < 32; i++) {
    const byte = bits[i]!;
    if (byte !== 0) return i * 8 + (31 - Math.clz32(byte & -byte));
  }
  return -1;
}

/** The smallest height in the index, or null when it is empty. */
export function farIndexMin(fork: Fork): bigint | null {
  const key = new Uint8Array(LEVELS);
  for (let level = 0; level < LEVELS; level++) {
    const b = lowestBit(node(fork, level, key.subarray(0, level)));
    if (b < 0) {
      if (level === 0) return null;
      throw new SchedulerError("CORRUPT_STATE", `far index node at level ${level} is empty but marked`);
    }
    key[level] = b;
  }
  let h = 0n;
  for (const byte of key) h = (h << 8n) | BigInt(byte);
  return h;
}
