// Python int arithmetic on the mixed number/bigint representation. Results are normalized: a safe
// integer is always a JS number. Widths are capped at 4096 bits (CIP-3): exceeding it raises
// OverflowError, checked *before* computing anything large.
import { bitLength as bigBitLength } from "../numeric/bits.js";
import { pyErr } from "./exceptions.js";

export const MAX_INT_BITS = 4096;
const LIMIT = 1n << BigInt(MAX_INT_BITS);

export type Int = number | bigint;

export function overflow(): never {
  throw pyErr("OverflowError", `int exceeds the ${MAX_INT_BITS}-bit limit`);
}

export function norm(b: bigint): Int {
  // One conversion instead of bigint comparisons: rounding is monotonic and 2^53 is a double, so
  // |b| <= 2^53 - 1 exactly when |Number(b)| <= 2^53 - 1 (and then the conversion is exact).
  const n = Number(b);
  if (n >= -Number.MAX_SAFE_INTEGER && n <= Number.MAX_SAFE_INTEGER) return n;
  // Far below the cap (2^4096 ~ 1e1233, beyond any double): no exact check needed.
  if (n > -1e300 && n < 1e300) return b;
  if (b >= LIMIT || b <= -LIMIT) overflow();
  return b;
}

export function big(a: Int): bigint {
  return typeof a === "bigint" ? a : BigInt(a);
}

const TWO64_NUM = 2 ** 64;

/** ceil(bitLength(a) / 64) — the 64-bit chunks of CIP-3's big-int surcharge — without a full bitLength for small values. */
export function chunks64(a: Int): number {
  if (typeof a === "number") return a === 0 ? 0 : 1;
  // A bigint is never 0 (normalized) here; |Number(a)| < 2^64 implies |a| < 2^64 (see norm).
  const n = Number(a);
  if (n < TWO64_NUM && n > -TWO64_NUM) return a === 0n ? 0 : 1;
  // e = floor(log2 |n|) is within one of the double's exponent E, and |a| has E or E + 1 bits: so
  // |a| has e - 1 .. e + 2 bits, one count of words unless e is within one of a multiple of 64.
  // This skips bitLength's exact check near a power of two (2^k - c, common in moduli).
  if (Number.isFinite(n)) {
    const e = Math.floor(Math.log2(Math.abs(n)));
    const r = e % 64;
    if (r > 1 && r < 63) return Math.ceil((e + 1) / 64);
  }
  return Math.ceil(bitLength(a) / 64);
}

export function bitLength(a: Int): number {
  if (typeof a === "number") {
    const x = Math.abs(a);
    return x === 0 ? 0 : x < 2 ** 32 ? 32 - Math.clz32(x) : bigBitLength(BigInt(x));
  }
  return bigBitLength(a);
}

export function intAdd(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
    return BigInt(a) + BigInt(b); // not safe, so at least 2^53: normalized, far below the cap
  }
  return norm(big(a) + big(b));
}

export function intSub(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r;
    return BigInt(a) - BigInt(b); // not safe, so at least 2^53: normalized, far below the cap
  }
  return norm(big(a) - big(b));
}

export function intMul(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r + 0; // + 0 turns -0 into 0
    // Two safe ints whose product is not safe (else the double product would be exact): at
    // most 106 bits, already normalized and far below the cap.
    return BigInt(a) * BigInt(b);
  }
  // Both below 2^1024 (finite as doubles): the product is below 2^2048, far under the cap.
  if (Number.isFinite(Number(a)) && Number.isFinite(Number(b))) return norm(big(a) * big(b));
  if (bitLength(a) + bitLength(b) > MAX_INT_BITS + 1) {
    if (a === 0 || b === 0) return 0;
    overflow();
  }
  return norm(big(a) * big(b));
}

export function intNeg(a: Int): Int {
  return typeof a === "number" ? 0 - a : norm(-a);
}

function zeroDiv(what: string): never {
  throw pyErr("ZeroDivisionError", what);
}

