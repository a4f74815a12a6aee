// Randomness capability (ARCHITECTURE.md, "Rules of the house"): `seededRng` is xoshiro128** (Blackman
// and Vigna, 2018) seeded through SHA-256, replayable bit for bit; `cryptoRng` draws from node:crypto.
// Neither is for consensus values (those come from the beacon); they drive jitter, retries, sampling.
import { ArgumentError, aint } from "@cowboy/codec";
import { sha256 } from "@cowboy/crypto";
import { getRandomValues } from "node:crypto";
import type { Rng } from "./capabilities.js";

const TWO_32 = 0x1_0000_0000;

/** Draws a uniform integer in [0, bound) from `nextU32` by rejection (no modulo bias). */
function belowFrom(next: () => number, bound: number): number {
  aint(bound, "bound", 1, TWO_32);
  if (bound === TWO_32) return next();
  // Reject the top (2^32 mod bound) values so every residue is equally likely.
  const limit = TWO_32 - (TWO_32 % bound);
  for (;;) {
    const x = next();
    if (x < limit) return x % bound;
  }
}

/** A seed as bytes: a Uint8Array as is, a bigint as its minimal big-endian bytes (0n as none). */
export function seedBytes(seed: Uint8Array | bigint): Uint8Array {
  if (seed instanceof Uint8Array) return seed;
  if (typeof seed !== "bigint" || seed < 0n) throw new ArgumentError("seed", "must be a Uint8Array or a non-negative bigint");
  if (seed === 0n) return new Uint8Array(0);
  const hex = seed.toString(16);
  const out = new Uint8Array(Math.ceil(hex.length / 2));
  for (let i = 0, n = seed; i < out.length; i++, n >>= 8n) out[out.length - 1 - i] = Number(n & 0xffn);
  return out;
}

/**
 * A deterministic Rng: xoshiro128** whose 128-bit state is the first 16 bytes of
 * SHA-256("cowboy-runtime-rng" || seed). A bigint seed is taken as its minimal big-endian bytes
 * (0n as no bytes). The same seed gives the same stream on every platform.
 */
export function seededRng(seed: Uint8Array | bigint): Rng {
  const tag = new TextEncoder().encode("cowboy-runtime-rng");
  const bytes = seedBytes(seed);
  const input = new Uint8Array(tag.length + bytes.length);
  input.set(tag);
  input.set(bytes, tag.length);
  const h = sha256(input);
  const view = new DataView(h.buffer, h.byteOffset, h.byteLength);
  let s0 = view.getUint32(0, true);
  let s1 = view.getUint32(4, true);
  let s2 = view.getUint32(8, true);
  let s3 = view.getUint32(12, true);
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1; // the all-zero state is xoshiro's one fixed point

  const nextU32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  return {
    nextU32,
    below: (bound) => belowFrom(nextU32, bound),
    bytes: (length) => {
      aint(length, "length", 0, 0x7fff_ffff);
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i += 4) {
        let x = nextU32();
        for (let j = i; j < Math.min(i + 4, length); j++, x >>>= 8) out[j] = x & 0xff;
      }
      return out;
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** An Rng backed by the operating system's CSPRNG (node:crypto getRandomValues), buffered 256 words at a time. */
export function cryptoRng(): Rng {
  const buffer = new Uint32Array(256);
  let used = buffer.length;
  const nextU32 = (): number => {
    if (used === buffer.length) {
      getRandomValues(buffer);
      used = 0;
    }
    return buffer[used++] as number;
  };
  return {
    nextU32,
    below: (bound) => belowFrom(nextU32, bound),
    bytes: (length) => {
      aint(length, "length", 0, 0x7fff_ffff);
      const out = new Uint8Array(length);
      // getRandomValues fills at most 65,536 bytes per call.
      for (let i = 0; i < length; i += 65_536) getRandomValues(out.subarray(i, Math.min(i + 65_536, length)));
      return out;
    },
  };
}
