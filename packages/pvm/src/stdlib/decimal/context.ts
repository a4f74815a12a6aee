// decimal.Context (attributes with CPython's validation, flags/traps as live signal dicts, the
// named operations as methods, create_decimal) and localcontext()'s context manager.
import * as D from "../../decimal-engine/index.js";
import type { SignalName } from "../../decimal-engine/index.js";
import { checkEmax, checkEmin, checkPrec, checkRounding } from "../../decimal-engine/context.js";
import { pyErr } from "../../runtime/exceptions.js";
import { PyFloat, PyObject, type PyType, type Value } from "../../runtime/object.js";
import { list, tuple, typeName } from "../../runtime/ops.js";
import { PyDict } from "../../runtime/dict.js";
import { getIter, iterToArray } from "../../runtime/iter.js";
import { None, NotImplemented } from "../../runtime/types.js";
import { bindArgs, def, nativeClass, prop } from "../native-class.js";
import { charge, construct, decArg, wrap } from "./convert.js";
import { OPS, methodParams, roundingArg, runOp } from "./methods.js";
import { PyContext, type DecState, guard } from "./state.js";

/** The nine signals in CPython's order (reprs of flags/traps follow it). */
const SIGNAL_NAMES: readonly SignalName[] = D.SIGNALS.map(([n]) => n);

/** A live view of a context's flags or traps: `ctx.traps[DivisionByZero] = False` changes the context. */
class PySignalDict extends PyObject {
  constructor(
    cls: PyType,
    readonly ctx: D.Context,
    readonly which: "flags" | "traps",
  ) {
    super(cls);
  }
}

function signalName(st: DecState, v: Value): SignalName {
  for (const n of SIGNAL_NAMES) if (st.signals.get(n) === v) return n;
  throw pyErr("KeyError", "invalid signal dict");
}

const ROUNDING_MSG = "valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n   ROUND_05UP]";

function intArg(v: Value): number {
  if (typeof v === "boolean") return Number(v);
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return v > 0n ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER;
  throw pyErr("TypeError", `'${typeName(v)}' object cannot be interpreted as an integer`);
}

/** Sets flags or traps from a list of signal classes or a dict {signal: bool}. */
function setSignals(st: DecState, ctx: D.Context, which: "flags" | "traps", v: Value): void {
  const names: SignalName[] = [];
  if (v instanceof PyDict) {
    for (const e of v.table.entries()) if (e.v === true || (typeof e.v === "number" && e.v !== 0)) names.push(signalName(st, e.k));
  } else for (const x of iterToArray(st.rt, v)) names.push(signalName(st, x));
  if (which === "flags") ctx.clearFlags();
  else ctx.traps = 0;
  for (const n of names) which === "flags" ? ctx.setFlag(n, true) : ctx.setTrap(n, true);
}

export function signalDictType(st: () => DecState): PyType {
  const t = nativeClass("SignalDict", "decimal");
  const self = (v: Value | undefined): PySignalDict => {
    if (!(v instanceof PySignalDict)) throw pyErr("TypeError", "descriptor requires a 'SignalDict' object");
    return v;
  };
  const on = (d: PySignalDict, n: SignalName): boolean => (d.which === "flags" ? d.ctx.isFlagged(n) : d.ctx.isTrapped(n));
  def(t, "__getitem__", (_rt, a) => {
    const d = self(a[0]);
    return on(d, signalName(st(), a[1] as Value));
  });
  def(t, "__setitem__", (_rt, a) => {
    const d = self(a[0]);
    const n = signalName(st(), a[1] as Value);
    const v = a[2] as Value;
    const flag = typeof v === "boolean" ? v : typeof v === "number" ? v !== 0 : null;
    if (flag === null) throw pyErr("TypeError", "signal dict values must be bool");
    if (d.which === "flags") d.ctx.setFlag(n, flag);
    else d.ctx.setTrap(n, flag);
    return None;
  });
  def(t, "__len__", () => SIGNAL_NAMES.length);
  def(t, "__contains__", (_rt, a) => SIGNAL_NAMES.some((n) => st().signals.get(n) === a[1]));
  def(t, "__iter__", (rt, a) => {
    void self(a[0]);
    return getIter(rt, list(SIGNAL_NAMES.map((n) => st().signals.get(n)!)));
  });
  def(t, "keys", () => list(SIGNAL_NAMES.map((n) => st().signals.get(n)!)));
  def(t, "values", (_rt, a) => list(SIGNAL_NAMES.map((n) => on(self(a[0]), n))));
  def(t, "items", (_rt, a) => list(SIGNAL_NAMES.map((n) => tuple([st().signals.get(n)!, on(self(a[0]), n)]))));
  def(t, "copy", (rt, a) => {
    const d = new PyDict();
    for (const n of SIGNAL_NAMES) d.set(rt, st().signals.get(n)!, on(self(a[0]), n));
    return d;
  });
  def(t, "get", (_rt, a) => {
    const d = self(a[0]);
    for (const n of SIGNAL_NAMES) if (st().signals.get(n) === a[1]) return on(d, n);
    return a[2] ?? None;
  });
  def(t, "__eq__", (_rt, a) => {
    const d = self(a[0]);
    const o = a[1];
    if (o instanceof PySignalDict) return SIGNAL_NAMES.every((n) => on(d, n) === on(o, n));
    return NotImplemented;
  });
  def(t, "__repr__", (_rt, a) => {
    const d = self(a[0]);
    return `{${SIGNAL_NAMES.map((n) => `<class 'decimal.${n}'>:${on(d, n) ? "True" : "False"}`).join(", ")}}`;
  });
  return t;
}

