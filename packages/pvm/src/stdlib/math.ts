// The Python `math` module for the PVM: glue from Python values to the deterministic numeric core
// (src/numeric: correctly rounded software functions, never the host's Math.sin & co). Argument
// conversion, arities and error messages follow CPython 3.11; costs are in cips/pvm-stdlib-data.md.
import type { ModuleDef } from "../modules.js";
import { fnValue } from "../builtins/util.js";
import { callValue } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import * as I from "../runtime/int.js";
import { iterToArray } from "../runtime/iter.js";
import { N, num } from "../runtime/numeric.js";
import { PyFloat, type NativeFn, type Value } from "../runtime/object.js";
import { binop, float, tuple, typeOf } from "../runtime/ops.js";
import { None } from "../runtime/types.js";
import { exactly, intArg, intResult, noKw, one, plainInt, realArg } from "./math/args.js";

const M = N.pymath;

/** Cycles charged by math functions on top of the call itself (cips/pvm-stdlib-data.md §1). */
const MATH_COSTS = Object.freeze({
  /** Exact, branch-only float operations: fabs, copysign, floor, frexp, isnan, … */
  simple: 2,
  /** Software transcendental functions (exp, log, sin, gamma, pow, atan2, …). */
  transcendental: 40,
  /** Integer functions: base, plus per 64-bit limb of input and per multiplication limb. */
  intBase: 5,
  /** Per element of an iterable or *args (fsum, prod, hypot, dist). */
  perElement: 2,
});

type Fn1 = (x: number) => number;

function unary(rt: Runtime, name: string, f: Fn1, cost: number, args: Value[], kw: Map<string, Value> | null): Value {
  const x = realArg(rt, one(name, args, kw));
  rt.charge(cost);
  return float(num(() => f(x)));
}

function binaryReal(name: string, f: (x: number, y: number) => number, cost: number): NativeFn {
  return (rt, a, kw) => {
    exactly(name, 2, a, kw);
    const x = realArg(rt, a[0] as Value);
    const y = realArg(rt, a[1] as Value);
    rt.charge(cost);
    return float(num(() => f(x, y)));
  };
}

/** 64-bit limbs of |v| (at least 1): the unit of big-int work. */
const limbs = (v: bigint): number => Math.max(1, Math.ceil(N.bitLength(v < 0n ? -v : v) / 64));

/** math.log(x[, base]) and log2/log10: ints of any size take CPython's exact-int route. */
function logArg(rt: Runtime, v: Value): number | bigint {
  const i = plainInt(v);
  if (i !== undefined) return i;
  const x = realArg(rt, v);
  return x;
}

/** floor/ceil: float directly, int as itself, otherwise __floor__/__ceil__, otherwise as a real. */
function rounding(name: "floor" | "ceil", f: (x: number) => bigint): NativeFn {
  return (rt, a, kw) => {
    const v = one(name, a, kw);
    rt.charge(MATH_COSTS.simple);
    if (v instanceof PyFloat) return intResult(num(() => f(v.v)));
    const i = plainInt(v);
    if (i !== undefined) return intResult(i);
    const d = typeOf(v).lookup(`__${name}__`);
    if (d !== undefined) return callValue(rt, d, [v], null);
    const x = realArg(rt, v);
    return intResult(num(() => f(x)));
  };
}

function intsOf(rt: Runtime, a: Value[]): bigint[] {
  return a.map((v) => intArg(rt, v));
}