/** Floor division and modulo with Python's sign rules. */
export function intDivmod(a: Int, b: Int): [Int, Int] {
  if (b === 0 || b === 0n) zeroDiv("integer division or modulo by zero");
  if (typeof a === "number" && typeof b === "number") {
    let r = a % b;
    let q = (a - r) / b;
    if (r !== 0 && r < 0 !== b < 0) {
      q -= 1;
      r += b;
    }
    return [q + 0, r + 0];
  }
  const A = big(a);
  const B = big(b);
  let q = A / B;
  let r = A % B;
  if (r !== 0n && r < 0n !== B < 0n) {
    q -= 1n;
    r += B;
  }
  return [norm(q), norm(r)];
}

export function intFloorDiv(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number" && b !== 0) {
    const r = a % b;
    let q = (a - r) / b;
    if (r !== 0 && r < 0 !== b < 0) q -= 1;
    return q + 0;
  }
  if (b !== 0 && b !== 0n) {
    // Same signs: the truncated quotient is the floor, one division and no remainder.
    const A = big(a);
    const B = big(b);
    if (A >= 0n === B > 0n) return norm(A / B);
  }
  return intDivmod(a, b)[0];
}

export function intMod(a: Int, b: Int): Int {
  if (b === 0 || b === 0n) zeroDiv("integer modulo by zero");
  if (typeof a === "number" && typeof b === "number") {
    const r = a % b;
    return r !== 0 && r < 0 !== b < 0 ? r + b : r + 0;
  }
  // Only the remainder: no quotient to compute or normalize.
  const B = big(b);
  let r = big(a) % B;
  if (r !== 0n && r < 0n !== B < 0n) r += B;
  return norm(r);
}

/** a ** b for b >= 0; the caller handles negative exponents (float result). */
export function intPow(a: Int, b: Int): Int {
  const e = big(b);
  const A = big(a);
  if (A === 0n || A === 1n) return e === 0n ? 1 : Number(A);
  if (A === -1n) return e % 2n === 0n ? 1 : -1;
  const bits = bitLength(a);
  // The result has more than (bits-1)*e bits: fail before computing anything huge.
  if (BigInt(bits - 1) * e >= BigInt(MAX_INT_BITS) || e > BigInt(MAX_INT_BITS)) overflow();
  return norm(A ** e);
}

export function intPowMod(a: Int, b: Int, m: Int): Int {
  let M = big(m);
  if (M === 0n) throw pyErr("ValueError", "pow() 3rd argument cannot be 0");
  let e = big(b);
  let base = big(a);
  const neg = M < 0n;
  if (neg) M = -M;
  if (e < 0n) {
    base = modInverse(base, M);
    e = -e;
  }
  base = ((base % M) + M) % M;
  let r = modPowWindowed(base, e, M);
  if (neg && r !== 0n) r -= M;
  return norm(r);
}

/**
 * base^e mod M (base already reduced, e >= 0), left to right over e's hex digits: four squarings
 * per digit and one multiply by a precomputed base^digit, so about a quarter as many multiplies
 * as bits, and no bigint shifts of e. Short exponents skip the table.
 */
function modPowWindowed(base: bigint, e: bigint, M: bigint): bigint {
  let r = 1n % M;
  if (e === 0n) return r;
  const digits = e.toString(16);
  if (digits.length < 4) {
    for (const ch of e.toString(2)) {
      r = (r * r) % M;
      if (ch === "1") r = (r * base) % M;
    }
    return r;
  }
  const table: bigint[] = [r, base];
  for (let d = 2; d < 16; d++) table.push(((table[d - 1] as bigint) * base) % M);
  for (let i = 0; i < digits.length; i++) {
    if (i > 0) for (let k = 0; k < 4; k++) r = (r * r) % M;
    const d = Number.parseInt(digits[i] as string, 16);
    if (d !== 0) r = (r * (table[d] as bigint)) % M;
  }
  return r;
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [((a % m) + m) % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1n) throw pyErr("ValueError", "base is not invertible for the given modulus");
  return ((oldS % m) + m) % m;
}