export const FIELDS = ["prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps"] as const;
export type ContextField = (typeof FIELDS)[number];

/** Sets one Context attribute with CPython's validation (the engine's checks and messages). */
export function setField(s: DecState, c: PyContext, name: ContextField, v: Value): void {
  const ctx = c.ctx;
  guard(s, () => {
    switch (name) {
      case "prec":
        ctx.prec = checkPrec(intArg(v));
        return;
      case "rounding":
        if (typeof v !== "string") throw new D.DecimalError("TYPE_ERROR", ROUNDING_MSG);
        ctx.rounding = checkRounding(v);
        return;
      case "Emin":
        ctx.Emin = checkEmin(intArg(v));
        return;
      case "Emax":
        ctx.Emax = checkEmax(intArg(v));
        return;
      case "capitals":
      case "clamp": {
        const n = intArg(v);
        if (n !== 0 && n !== 1) throw new D.DecimalError("VALUE_ERROR", `valid values for ${name} are 0 or 1`);
        ctx[name] = n;
        return;
      }
      case "flags":
      case "traps":
        setSignals(s, ctx, name, v);
    }
  });
}

/** libmpdec's status-bit order, which CPython's Context repr lists signals in. */
const REPR_ORDER: readonly SignalName[] = ["Clamped", "InvalidOperation", "DivisionByZero", "Inexact", "FloatOperation", "Overflow", "Rounded", "Subnormal", "Underflow"];

/** CPython's `repr(context)`. */
function contextRepr(c: D.Context): string {
  const names = (on: (n: SignalName) => boolean): string => `[${REPR_ORDER.filter(on).join(", ")}]`;
  return (
    `Context(prec=${c.prec}, rounding=${c.rounding}, Emin=${c.Emin}, Emax=${c.Emax}, capitals=${c.capitals}, ` +
    `clamp=${c.clamp}, flags=${names((n) => c.isFlagged(n))}, traps=${names((n) => c.isTrapped(n))})`
  );
}

