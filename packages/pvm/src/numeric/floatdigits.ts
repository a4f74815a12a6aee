/**
 * Exact binary→decimal digit generation with round-half-even on the exact value of the double, the
 * behaviour of CPython's _Py_dg_dtoa modes 2 and 3 (JS toFixed/toPrecision round exact ties away
 * from zero, so they are not used). All arithmetic is bigint on the exact value mant × 2^exp.
 */
import { bitLength, decompose, pow2 } from "./bits.js";

/**
 * Can |x| × 10^f (f >= 0) be exactly halfway between two integers? Only if x = odd / 2^(f+1), i.e.
 * x·2^(f+1) is an odd integer. Where it cannot, the host's toFixed/toExponential (which round the
 * exact value, ties upward) give the same digits as round-half-even, and the bigint path is skipped.
 */
export function tiePossible(ax: number, f: number): boolean {
  if (f < 0) return true;
  const y = ax * pow2(f + 1);
  return Number.isInteger(y) && y % 2 === 1;
}

/** Rounds num/den (both > 0) to the nearest integer, ties to even. */
function roundHalfEvenDiv(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r2 = (num - q * den) * 2n;
  if (r2 > den || (r2 === den && (q & 1n) === 1n)) return q + 1n;
  return q;
}

/** round(|x| × 10^p) to an integer, ties to even, for finite x and any integer p. */
export function scaledRound(x: number, p: number): bigint {
  if (x === 0) return 0n;
  const { mant, exp } = decompose(x);
  let num = mant;
  let den = 1n;
  if (exp >= 0) num <<= BigInt(exp);
  else den <<= BigInt(-exp);
  if (p >= 0) num *= 10n ** BigInt(p);
  else den *= 10n ** BigInt(-p);
  return roundHalfEvenDiv(num, den);
}

export interface DecimalDigits {
  /** Digit string (no sign), possibly with trailing zeros; "0" for zero. */
  readonly digits: string;
  /** Position of the decimal point: value = 0.digits × 10^decpt (as in dtoa). */
  readonly decpt: number;
}

/** |x| correctly rounded to `frac` digits after the point (dtoa mode 3); frac may be negative. */
export function fixedDigits(x: number, frac: number): DecimalDigits {
  const ax = Math.abs(x);
  if (frac >= 0 && frac <= 100 && ax < 1e21 && !tiePossible(ax, frac)) {
    const text = ax.toFixed(frac).replace(".", "");
    const digits = text.replace(/^0+/, "") || "0";
    return digits === "0" ? { digits, decpt: 1 } : { digits, decpt: digits.length - frac };
  }
  const n = scaledRound(x, frac);
  if (n === 0n) return { digits: "0", decpt: 1 };
  const digits = n.toString();
  return { digits, decpt: digits.length - frac };
}

/** floor(log10(|x|)) for finite nonzero x, exactly (estimate from the bit length, then correct). */
function decimalExponent(x: number): number {
  const { mant, exp } = decompose(x);
  const top = bitLength(mant) - 1 + exp; // 2^top <= |x| < 2^(top+1)
  // log10(2) ≈ 78913 / 2^18 (error < 1e-6 · |top| < 0.002 for |top| <= 1075): off by at most one.
  let d = Math.floor((top * 78913) / 262144);
  const ge = (k: number): boolean => {
    // Is |x| >= 10^k ?
    let num = mant;
    let den = 1n;
    if (exp >= 0) num <<= BigInt(exp);
    else den <<= BigInt(-exp);
    if (k >= 0) den *= 10n ** BigInt(k);
    else num *= 10n ** BigInt(-k);
    return num >= den;
  };
  while (!ge(d)) d--;
  while (ge(d + 1)) d++;
  return d;
}

/** |x| correctly rounded to `sig` >= 1 significant digits (dtoa mode 2, trailing zeros kept). */
export function significantDigits(x: number, sig: number): DecimalDigits {
  if (x === 0) return { digits: "0".repeat(sig), decpt: 1 };
  const ax = Math.abs(x);
  if (sig >= 1 && sig <= 101 && Number.isFinite(ax)) {
    const text = ax.toExponential(sig - 1);
    const at = text.indexOf("e");
    const d = Number(text.slice(at + 1));
    // The rounding position is sig−1−d for the exponent before rounding, which is d or d−1.
    if (!tiePossible(ax, sig - 1 - d) && !tiePossible(ax, sig - d)) {
      return { digits: text.slice(0, at).replace(".", ""), decpt: d + 1 };
    }
  }
  const d = decimalExponent(x);
  let n = scaledRound(x, sig - 1 - d);
  let decpt = d + 1;
  // Rounding up can carry into a new digit (9.99 → 10.0): keep sig digits, shift the point.
  if (n === 10n ** BigInt(sig)) {
    n = 10n ** BigInt(sig - 1);
    decpt += 1;
  }
  return { digits: n.toString(), decpt };
}