function build(): Map<string, Value> {
  const m = new Map<string, Value>();
  const def = (name: string, fn: NativeFn) => m.set(name, fnValue(name, fn));
  const T = MATH_COSTS.transcendental;
  const S = MATH_COSTS.simple;

  const unaries: [string, Fn1, number][] = [
    ["sqrt", M.sqrt, S],
    ["exp", M.exp, T],
    ["exp2", M.exp2, T],
    ["expm1", M.expm1, T],
    ["log1p", M.log1p, T],
    ["sin", M.sin, T],
    ["cos", M.cos, T],
    ["tan", M.tan, T],
    ["asin", M.asin, T],
    ["acos", M.acos, T],
    ["atan", M.atan, T],
    ["sinh", M.sinh, T],
    ["cosh", M.cosh, T],
    ["tanh", M.tanh, T],
    ["asinh", M.asinh, T],
    ["acosh", M.acosh, T],
    ["atanh", M.atanh, T],
    ["erf", M.erf, T],
    ["erfc", M.erfc, T],
    ["gamma", M.gamma, T],
    ["lgamma", M.lgamma, T],
    ["cbrt", M.cbrt, T],
    ["fabs", M.fabs, S],
    ["degrees", M.degrees, S],
    ["radians", M.radians, S],
    ["ulp", M.ulp, S],
  ];
  for (const [name, f, cost] of unaries) def(name, (rt, a, kw) => unary(rt, name, f, cost, a, kw));

  for (const [name, f] of [
    ["isfinite", M.isfinite],
    ["isinf", M.isinf],
    ["isnan", M.isnan],
  ] as const) {
    def(name, (rt, a, kw) => {
      const x = realArg(rt, one(name, a, kw));
      rt.charge(S);
      return f(x);
    });
  }

  def("atan2", binaryReal("atan2", M.atan2, T));
  def("pow", binaryReal("pow", M.pow, T));
  def("fmod", binaryReal("fmod", M.fmod, S));
  def("remainder", binaryReal("remainder", M.remainder, S));
  def("copysign", binaryReal("copysign", M.copysign, S));
  def("nextafter", binaryReal("nextafter", M.nextafter, S));

  def("log", (rt, a, kw) => {
    noKw("log", kw);
    if (a.length < 1 || a.length > 2) throw pyErr("TypeError", "math.log requires 1 to 2 arguments");
    const x = logArg(rt, a[0] as Value);
    const base = a.length === 2 ? logArg(rt, a[1] as Value) : undefined;
    rt.charge(base === undefined ? T : 2 * T);
    return float(num(() => M.log(x, base)));
  });
  for (const [name, f] of [
    ["log2", M.log2],
    ["log10", M.log10],
  ] as const) {
    def(name, (rt, a, kw) => {
      const x = logArg(rt, one(name, a, kw));
      rt.charge(T);
      return float(num(() => f(x)));
    });
  }

  def("floor", rounding("floor", M.floor));
  def("ceil", rounding("ceil", M.ceil));
  def("trunc", (rt, a, kw) => {
    const v = one("trunc", a, kw);
    rt.charge(S);
    if (v instanceof PyFloat) return intResult(num(() => M.trunc(v.v)));
    const i = plainInt(v);
    if (i !== undefined) return intResult(i);
    const d = typeOf(v).lookup("__trunc__");
    if (d === undefined) throw pyErr("TypeError", `type ${typeOf(v).name} doesn't define __trunc__ method`);
    return callValue(rt, d, [v], null);
  });

  def("frexp", (rt, a, kw) => {
    const x = realArg(rt, one("frexp", a, kw));
    rt.charge(S);
    const [mant, ex] = M.frexp(x);
    return tuple([float(mant), ex]);
  });
  def("modf", (rt, a, kw) => {
    const x = realArg(rt, one("modf", a, kw));
    rt.charge(S);
    const [frac, whole] = M.modf(x);
    return tuple([float(frac), float(whole)]);
  });
  def("ldexp", (rt, a, kw) => {
    exactly("ldexp", 2, a, kw);
    const x = realArg(rt, a[0] as Value);
    const i = plainInt(a[1] as Value);
    if (i === undefined) throw pyErr("TypeError", "Expected an int as second argument to ldexp.");
    rt.charge(S);
    return float(num(() => M.ldexp(x, i)));
  });

  def("isclose", (rt, a, kw) => {
    const { x, y, relTol, absTol } = iscloseArgs(rt, a, kw);
    rt.charge(S);
    return num(() => M.isclose(x, y, relTol, absTol));
  });

  def("hypot", (rt, a, kw) => {
    noKw("hypot", kw);
    const xs = a.map((v) => realArg(rt, v));
    rt.charge(MATH_COSTS.intBase + MATH_COSTS.perElement * xs.length);
    return float(M.hypot(...xs));
  });
  def("dist", (rt, a, kw) => {
    exactly("dist", 2, a, kw);
    const p = iterToArray(rt, a[0] as Value).map((v) => realArg(rt, v));
    const q = iterToArray(rt, a[1] as Value).map((v) => realArg(rt, v));
    rt.charge(MATH_COSTS.intBase + MATH_COSTS.perElement * p.length);
    return float(num(() => M.dist(p, q)));
  });
  def("fsum", (rt, a, kw) => {
    const xs = iterToArray(rt, one("fsum", a, kw)).map((v) => realArg(rt, v));
    rt.charge(MATH_COSTS.intBase + MATH_COSTS.perElement * xs.length);
    return float(num(() => M.fsum(xs)));
  });
  def("prod", (rt, a, kw) => {
    if (a.length !== 1) throw pyErr("TypeError", `prod() takes exactly 1 positional argument (${a.length} given)`);
    let acc: Value = 1;
    if (kw !== null) {
      for (const [k, v] of kw) {
        if (k !== "start") throw pyErr("TypeError", `prod() got an unexpected keyword argument '${k}'`);
        acc = v;
      }
    }
    const items = iterToArray(rt, a[0] as Value);
    rt.charge(MATH_COSTS.intBase + MATH_COSTS.perElement * items.length);
    for (const v of items) acc = binop(rt, "Mult", acc, v);
    return acc;
  });

  def("isqrt", (rt, a, kw) => {
    const n = intArg(rt, one("isqrt", a, kw));
    // One full-size division and squaring, then the same at half, quarter, … size (numeric/fixed.ts):
    // quadratic in the limbs, as `//` is (cips/metering.md "Big integers").
    const w = limbs(n);
    rt.charge(MATH_COSTS.intBase + 4 * w + Math.floor((w * w) / 8));
    return intResult(num(() => M.isqrt(n)));
  });
  for (const [name, f] of [
    ["gcd", M.gcd],
    ["lcm", M.lcm],
  ] as const) {
    def(name, (rt, a, kw) => {
      noKw(name, kw);
      const xs = intsOf(rt, a);
      // Euclid's steps are linear in the bits (each step a bigint remainder): 2 per bit of each
      // argument (cips/metering.md "Big integers"; was 4 per 64-bit limb).
      rt.charge(MATH_COSTS.intBase + xs.reduce((s, v) => s + Math.max(4 * limbs(v), 2 * I.bitLength(v)), 0));
      return intResult(num(() => f(...xs)));
    });
  }
  def("factorial", (rt, a, kw) => {
    const n = intArg(rt, one("factorial", a, kw));
    if (n > 0x7fffffffffffffffn) throw pyErr("OverflowError", "factorial() argument should not exceed 9223372036854775807");
    const r = num(() => M.factorial(n, I.MAX_INT_BITS));
    rt.charge(MATH_COSTS.intBase + Number(n) * limbs(r));
    return intResult(r);
  });
  def("perm", (rt, a, kw) => {
    noKw("perm", kw);
    if (a.length < 1) throw pyErr("TypeError", `perm expected at least 1 argument, got ${a.length}`);
    if (a.length > 2) throw pyErr("TypeError", `perm expected at most 2 arguments, got ${a.length}`);
    const n = intArg(rt, a[0] as Value);
    const k = a.length === 2 && a[1] !== undefined && a[1] !== None ? intArg(rt, a[1]) : undefined;
    const r = num(() => M.perm(n, k, I.MAX_INT_BITS));
    rt.charge(MATH_COSTS.intBase + Number(k ?? n) * limbs(r) + limbs(n));
    return intResult(r);
  });
  def("comb", (rt, a, kw) => {
    exactly("comb", 2, a, kw);
    const n = intArg(rt, a[0] as Value);
    const k = intArg(rt, a[1] as Value);
    const r = num(() => M.comb(n, k, I.MAX_INT_BITS));
    const steps = k < 0n || k > n ? 0 : Number(k < n - k ? k : n - k);
    rt.charge(MATH_COSTS.intBase + 2 * steps * Math.max(limbs(r), limbs(n)));
    return intResult(r);
  });

  m.set("pi", float(M.pi));
  m.set("e", float(M.e));
  m.set("tau", float(M.tau));
  m.set("inf", float(Infinity));
  m.set("nan", float(NaN));
  return m;
}

/** isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0) argument parsing, CPython's messages. */
function iscloseArgs(rt: Runtime, a: Value[], kw: Map<string, Value> | null): { x: number; y: number; relTol: number; absTol: number } {
  if (a.length > 2) throw pyErr("TypeError", `isclose() takes exactly 2 positional arguments (${a.length} given)`);
  const named = new Map<string, Value>();
  if (kw !== null) {
    for (const [k, v] of kw) {
      if (k !== "a" && k !== "b" && k !== "rel_tol" && k !== "abs_tol") throw pyErr("TypeError", `isclose() got an unexpected keyword argument '${k}'`);
      if ((k === "a" && a.length >= 1) || (k === "b" && a.length >= 2))
        throw pyErr("TypeError", `argument for isclose() given by name ('${k}') and position (${k === "a" ? 1 : 2})`);
      named.set(k, v);
    }
  }
  const av = a[0] ?? named.get("a");
  if (av === undefined) throw pyErr("TypeError", "isclose() missing required argument 'a' (pos 1)");
  const bv = a[1] ?? named.get("b");
  if (bv === undefined) throw pyErr("TypeError", "isclose() missing required argument 'b' (pos 2)");
  const x = realArg(rt, av);
  const y = realArg(rt, bv);
  const rel = named.get("rel_tol");
  const abs = named.get("abs_tol");
  return { x, y, relTol: rel === undefined ? 1e-9 : realArg(rt, rel), absTol: abs === undefined ? 0.0 : realArg(rt, abs) };
}

/** The `math` module definition: register it as "math". */
export function mathModule(): ModuleDef {
  return { kind: "native", build };
}
