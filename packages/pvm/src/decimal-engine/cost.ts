/**
 * Cycle costs of decimal operations (cips/pvm-decimal.md, "Metering"). The glue charges
 * `costOf(op, operands, ctx)` before running an operation, so the charge never depends on the work
 * actually done: only on digit counts, the context precision and (for power) the exponent.
 *
 * Unit: a limb of 9 decimal digits. L(x) = ceil(digits(x) / 9), at least 1; P = L of ctx.prec.
 */
import type { Context } from "./context.js";
import { type Dec, FINITE, digits } from "./dec.js";
import { actx, adec } from "./guard.js";
import { DecimalError } from "./signals.js";

export const DECIMAL_OPS = [
  // linear in the operands' size
  "abs",
  "add",
  "compare",
  "compare_total",
  "copy",
  "fma",
  "max",
  "min",
  "minus",
  "next",
  "plus",
  "quantize",
  "round",
  "subtract",
  "to_integral",
  "logb",
  "same_quantum",
  // products and quotients
  "multiply",
  "divide",
  "divide_int",
  "remainder",
  "remainder_near",
  "divmod",
  "normalize",
  "sqrt",
  // transcendental
  "exp",
  "ln",
  "log10",
  "power",
  // conversions
  "create",
  "to_string",
  "format",
  "to_int",
  "to_float",
  "hash",
] as const;
export type DecimalOp = (typeof DECIMAL_OPS)[number];

/** Fixed charge of every operation (argument checks, allocation of the result). */
export const BASE_COST = 2n;
/** Fixed charge of exp, ln, log10 and non-integral power on top of the digit terms. */
export const TRANSCENDENTAL_BASE = 100n;

function limbsOfDigits(n: number): bigint {
  return n <= 9 ? 1n : (BigInt(n) + 8n) / 9n;
}

function limbs(d: Dec): bigint {
  return limbsOfDigits(digits(d.coeff));
}

/** Upper bound on the bit length of an integral exponent (3322/1000 > log2 10), or null if not integral. */
function integralBits(d: Dec): bigint | null {
  if (d.special !== FINITE) return null;
  const nd = digits(d.coeff) + d.exp;
  if (d.exp < 0 && (d.coeff === 0n || d.coeff % 10n ** BigInt(-d.exp) !== 0n)) return null;
  return (BigInt(Math.max(nd, 1)) * 3322n + 999n) / 1000n + 1n;
}

/**
 * The Cycle cost of `op` on `operands` under `ctx`. Deterministic, computed from sizes only:
 *  - linear ops:            BASE + ΣL
 *  - multiply:              BASE + L(a) × L(b)
 *  - divisions, sqrt, normalize: BASE + (P + 1 + ΣL) × (P + 1)
 *  - exp, ln, log10:        TRANSCENDENTAL_BASE + W² × (W × 9 / 4), W = L(prec + 40 digits) + ΣL
 *  - power:                 integral exponent y: BASE + 2 × bits(y) × W²,  W = P + L(y) + 1;
 *                           otherwise as ln + multiply + exp at the working precision of libmpdec
 *  - conversions:           BASE + ΣL (format and str also pay the output length through the glue)
 */
export function costOf(op: DecimalOp, operands: readonly Dec[], ctx: Context): bigint {
  actx(ctx);
  if (!(DECIMAL_OPS as readonly string[]).includes(op)) {
    throw new DecimalError("INVALID_ARGUMENT", `op: unknown decimal operation ${JSON.stringify(op)}`);
  }
  if (!Array.isArray(operands)) throw new DecimalError("INVALID_ARGUMENT", "operands: expected an array of Dec");
  let sum = 0n;
  for (const [i, d] of operands.entries()) sum += limbs(adec(d, `operands[${i}]`));
  const p = limbsOfDigits(ctx.prec);
  switch (op) {
    case "multiply": {
      const [a, b] = operands;
      return BASE_COST + (a ? limbs(a) : 1n) * (b ? limbs(b) : 1n);
    }
    case "fma": {
      const [a, b] = operands;
      return BASE_COST + sum + (a ? limbs(a) : 1n) * (b ? limbs(b) : 1n);
    }
    case "divide":
    case "divide_int":
    case "remainder":
    case "remainder_near":
    case "divmod":
    case "normalize":
    case "sqrt":
      return BASE_COST + (p + 1n + sum) * (p + 1n);
    case "exp":
    case "ln":
    case "log10":
      return transcendental(limbsOfDigits(ctx.prec + 40) + sum);
    case "power": {
      const [a, y] = operands;
      const bits = y ? integralBits(y) : null;
      if (bits !== null && y) {
        const w = p + limbs(y) + 1n;
        return BASE_COST + 2n * bits * w * w;
      }
      // exp(y × ln x) at max(prec, digits(x)) + 23 digits: two transcendental steps and a product.
      const wp = limbsOfDigits(Math.max(ctx.prec, a && a.special === FINITE ? digits(a.coeff) : 1) + 23 + 40) + sum;
      return 2n * transcendental(wp) + wp * wp;
    }
    default:
      return BASE_COST + sum;
  }
}

function transcendental(w: bigint): bigint {
  return TRANSCENDENTAL_BASE + w * w * ((w * 9n + 3n) / 4n);
}
