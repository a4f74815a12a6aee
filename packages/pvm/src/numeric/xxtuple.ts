/**
 * hash(tuple) of CPython 3.8+ (Objects/tupleobject.c: an xxHash-64-style mix of the item hashes) with
 * the 64-bit lanes kept as [hi, lo] uint32 pairs, so hashing a tuple never allocates a bigint for an
 * item whose hash is a safe integer. Bit-identical to `hashTuple` in hash.ts (the bigint reference).
 */

// The primes as [hi, lo] uint32 words.
const P1_HI = 0x9e3779b1;
const P1_LO = 0x85ebca87;
const P2_HI = 0xc2b2ae3d;
const P2_LO = 0x27d4eb4f;
const P5_HI = 0x27d4eb2f;
const P5_LO = 0x165667c5;
/** XXPRIME_5 ^ 3527539, added with the length at the end. */
const TAIL_HI = P5_HI;
const TAIL_LO = (P5_LO ^ 3527539) >>> 0;
const TWO32 = 4294967296;

/** The low 64 bits of a 32x32 multiply, as [hi, lo] written to `out`. */
function mul32(a: number, b: number, out: Float64Array): void {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const mid = a0 * b1 + a1 * b0; // < 2^33, exact
  const lo = a0 * b0 + (mid % 65536) * 65536; // < 2^33, exact
  out[0] = (a1 * b1 + Math.floor(mid / 65536) + Math.floor(lo / TWO32)) % TWO32;
  out[1] = lo % TWO32;
}

/** The signed 64-bit hashes of the items, folded as CPython's tuplehash does; returns the Py_hash_t. */
export function hashTupleOf(hashes: ArrayLike<number | bigint>): number | bigint {
  const t = new Float64Array(2);
  let hi = P5_HI;
  let lo = P5_LO;
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes[i] as number | bigint;
    let lh: number;
    let ll: number;
    if (typeof h === "number") {
      ll = h >>> 0;
      lh = Math.floor(h / TWO32) >>> 0;
    } else {
      ll = Number(BigInt.asUintN(32, h));
      lh = Number(BigInt.asUintN(32, h >> 32n));
    }
    // acc += lane * P2
    mul32(ll, P2_LO, t);
    const mh = ((t[0] as number) + Math.imul(lh, P2_LO) + Math.imul(ll, P2_HI)) >>> 0;
    const ml = t[1] as number;
    const sl = lo + ml;
    lo = sl >>> 0;
    hi = (hi + mh + (sl >= TWO32 ? 1 : 0)) >>> 0;
    // acc = rotl(acc, 31)
    const rh = ((hi << 31) | (lo >>> 1)) >>> 0;
    const rl = ((lo << 31) | (hi >>> 1)) >>> 0;
    // acc *= P1
    mul32(rl, P1_LO, t);
    hi = ((t[0] as number) + Math.imul(rh, P1_LO) + Math.imul(rl, P1_HI)) >>> 0;
    lo = t[1] as number;
  }
  // acc += len ^ (XXPRIME_5 ^ 3527539); the length is below 2^32.
  const kl = (TAIL_LO ^ hashes.length) >>> 0;
  const sl = lo + kl;
  lo = sl >>> 0;
  hi = (hi + TAIL_HI + (sl >= TWO32 ? 1 : 0)) >>> 0;
  if (hi === 0xffffffff && lo === 0xffffffff) return 1546275796;
  const signedHi = hi | 0;
  if (signedHi > -0x200000 && signedHi < 0x200000) return signedHi * TWO32 + lo; // |h| < 2^53
  return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo));
}