/** Context(prec=None, rounding=None, Emin=None, Emax=None, capitals=None, clamp=None, flags=None, traps=None). */
export function contextType(st: () => DecState, signalDict: () => PyType): PyType {
  const t = nativeClass("Context", "decimal", undefined, "other");
  const self = (v: Value | undefined): PyContext => {
    if (!(v instanceof PyContext)) throw pyErr("TypeError", "descriptor requires a 'decimal.Context' object");
    return v;
  };
  t.newFn = (rt, cls, args, kw) => {
    const s = st();
    const v = bindArgs("Context", args, kw, FIELDS, 0);
    rt.alloc(96);
    // Unset fields come from DefaultContext (CPython's defaults; flags clear).
    const c = new PyContext(cls, new D.Context());
    for (let i = 0; i < FIELDS.length; i++) {
      const x = v[i];
      if (x !== undefined && x !== None) setField(s, c, FIELDS[i]!, x);
    }
    return c;
  };
  for (const f of ["prec", "rounding", "Emin", "Emax", "capitals", "clamp"] as const) {
    prop(
      t,
      f,
      (c) => self(c).ctx[f] as number | string,
      (c, v) => setField(st(), self(c), f, v),
    );
  }
  prop(
    t,
    "flags",
    (c) => new PySignalDict(signalDict(), self(c).ctx, "flags"),
    (c, v) => setSignals(st(), self(c).ctx, "flags", v),
  );
  prop(
    t,
    "traps",
    (c) => new PySignalDict(signalDict(), self(c).ctx, "traps"),
    (c, v) => setSignals(st(), self(c).ctx, "traps", v),
  );
  def(t, "__repr__", (_rt, a) => contextRepr(self(a[0]).ctx));
  def(t, "copy", (rt, a) => {
    rt.alloc(96);
    return new PyContext(t, self(a[0]).ctx.copy());
  });
  def(t, "__copy__", (rt, a) => {
    rt.alloc(96);
    return new PyContext(t, self(a[0]).ctx.copy());
  });
  def(t, "clear_flags", (_rt, a) => (self(a[0]).ctx.clearFlags(), None));
  def(t, "clear_traps", (_rt, a) => ((self(a[0]).ctx.traps = 0), None));
  def(t, "Etiny", (_rt, a) => self(a[0]).ctx.etiny());
  def(t, "Etop", (_rt, a) => self(a[0]).ctx.etop());
  def(t, "radix", () => wrap(st(), D.decFromInt(10n)));
  def(t, "create_decimal", (_rt, a, kw) => {
    const s = st();
    const c = self(a[0]).ctx;
    const [num] = bindArgs("create_decimal", a.slice(1), kw, ["num"], 0);
    const v = num ?? "0";
    if (typeof v === "string") {
      s.rt.charge(v.length);
      return wrap(
        s,
        guard(s, () => D.createDecimalFromString(c, v)),
      );
    }
    if (v instanceof PyFloat) {
      charge(s, "create", [], c);
      return wrap(
        s,
        guard(s, () => D.createDecimalFromFloat(c, v.v)),
      );
    }
    const d = construct(s, v, c);
    charge(s, "create", [d], c);
    return wrap(
      s,
      guard(s, () => D.createDecimal(c, d)),
    );
  });
  def(t, "create_decimal_from_float", (_rt, a) => {
    const s = st();
    const c = self(a[0]).ctx;
    const f = a[1];
    if (f instanceof PyFloat)
      return wrap(
        s,
        guard(s, () => D.createDecimalFromFloat(c, f.v)),
      );
    if (typeof f === "number" || typeof f === "bigint" || typeof f === "boolean")
      return wrap(
        s,
        guard(s, () => D.createDecimal(c, D.decFromInt(BigInt(f)))),
      );
    throw pyErr("TypeError", `argument must be int or float`);
  });
  def(t, "divmod", (_rt, a) => {
    const s = st();
    const c = self(a[0]).ctx;
    const x = decArg(a[1] as Value);
    const y = decArg(a[2] as Value);
    charge(s, "divmod", [x, y], c);
    const [q, r] = guard(s, () => D.divmod(c, x, y));
    return tuple([wrap(s, q), wrap(s, r)]);
  });
  def(t, "power", (_rt, a, kw) => {
    const s = st();
    const c = self(a[0]).ctx;
    const [av, bv, mv] = bindArgs("power", a.slice(1), kw, ["a", "b", "modulo"], 2);
    const x = decArg(av as Value);
    const y = decArg(bv as Value);
    if (mv === undefined || mv === None) {
      charge(s, "power", [x, y], c);
      return wrap(
        s,
        guard(s, () => D.power(c, x, y)),
      );
    }
    const m = decArg(mv);
    charge(s, "power", [x, y, m], c);
    return wrap(
      s,
      guard(s, () => D.powerMod(c, x, y, m)),
    );
  });
  def(t, "to_sci_string", (rt, a) => {
    const x = decArg(a[1] as Value);
    const out = D.toSciString(x, self(a[0]).ctx.capitals);
    rt.charge(out.length);
    return out;
  });
  for (const [name, spec] of OPS) {
    const params = methodParams(name, spec).context;
    def(t, name, (_rt, a, kw) => {
      const s = st();
      const c = self(a[0]).ctx;
      const v = bindArgs(name, a.slice(1), kw, params, spec.arity);
      const ops = v.slice(0, spec.arity).map((x) => decArg(x as Value));
      return runOp(s, spec, c, ops, spec.rounding === true ? roundingArg(v[spec.arity]) : undefined);
    });
  }
  for (const [name, f] of PREDICATES) def(t, name, (_rt, a) => f(decArg(a[1] as Value)));
  def(t, "copy_decimal", (_rt, a) => wrap(st(), decArg(a[1] as Value)));
  return t;
}

/** Predicates that need no context, shared with Decimal. */
export const PREDICATES: ReadonlyArray<readonly [string, (d: D.Dec) => boolean]> = [
  ["is_canonical", () => true],
  ["is_finite", (d) => d.isFinite()],
  ["is_infinite", (d) => d.isInfinite()],
  ["is_nan", (d) => d.isNaN()],
  ["is_qnan", (d) => d.isQNaN()],
  ["is_snan", (d) => d.isSNaN()],
  ["is_signed", (d) => d.isSigned()],
  ["is_zero", (d) => d.isZero()],
];