export function intShl(a: Int, n: Int): Int {
  if (typeof n === "bigint" || n < 0) {
    if (big(n) < 0n) throw pyErr("ValueError", "negative shift count");
  }
  if (a === 0 || a === 0n) return 0;
  if (bitLength(a) + Number(n) > MAX_INT_BITS) overflow();
  return norm(big(a) << big(n));
}

export function intShr(a: Int, n: Int): Int {
  if (typeof a === "number" && typeof n === "number" && n >= 0) {
    if (a >= -(2 ** 31) && a < 2 ** 31) return n >= 32 ? (a < 0 ? -1 : 0) : a >> n;
    // A safe integer: floor(a / 2^n) is exact in doubles (a power-of-two division only moves the exponent).
    return n >= 53 ? (a < 0 ? -1 : 0) : Math.floor(a / 2 ** n);
  }
  if (big(n) < 0n) throw pyErr("ValueError", "negative shift count");
  if (big(n) > BigInt(MAX_INT_BITS)) return big(a) < 0n ? -1 : 0;
  if (typeof a === "number" && typeof n === "number" && a >= -(2 ** 31) && a < 2 ** 31) return n >= 32 ? (a < 0 ? -1 : 0) : a >> n;
  return norm(big(a) >> big(n));
}

const TWO32 = 2 ** 32;

/** A safe integer's two's-complement halves: the signed high part (|hi| < 2^21) and the low 32 bits. */
function hi32(a: number): number {
  return Math.floor(a / TWO32);
}

/** A result in [-2^53, 2^53) as a normalized Int (only -2^53 itself is not a safe integer). */
function safe(r: number): Int {
  return r >= -Number.MAX_SAFE_INTEGER ? r : BigInt(r);
}

export function intAnd(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    if ((a | 0) === a && (b | 0) === b) return a & b;
    return safe((hi32(a) & hi32(b)) * TWO32 + ((a & b) >>> 0));
  }
  return norm(big(a) & big(b));
}
export function intOr(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    if ((a | 0) === a && (b | 0) === b) return a | b;
    return safe((hi32(a) | hi32(b)) * TWO32 + ((a | b) >>> 0));
  }
  return norm(big(a) | big(b));
}
export function intXor(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    if ((a | 0) === a && (b | 0) === b) return a ^ b;
    return safe((hi32(a) ^ hi32(b)) * TWO32 + ((a ^ b) >>> 0));
  }
  return norm(big(a) ^ big(b));
}
export function intInvert(a: Int): Int {
  return intSub(intNeg(a), 1);
}

export function intCmp(a: Int, b: Int): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  const A = big(a);
  const B = big(b);
  return A < B ? -1 : A > B ? 1 : 0;
}

/** int → float, raising OverflowError when out of range (as CPython). */
export function intToFloat(a: Int): number {
  if (typeof a === "number") return a;
  const f = Number(a);
  if (!Number.isFinite(f)) throw pyErr("OverflowError", "int too large to convert to float");
  return f;
}

/** Correctly rounded int / int (LOCAL MINIMAL VERSION until numeric/intTrueDiv lands). */
export function intTrueDiv(a: Int, b: Int): number {
  if (b === 0 || b === 0n) throw pyErr("ZeroDivisionError", "division by zero");
  if (typeof a === "number" && typeof b === "number") return a / b;
  const A = big(a);
  const B = big(b);
  // Scale so that the quotient carries >= 64 significant bits, then round via Number().
  const shift = Math.max(0, 64 - (bitLength(A) - bitLength(B)));
  const q = (A << BigInt(shift)) / B;
  const r = (A << BigInt(shift)) % B;
  const qq = r === 0n ? q : (q << 1n) | 1n; // sticky bit
  const sh = r === 0n ? shift : shift + 1;
  const f = Number(qq) / 2 ** sh;
  if (!Number.isFinite(f)) throw pyErr("OverflowError", "integer division result too large for a float");
  return f;
}
