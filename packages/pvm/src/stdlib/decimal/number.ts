// decimal.Decimal as a Python type: construction, the numeric protocol (arithmetic with Decimal
// and int, reflected forms, comparisons with int and float under the FloatOperation rules), hash,
// str/repr/format and the int/float/round/floor/ceil conversions.
import * as D from "../../decimal-engine/index.js";
import type { Context, Dec, DecimalOp } from "../../decimal-engine/index.js";
import type { Runtime } from "../../runtime/context.js";
import { pyErr } from "../../runtime/exceptions.js";
import * as I from "../../runtime/int.js";
import { PyFloat, type PyType, type Value } from "../../runtime/object.js";
import { float, hashInt, tuple } from "../../runtime/ops.js";
import { None, NotImplemented } from "../../runtime/types.js";
import { bindArgs, def, nativeClass } from "../native-class.js";
import { charge, construct, ctxArg, operand, wrap } from "./convert.js";
import { PyDecimal, type DecState, guard } from "./state.js";

function self(v: Value | undefined): Dec {
  if (!(v instanceof PyDecimal)) throw pyErr("TypeError", "descriptor requires a 'decimal.Decimal' object");
  return v.d;
}

/** Runs a context operation on Decs: charge, run, wrap. */
export function apply(st: DecState, op: DecimalOp, ctx: Context, args: readonly Dec[], f: () => Dec): PyDecimal {
  charge(st, op, args, ctx);
  return wrap(st, guard(st, f));
}

const BINARY: ReadonlyArray<readonly [string, DecimalOp, (c: Context, a: Dec, b: Dec) => Dec]> = [
  ["add", "add", D.add],
  ["sub", "subtract", D.subtract],
  ["mul", "multiply", D.multiply],
  ["truediv", "divide", D.divide],
  ["floordiv", "divide_int", D.divideInt],
  ["mod", "remainder", D.remainder],
  ["pow", "power", D.power],
];

/** A float compared with a Decimal: its exact value, after recording FloatOperation. */
function floatOperand(st: DecState, ctx: Context, x: number, strict: boolean): Dec {
  guard(st, () => D.signalFloatOperation(ctx, strict));
  return D.decFromFloatExact(x);
}

