/**
 * Python 3.11 hashes, bit-identical to CPython on 64-bit Linux with PYTHONHASHSEED=0 (which zeroes the
 * SipHash key). Every function returns a bigint holding the signed 64-bit Py_hash_t; as in CPython a
 * result of -1 is replaced by -2 because -1 signals an error at the C level.
 *
 * Numeric hashes use reduction modulo P = 2^61 − 1 so that equal numbers of different types (int, float,
 * Fraction) hash alike: hash(x) = sign(x) × (|x| mod P) for a rational |x| = n/d, with d inverted mod P.
 */
import { U64_MAX } from "@cowboy/codec";
import { aBigint, aIntLike, aNumber, aString } from "./errors.js";
import { decompose } from "./bits.js";
import { siphash13 } from "./siphash.js";

const HASH_MODULUS = (1n << 61n) - 1n;
const HASH_INF = 314159n;
/** The 64-bit mask 2^64 − 1. */
const U64 = U64_MAX;

const fixMinusOne = (h: bigint): bigint => (h === -1n ? -2n : h);

/** hash(int). */
export function hashInt(v: number | bigint): bigint {
  aIntLike(v, "v");
  const n = BigInt(v);
  const h = n < 0n ? -(-n % HASH_MODULUS) : n % HASH_MODULUS;
  return fixMinusOne(h);
}

/**
 * hash(float). CPython 3.10+ hashes a NaN by object identity; the interpreter passes that identity
 * hash as `nanHash` (default 0n, the pre-3.10 value and sys.hash_info.nan), so this stays pure.
 */
export function hashFloat(x: number, nanHash = 0n): bigint {
  aNumber(x, "x");
  if (Number.isNaN(x)) return nanHash;
  if (x === Infinity) return HASH_INF;
  if (x === -Infinity) return -HASH_INF;
  if (x === 0) return 0n;
  const { mant, exp, negative } = decompose(x);
  // |x| = mant × 2^exp; 2^61 ≡ 1 (mod P), so 2^exp ≡ 2^(exp mod 61).
  const e = BigInt(((exp % 61) + 61) % 61);
  let h = ((mant % HASH_MODULUS) << e) % HASH_MODULUS;
  if (negative) h = -h;
  return fixMinusOne(h);
}

/** Signed view of SipHash's unsigned output, with CPython's -1 → -2 rule. */
function finish(raw: bigint): bigint {
  return fixMinusOne(BigInt.asIntN(64, raw));
}

/** hash(bytes): SipHash-1-3 of the bytes; the empty bytes hash to 0. */
export function hashBytes(b: Uint8Array): bigint {
  if (!(b instanceof Uint8Array)) throw new TypeError("b: expected a Uint8Array");
  if (b.length === 0) return 0n;
  return finish(siphash13(b));
}

/**
 * hash(str): SipHash-1-3 over CPython's compact representation, whose width is set by the widest code
 * point: 1 byte per code point (all < 256), 2 bytes little-endian (all < 65536) or 4 bytes.
 * JS strings are UTF-16: a surrogate pair is read as one code point and a lone surrogate as itself.
 * A Python str holding a high and a low surrogate as two separate code points has no distinct JS string
 * form; an interpreter that keeps such strings hashes their code points with `hashCodePoints`.
 */
export function hashStr(s: string): bigint {
  aString(s, "s");
  const n = s.length;
  if (n === 0) return 0n;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > max) max = c;
  }
  if (max >= 0xd800) {
    // Surrogates may pair into astral code points: take the general path.
    const cps: number[] = [];
    for (const ch of s) cps.push(ch.codePointAt(0) as number);
    return hashCodePoints(cps);
  }
  // Every code unit is a code point: CPython's 1- or 2-byte representation, written directly.
  const width = max < 0x100 ? 1 : 2;
  const bytes = new Uint8Array(n * width);
  if (width === 1) for (let i = 0; i < n; i++) bytes[i] = s.charCodeAt(i);
  else
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      bytes[2 * i] = c & 0xff;
      bytes[2 * i + 1] = c >>> 8;
    }
  return finish(siphash13(bytes));
}

/** hash(str) of the Python string with exactly these code points (each in 0..0x10FFFF). */
export function hashCodePoints(cps: ArrayLike<number>): bigint {
  if (cps.length === 0) return 0n;
  let max = 0;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i] as number;
    if (!Number.isInteger(c) || c < 0 || c > 0x10ffff) throw new RangeError(`cps[${i}]: not a code point`);
    if (c > max) max = c;
  }
  const width = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
  const bytes = new Uint8Array(cps.length * width);
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i] as number;
    const o = i * width;
    bytes[o] = c & 0xff;
    if (width >= 2) bytes[o + 1] = (c >>> 8) & 0xff;
    if (width === 4) bytes[o + 2] = (c >>> 16) & 0xff;
  }
  return finish(siphash13(bytes));
}

const XXPRIME_1 = 11400714785074694791n;
const XXPRIME_2 = 14029467366897019727n;
const XXPRIME_5 = 2870177450012600261n;

/** hash(tuple) of 3.8+: an xxHash-64-style mix of the item hashes (each a signed Py_hash_t). */
export function hashTuple(hashes: readonly bigint[]): bigint {
  if (!Array.isArray(hashes)) throw new TypeError("hashes: expected an array of bigint");
  let acc = XXPRIME_5;
  for (const h of hashes) {
    aBigint(h, "hashes[i]");
    const lane = h & U64;
    acc = (acc + lane * XXPRIME_2) & U64;
    acc = ((acc << 31n) | (acc >> 33n)) & U64;
    acc = (acc * XXPRIME_1) & U64;
  }
  acc = (acc + (BigInt(hashes.length) ^ (XXPRIME_5 ^ 3527539n))) & U64;
  if (acc === U64) return 1546275796n;
  return BigInt.asIntN(64, acc);
}
