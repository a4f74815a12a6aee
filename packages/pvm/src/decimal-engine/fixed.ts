/**
 * Fixed-point bigint kernels for the transcendental functions: a value v is held as the integer
 * round-ish(v × 10^w). Every kernel's truncation error is a few units in the last place per step;
 * callers keep 15 guard digits beyond what they need and check the rounding (Ziv's strategy).
 */
import { digits, pow10 } from "./dec.js";

/** c × 10^e at scale 10^w, truncated toward zero. */
export function toFixed(c: bigint, e: number, w: number): bigint {
  const s = e + w;
  if (s >= 0) return c * pow10(s);
  if (-s > digits(c)) return 0n;
  return c / pow10(-s);
}

/** atanh(1/q) × 10^w for an integer q ≥ 2. */
function atanhInv(q: bigint, w: number): bigint {
  const one = pow10(w);
  const q2 = q * q;
  let power = one / q; // 1/q^(2i+1)
  let sum = power;
  for (let k = 3n; power !== 0n; k += 2n) {
    power /= q2;
    sum += power / k;
  }
  return sum;
}

/** ln 2 × 10^w (= 2 atanh(1/3)). */
export function ln2Fixed(w: number): bigint {
  return 2n * atanhInv(3n, w);
}

/** ln 10 × 10^w (= 3 ln 2 + 2 atanh(1/9), since 10 = 8 × 5/4). */
export function ln10Fixed(w: number): bigint {
  return 6n * atanhInv(3n, w) + 2n * atanhInv(9n, w);
}

/** exp(r) × 10^w for a fixed-point r with |r| ≲ 2.5. */
export function expFixed(r: bigint, w: number): bigint {
  const one = pow10(w);
  // Halve the argument k times so the series converges fast, then square k times.
  const k = 16;
  const x = r / (1n << BigInt(k));
  let term = one;
  let sum = one;
  for (let i = 1n; term !== 0n; i++) {
    term = (term * x) / (one * i);
    sum += term;
  }
  for (let i = 0; i < k; i++) sum = (sum * sum) / one;
  return sum;
}

/** ln(z) × 10^w for a fixed-point z in [0.75, 1.5]: 2 atanh((z-1)/(z+1)). */
export function lnNearOne(z: bigint, w: number): bigint {
  const one = pow10(w);
  const y = ((z - one) * one) / (z + one);
  const y2 = (y * y) / one;
  let power = y;
  let sum = y;
  for (let k = 3n; power !== 0n; k += 2n) {
    power = (power * y2) / one;
    sum += power / k;
  }
  return 2n * sum;
}
