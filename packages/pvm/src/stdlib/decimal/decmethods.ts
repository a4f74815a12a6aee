// Decimal's named methods: the shared operation table with an optional `context` argument, the
// context-free predicates, and as_tuple (DecimalTuple), as_integer_ratio, adjusted, from_float.
import * as D from "../../decimal-engine/index.js";
import { pyErr } from "../../runtime/exceptions.js";
import { PyFloat, PyTuple, type PyType, type Value } from "../../runtime/object.js";
import { repr, tuple } from "../../runtime/ops.js";
import { T } from "../../runtime/types.js";
import { PyWrapper } from "../../runtime/object.js";
import { fnValue } from "../../builtins/util.js";
import { bindArgs, def, nativeClass, prop } from "../native-class.js";
import { PREDICATES } from "./context.js";
import { charge, ctxArg, decArg, wrap } from "./convert.js";
import { OPS, integerRatio, methodParams, roundingArg, runOp } from "./methods.js";
import { PyDecimal, type DecState } from "./state.js";

function self(v: Value | undefined, name: string): D.Dec {
  if (!(v instanceof PyDecimal))
    throw pyErr("TypeError", `descriptor '${name}' for 'decimal.Decimal' objects doesn't apply to a '${v === undefined ? "nothing" : typeof v}' object`);
  return v.d;
}

/** DecimalTuple(sign, digits, exponent): a named tuple. */
export function decimalTupleType(): PyType {
  const t = nativeClass("DecimalTuple", "decimal", [T.tuple], "tuple");
  const field =
    (i: number) =>
    (v: Value): Value =>
      (v as PyTuple).items[i] as Value;
  prop(t, "sign", field(0));
  prop(t, "digits", field(1));
  prop(t, "exponent", field(2));
  def(t, "__repr__", (rt, a) => {
    const it = (a[0] as PyTuple).items;
    return `DecimalTuple(sign=${repr(rt, it[0] as Value)}, digits=${repr(rt, it[1] as Value)}, exponent=${repr(rt, it[2] as Value)})`;
  });
  return t;
}

export function installDecimalMethods(t: PyType, st: () => DecState, tupleType: PyType): void {
  for (const [name, spec] of OPS) {
    if (spec.contextOnly === true) continue;
    const params = methodParams(name, spec).decimal;
    def(t, name, (_rt, a, kw) => {
      const s = st();
      const x = self(a[0], name);
      const v = bindArgs(name, a.slice(1), kw, params, spec.arity - 1);
      const ctx = ctxArg(s, v[params.length - 1]);
      const ops = [x, ...v.slice(0, spec.arity - 1).map((o) => decArg(o as Value))];
      return runOp(s, spec, ctx, ops, spec.rounding === true ? roundingArg(v[spec.arity - 1]) : undefined);
    });
  }
  for (const [name, f] of PREDICATES) def(t, name, (_rt, a) => f(self(a[0], name)));
  def(t, "adjusted", (_rt, a) => self(a[0], "adjusted").adjusted());
  def(t, "radix", () => wrap(st(), D.decFromInt(10n)));
  def(t, "conjugate", (_rt, a) => (self(a[0], "conjugate"), a[0] as Value));
  def(t, "as_tuple", (rt, a) => {
    const x = self(a[0], "as_tuple");
    const s = st();
    charge(s, "copy", [x], s.current.ctx);
    const tp = D.asTuple(x);
    rt.alloc(56 + 8 * tp.digits.length);
    return new PyTuple(tupleType, [tp.sign, tuple(tp.digits), tp.exponent]);
  });
  def(t, "as_integer_ratio", (_rt, a) => tuple(integerRatio(st(), self(a[0], "as_integer_ratio"))));
  prop(t, "real", (v) => v);
  prop(t, "imag", () => wrap(st(), D.decFromInt(0n)));
  // Decimal.from_float(f): exact, no FloatOperation (CPython's classmethod).
  const fromFloat = fnValue("from_float", (_rt, a) => {
    const s = st();
    const f = a[1];
    if (f instanceof PyFloat) return wrap(s, D.decFromFloatExact(f.v));
    if (typeof f === "number" || typeof f === "bigint" || typeof f === "boolean") return wrap(s, D.decFromInt(BigInt(f)));
    throw pyErr("TypeError", "argument must be int or float");
  });
  t.ns.set("from_float", new PyWrapper(T.classmethod, fromFloat));
}
