/** Square root, correctly rounded (round-half-even, as the spec and libmpdec require). */
import type { Context } from "./context.js";
import { type Dec, FINITE, digits, infinity, pow10 } from "./dec.js";
import { invalid, propagateNaN } from "./nans.js";
import { type Status, finalize } from "./round.js";

/** floor(sqrt(n)) for n ≥ 0 (Newton's method from an overestimate). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

export function sqrtSt(ctx: Context, a: Dec, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    if (n) return n;
    return a.sign === 0 ? infinity(0) : invalid(st);
  }
  const ideal = Math.floor(a.exp / 2);
  if (a.coeff === 0n) return finalize(ctx, a.sign, 0n, ideal, st);
  if (a.sign === 1) return invalid(st);
  const hec = half(ctx);
  // Make the exponent even, then scale so the root has at least prec+1 digits.
  let c = a.coeff;
  let e = a.exp;
  if (e % 2 !== 0) {
    c *= 10n;
    e -= 1;
  }
  const k = ctx.prec + 1 - Math.ceil(digits(c) / 2);
  let sticky = false;
  if (k >= 0) c *= pow10(2 * k);
  else {
    const p = pow10(-2 * k);
    const q = c / p;
    sticky = q * p !== c;
    c = q;
  }
  let r = isqrt(c);
  let exp = e / 2 - k;
  if (sticky || r * r !== c) {
    if (r % 5n === 0n) r += 1n;
  } else {
    while (exp < ideal && r % 10n === 0n) {
      r /= 10n;
      exp += 1;
    }
  }
  return finalize(hec, 0, r, exp, st);
}

/** ctx with ROUND_HALF_EVEN (the context's rounding is ignored by sqrt). */
function half(ctx: Context): Context {
  if (ctx.rounding === "ROUND_HALF_EVEN") return ctx;
  const c = ctx.copy();
  c.rounding = "ROUND_HALF_EVEN";
  return c;
}
