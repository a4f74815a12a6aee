/** The fixture runner shared by ops.test.ts and power.test.ts: op name → engine call, one case at a time. */
import * as D from "../../../src/decimal-engine/index.js";
import type { Context, Dec } from "../../../src/decimal-engine/index.js";
import { type OpCase, contextOf } from "./load.js";

type Impl = (ctx: Context, a: Dec[], raw: string[]) => Dec | boolean | Dec[];

/** Ops captured but not implemented yet, each skipped visibly with its reason. */
export const PENDING: Record<string, string> = {};

/** Every op of the fixtures maps to the engine; an unknown op fails the suite. */
export const IMPLS: Record<string, Impl> = {
  add: (c, [a, b]) => D.add(c, a!, b!),
  subtract: (c, [a, b]) => D.subtract(c, a!, b!),
  multiply: (c, [a, b]) => D.multiply(c, a!, b!),
  divide: (c, [a, b]) => D.divide(c, a!, b!),
  divide_int: (c, [a, b]) => D.divideInt(c, a!, b!),
  remainder: (c, [a, b]) => D.remainder(c, a!, b!),
  remainder_near: (c, [a, b]) => D.remainderNear(c, a!, b!),
  divmod: (c, [a, b]) => D.divmod(c, a!, b!),
  compare: (c, [a, b]) => D.compare(c, a!, b!),
  compare_total: (_c, [a, b]) => D.compareTotal(a!, b!),
  compare_total_mag: (_c, [a, b]) => D.compareTotalMag(a!, b!),
  max: (c, [a, b]) => D.max(c, a!, b!),
  min: (c, [a, b]) => D.min(c, a!, b!),
  max_mag: (c, [a, b]) => D.maxMag(c, a!, b!),
  min_mag: (c, [a, b]) => D.minMag(c, a!, b!),
  copy_sign: (_c, [a, b]) => D.copySign(a!, b!),
  copy_abs: (_c, [a]) => D.copyAbs(a!),
  copy_negate: (_c, [a]) => D.copyNegate(a!),
  same_quantum: (_c, [a, b]) => D.sameQuantum(a!, b!),
  quantize: (c, [a, b]) => D.quantize(c, a!, b!),
  round: (c, [a], raw) => D.roundTo(c, a!, Number(raw[1])),
  eq: (c, [a, b]) => D.equals(c, a!, b!),
  compare_signal_lt: (c, [a, b]) => D.order(c, a!, b!) === -1,
  abs: (c, [a]) => D.abs(c, a!),
  minus: (c, [a]) => D.minus(c, a!),
  plus: (c, [a]) => D.plus(c, a!),
  sqrt: (c, [a]) => D.sqrt(c, a!),
  to_integral_value: (c, [a]) => D.toIntegralValue(c, a!),
  to_integral_exact: (c, [a]) => D.toIntegralExact(c, a!),
  normalize: (c, [a]) => D.normalize(c, a!),
  logb: (c, [a]) => D.logb(c, a!),
  exp: (c, [a]) => D.exp(c, a!),
  ln: (c, [a]) => D.ln(c, a!),
  log10: (c, [a]) => D.log10(c, a!),
  next_plus: (c, [a]) => D.nextPlus(c, a!),
  next_minus: (c, [a]) => D.nextMinus(c, a!),
  next_toward: (c, [a, b]) => D.nextToward(c, a!, b!),
  create: (c, _a, raw) => D.createDecimalFromString(c, raw[0]!),
  fma: (c, [a, b, x]) => D.fma(c, a!, b!, x!),
  power: (c, [a, b]) => D.power(c, a!, b!),
  powmod: (c, [a, b, m]) => D.powerMod(c, a!, b!, m!),
};

function show(v: Dec | boolean | Dec[]): string | boolean | string[] {
  if (typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map((x) => D.toSciString(x));
  return D.toSciString(v);
}

/** Runs one case; returns a description of the mismatch or null. */
export function runCase(c: OpCase): string | null {
  const impl = IMPLS[c.op];
  if (!impl) return `unknown op ${c.op}`;
  const quiet = D.createContext({ traps: [] });
  const args = c.a.map((s) => D.decFromString(quiet, s));
  const ctx = contextOf(c);
  let got: { r?: unknown; x?: [string, string] };
  try {
    got = { r: show(impl(ctx, args, c.a)) };
  } catch (e) {
    if (!(e instanceof D.DecimalSignal)) throw e;
    got = { x: [e.signal, e.message] };
  }
  const want = c.x ? { x: c.x } : { r: c.r };
  const same = JSON.stringify(got) === JSON.stringify(want) && JSON.stringify(ctx.flagNames()) === JSON.stringify(c.f);
  if (same) return null;
  return `${c.op}(${c.a.join(", ")}) ctx=${JSON.stringify(c.ctx)}${c.t ? " trapped" : ""}: want ${JSON.stringify(want)} ${JSON.stringify(c.f)}, got ${JSON.stringify(got)} ${JSON.stringify(ctx.flagNames())}`;
}