export function decimalType(st: () => DecState): PyType {
  const t = nativeClass("Decimal", "decimal", undefined, "other");
  t.newFn = (rt: Runtime, cls: PyType, args: Value[], kw: Map<string, Value> | null): Value => {
    const s = st();
    const [value, context] = bindArgs("Decimal", args, kw, ["value", "context"], 0);
    const ctx = ctxArg(s, context);
    const d = construct(s, value ?? "0", ctx);
    rt.alloc(48);
    return new PyDecimal(cls, d);
  };
  for (const [name, op, f] of BINARY) {
    def(t, `__${name}__`, (_rt, a) => {
      const s = st();
      const x = self(a[0]);
      const y = operand(a[1] as Value);
      if (y === null) return NotImplemented;
      const ctx = s.current.ctx;
      return apply(s, op, ctx, [x, y], () => f(ctx, x, y));
    });
    def(t, `__r${name}__`, (_rt, a) => {
      const s = st();
      const x = self(a[0]);
      const y = operand(a[1] as Value);
      if (y === null) return NotImplemented;
      const ctx = s.current.ctx;
      return apply(s, op, ctx, [y, x], () => f(ctx, y, x));
    });
  }
  const divmodOf = (s: DecState, x: Dec, y: Dec): Value => {
    const ctx = s.current.ctx;
    charge(s, "divmod", [x, y], ctx);
    const [q, r] = guard(s, () => D.divmod(ctx, x, y));
    return tuple([wrap(s, q), wrap(s, r)]);
  };
  def(t, "__divmod__", (_rt, a) => {
    const y = operand(a[1] as Value);
    return y === null ? NotImplemented : divmodOf(st(), self(a[0]), y);
  });
  def(t, "__rdivmod__", (_rt, a) => {
    const y = operand(a[1] as Value);
    return y === null ? NotImplemented : divmodOf(st(), y, self(a[0]));
  });
  // pow(x, y, m): three-argument form (all integral).
  def(t, "__pow__", (_rt, a) => {
    const s = st();
    const x = self(a[0]);
    const y = operand(a[1] as Value);
    if (y === null) return NotImplemented;
    const ctx = s.current.ctx;
    const mv = a[2];
    if (mv === undefined || mv === None) return apply(s, "power", ctx, [x, y], () => D.power(ctx, x, y));
    const m = operand(mv);
    if (m === null) return NotImplemented;
    return apply(s, "power", ctx, [x, y, m], () => D.powerMod(ctx, x, y, m));
  });
  const unary = (name: string, op: DecimalOp, f: (c: Context, a: Dec) => Dec): void =>
    def(t, name, (_rt, a) => {
      const s = st();
      const x = self(a[0]);
      const ctx = s.current.ctx;
      return apply(s, op, ctx, [x], () => f(ctx, x));
    });
  unary("__neg__", "minus", D.minus);
  unary("__pos__", "plus", D.plus);
  unary("__abs__", "abs", D.abs);

  // Comparisons: ints exactly, floats exactly with FloatOperation (a flag for ==, a trap for <).
  const cmpOperand = (s: DecState, v: Value, strict: boolean): Dec | null => {
    const d = operand(v);
    if (d !== null) return d;
    if (v instanceof PyFloat) return floatOperand(s, s.current.ctx, v.v, strict);
    return null;
  };
  for (const [name, neg] of [
    ["__eq__", false],
    ["__ne__", true],
  ] as const) {
    def(t, name, (_rt, a) => {
      const s = st();
      const x = self(a[0]);
      const y = cmpOperand(s, a[1] as Value, false);
      if (y === null) return NotImplemented;
      const ctx = s.current.ctx;
      charge(s, "compare", [x, y], ctx);
      return guard(s, () => D.equals(ctx, x, y)) !== neg;
    });
  }
  const ORD: ReadonlyArray<readonly [string, (o: number) => boolean]> = [
    ["__lt__", (o) => o < 0],
    ["__le__", (o) => o <= 0],
    ["__gt__", (o) => o > 0],
    ["__ge__", (o) => o >= 0],
  ];
  for (const [name, test] of ORD) {
    def(t, name, (_rt, a) => {
      const s = st();
      const x = self(a[0]);
      const y = cmpOperand(s, a[1] as Value, true);
      if (y === null) return NotImplemented;
      const ctx = s.current.ctx;
      charge(s, "compare", [x, y], ctx);
      const o = guard(s, () => D.order(ctx, x, y));
      return o === null ? false : test(o);
    });
  }
  def(t, "__hash__", (rt, a) => {
    const s = st();
    const x = self(a[0]);
    charge(s, "hash", [x], s.current.ctx);
    if (x.special === D.SNAN) throw pyErr("TypeError", "Cannot hash a signaling NaN value");
    const h = guard(s, () => D.hashDec(x));
    // A quiet NaN hashes by identity, as object.__hash__ does in CPython 3.10+.
    return h === null ? rt.idOf(a[0] as PyDecimal) * 16 : hashInt(I.norm(h));
  });
  def(t, "__bool__", (_rt, a) => !self(a[0]).isZero());
  const toStr = (rt: Runtime, text: string): string => {
    rt.charge(text.length);
    return text;
  };
  def(t, "__str__", (rt, a) => {
    const s = st();
    const x = self(a[0]);
    charge(s, "to_string", [x], s.current.ctx);
    return toStr(rt, D.toSciString(x, s.current.ctx.capitals));
  });
  def(t, "__repr__", (rt, a) => {
    const s = st();
    const x = self(a[0]);
    charge(s, "to_string", [x], s.current.ctx);
    return toStr(rt, D.toRepr(x, s.current.ctx.capitals));
  });
  def(t, "__format__", (rt, a) => {
    const s = st();
    const x = self(a[0]);
    const spec = a[1];
    if (typeof spec !== "string") throw pyErr("TypeError", "format() argument 2 must be str");
    charge(s, "format", [x], s.current.ctx);
    return toStr(
      rt,
      guard(s, () => D.formatDec(s.current.ctx, x, spec)),
    );
  });
  const toInt = (s: DecState, x: Dec): Value => {
    charge(s, "to_int", [x], s.current.ctx);
    return I.norm(guard(s, () => D.toBigInt(x)));
  };
  def(t, "__int__", (_rt, a) => toInt(st(), self(a[0])));
  def(t, "__trunc__", (_rt, a) => toInt(st(), self(a[0])));
  def(t, "__index__", (_rt, a) => {
    void self(a[0]);
    throw pyErr("TypeError", "'decimal.Decimal' object cannot be interpreted as an integer");
  });
  def(t, "__float__", (_rt, a) => {
    const s = st();
    const x = self(a[0]);
    charge(s, "to_float", [x], s.current.ctx);
    if (x.special === D.NAN) return float(x.sign ? -Number.NaN : Number.NaN);
    return float(guard(s, () => D.toFloat(x)));
  });
  // round(), floor() and ceil() to an int: to_integral in the given mode, then int().
  const integral = (s: DecState, x: Dec, mode: D.Rounding): Value => {
    if (x.special === D.NAN || x.special === D.SNAN) throw pyErr("ValueError", "cannot convert NaN to integer");
    if (x.special === D.INF) throw pyErr("OverflowError", "cannot convert Infinity to integer");
    const ctx = s.current.ctx;
    charge(s, "to_integral", [x], ctx);
    const r = guard(s, () => D.toIntegralValue(ctx, x, mode));
    return toInt(s, r);
  };
  def(t, "__round__", (_rt, a, kw) => {
    const s = st();
    const x = self(a[0]);
    const [n] = bindArgs("__round__", a.slice(1), kw, ["ndigits"], 0);
    if (n === undefined || n === None) return integral(s, x, "ROUND_HALF_EVEN");
    if (!(typeof n === "number" || typeof n === "bigint" || typeof n === "boolean")) throw pyErr("TypeError", "optional arg must be an integer");
    const nd = typeof n === "boolean" ? Number(n) : I.norm(BigInt(n));
    if (typeof nd !== "number") throw pyErr("OverflowError", "Python int too large to convert to C ssize_t");
    const ctx = s.current.ctx;
    return apply(s, "quantize", ctx, [x], () => D.roundTo(ctx, x, nd));
  });
  def(t, "__floor__", (_rt, a) => integral(st(), self(a[0]), "ROUND_FLOOR"));
  def(t, "__ceil__", (_rt, a) => integral(st(), self(a[0]), "ROUND_CEILING"));
  def(t, "__copy__", (_rt, a) => a[0] as Value);
  def(t, "__deepcopy__", (_rt, a) => a[0] as Value);
  def(t, "__reduce__", (_rt, a) => tuple([t, tuple([D.toSciString(self(a[0]))])]));
  return t;
}
