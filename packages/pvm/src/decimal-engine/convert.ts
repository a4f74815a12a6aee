/** Conversions out of Dec: int (truncation), float (correctly rounded), hash, as_tuple, predicates. */
import type { Context } from "./context.js";
import { type Dec, FINITE, INF, NAN, SNAN, digits, pow10 } from "./dec.js";
import { adec } from "./guard.js";
import { DecimalError } from "./signals.js";

/** Python `int(d)`: truncates toward zero; NaN is a ValueError, Infinity an OverflowError. */
export function toBigInt(d: Dec): bigint {
  adec(d, "d");
  if (d.special === NAN || d.special === SNAN) throw new DecimalError("VALUE_ERROR", "cannot convert NaN to integer");
  if (d.special === INF) throw new DecimalError("OVERFLOW_ERROR", "cannot convert Infinity to integer");
  if (d.exp > 0 && d.coeff !== 0n && d.exp + digits(d.coeff) > 1_000_000) {
    throw new DecimalError("PRECISION_CAP", "int(d): more than 1000000 digits");
  }
  const mag = d.exp >= 0 ? d.coeff * pow10(d.exp) : -d.exp >= digits(d.coeff) ? 0n : d.coeff / pow10(-d.exp);
  return d.sign ? -mag : mag;
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** The double nearest to num/den (num, den > 0), ties to even, with gradual underflow. */
function ratioToDouble(num: bigint, den: bigint): number {
  // Aim for a quotient of 55..56 bits: 53 kept, one round bit, and a sticky remainder.
  let shift = 55 - (bitLength(num) - bitLength(den));
  let q: bigint;
  let rem: bigint;
  for (;;) {
    const n = shift >= 0 ? num << BigInt(shift) : num;
    const dd = shift >= 0 ? den : den << BigInt(-shift);
    q = n / dd;
    rem = n - q * dd;
    if (bitLength(q) >= 55) break;
    shift += 1;
  }
  // value = q × 2^-shift; its binary exponent:
  const e = bitLength(q) - 1 - shift;
  if (e > 1023) return Number.POSITIVE_INFINITY;
  const keep = e >= -1022 ? 53 : 53 - (-1022 - e);
  // keep ≤ 0 (deep underflow) needs no special case: m becomes 0 or 1 by the same rounding rule.
  const drop = bitLength(q) - keep;
  const unit = 1n << BigInt(drop);
  let m = q >> BigInt(drop);
  const r = q - (m << BigInt(drop));
  const halfUnit = unit >> 1n;
  if (r > halfUnit || (r === halfUnit && (rem !== 0n || (m & 1n) === 1n))) m += 1n;
  // m × 2^(drop - shift), exactly representable now; assemble it through two exact scalings.
  const p = drop - shift;
  return scale2(Number(m), p);
}

/** 2^k as a double for -1022 ≤ k ≤ 1023, built from its bits (no host pow). */
function pow2(k: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, (k + 1023) << 20);
  view.setUint32(4, 0);
  return view.getFloat64(0);
}

/** x × 2^p when the result is exactly representable (x < 2^54): every step is then exact. */
function scale2(x: number, p: number): number {
  let r = x;
  let k = p;
  while (k > 1000) {
    r *= pow2(1000);
    k -= 1000;
  }
  while (k < -1000) {
    r *= pow2(-1000);
    k += 1000;
  }
  return r * pow2(k);
}

/** Exact powers of ten as double literals. */
const TEN_POWERS: readonly number[] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/** Python `float(d)`: correctly rounded; sNaN is a ValueError. */
export function toFloat(d: Dec): number {
  adec(d, "d");
  if (d.special === SNAN) throw new DecimalError("VALUE_ERROR", "cannot convert signaling NaN to float");
  if (d.special === NAN) return Number.NaN;
  if (d.special === INF) return d.sign ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  let v: number;
  const adj = d.coeff === 0n ? 0 : d.adjusted();
  if (d.coeff === 0n) v = 0;
  else if (adj > 309) v = Number.POSITIVE_INFINITY;
  else if (adj < -330) v = 0;
  else if (d.coeff < 2n ** 53n && Math.abs(d.exp) <= 22) {
    // Both operands are exact doubles, so one IEEE operation rounds correctly.
    const p = TEN_POWERS[Math.abs(d.exp)] as number;
    v = d.exp >= 0 ? Number(d.coeff) * p : Number(d.coeff) / p;
  } else if (d.exp >= 0) v = ratioToDouble(d.coeff * pow10(d.exp), 1n);
  else v = ratioToDouble(d.coeff, pow10(-d.exp));
  return d.sign ? -v : v;
}

/**
 * The IEEE-754 bit pattern of `float(d)`. Unlike a JS number it keeps the sign of a NaN
 * (CPython gives -nan for Decimal('-NaN')), which the interpreter's float type can carry.
 */
export function toFloatBits(d: Dec): bigint {
  const x = toFloat(d);
  if (Number.isNaN(x)) return d.sign ? 0xfff8000000000000n : 0x7ff8000000000000n;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0);
}

const MODULUS = (1n << 61n) - 1n;
const INV10 = modPow(10n, MODULUS - 2n); // 10^-1 modulo the Mersenne prime

function modPow(base: bigint, e: bigint): bigint {
  let r = 1n;
  let b = base % MODULUS;
  let k = e;
  while (k > 0n) {
    if (k & 1n) r = (r * b) % MODULUS;
    b = (b * b) % MODULUS;
    k >>= 1n;
  }
  return r;
}

/**
 * Python `hash(d)` (64-bit): equal to the hash of the equal int or float. Returns null for a quiet NaN,
 * which CPython 3.10+ hashes by object identity (the glue decides); sNaN is a TypeError.
 */
export function hashDec(d: Dec): bigint | null {
  adec(d, "d");
  if (d.special === SNAN) throw new DecimalError("TYPE_ERROR", "Cannot hash a signaling NaN value.");
  if (d.special === NAN) return null;
  if (d.special === INF) return d.sign ? -314159n : 314159n;
  const expHash = d.exp >= 0 ? modPow(10n, BigInt(d.exp)) : modPow(INV10, BigInt(-d.exp));
  const h = (d.coeff * expHash) % MODULUS;
  const ans = d.sign ? -h : h;
  return ans === -1n ? -2n : ans;
}

/** `d.as_tuple()`: sign, digits, and the exponent or 'F' (Infinity), 'n' (NaN), 'N' (sNaN). */
export interface DecTuple {
  sign: 0 | 1;
  digits: number[];
  exponent: number | "F" | "n" | "N";
}

export function asTuple(d: Dec): DecTuple {
  adec(d, "d");
  if (d.special === INF) return { sign: d.sign, digits: [0], exponent: "F" };
  const ds = d.special !== FINITE && d.coeff === 0n ? [] : Array.from(d.coeff.toString(), Number);
  const exponent = d.special === NAN ? "n" : d.special === SNAN ? "N" : d.exp;
  return { sign: d.sign, digits: ds, exponent };
}

/** `d.is_normal(ctx)`: finite, nonzero, adjusted exponent ≥ Emin. */
export function isNormal(ctx: Context, d: Dec): boolean {
  return d.special === FINITE && d.coeff !== 0n && d.adjusted() >= ctx.Emin;
}

/** `d.is_subnormal(ctx)`: finite, nonzero, adjusted exponent < Emin. */
export function isSubnormal(ctx: Context, d: Dec): boolean {
  return d.special === FINITE && d.coeff !== 0n && d.adjusted() < ctx.Emin;
}
