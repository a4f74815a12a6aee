// float: the constructor, the conversion every float() call goes through (toFloat) and float's
// methods. The arithmetic slot wrappers (float.__add__, ...) are in valueslots.ts.
import { callValue, userDunder } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import * as I from "../runtime/int.js";
import { N, num } from "../runtime/numeric.js";
import { PyBoxed, PyFloat, PyWrapper, type Value } from "../runtime/object.js";
import { asInt, float, floatRepr, tuple, typeOf } from "../runtime/ops.js";
import { T } from "../runtime/types.js";
import { method, nativeFn, withDict } from "./util.js";

function parseFloatText(text: string): number {
  return num(() => N.parseFloatFromString(text));
}

export function toFloat(rt: Runtime, v: Value): number {
  if (v instanceof PyFloat && v.cls !== T.float) {
    // A float subclass's own __float__ decides, as its nb_float does.
    const f = userDunder(v.cls, "__float__");
    if (f !== undefined) {
      const r = callValue(rt, f, [v], null);
      if (!(r instanceof PyFloat)) throw pyErr("TypeError", `${v.cls.name}.__float__ returned non-float (type ${typeOf(r).name})`);
      return r.v;
    }
  }
  if (v instanceof PyFloat) return v.v;
  if (v instanceof PyBoxed && typeof v.v === "string") v = v.v;
  const i = asInt(v);
  if (i !== undefined) return I.intToFloat(i);
  if (typeof v === "string") {
    rt.charge(v.length);
    return parseFloatText(v);
  }
  const t = typeOf(v);
  const f = t.lookup("__float__");
  if (f !== undefined) {
    const r = callValue(rt, f, [v], null);
    if (r instanceof PyFloat) return r.v;
  }
  const ix = t.lookup("__index__");
  if (ix !== undefined) return I.intToFloat(asInt(callValue(rt, ix, [v], null)) as I.Int);
  throw pyErr("TypeError", `float() argument must be a string or a real number, not '${t.name}'`);
}

/** float.__new__ and the methods of `float`. */
export function installFloat(): void {
  T.float.newFn = (rt, cls, a) => {
    const x = a.length === 0 ? 0 : toFloat(rt, a[0] as Value);
    return cls === T.float ? float(x) : withDict(rt, cls, new PyFloat(cls, x));
  };
  const floatProp = (name: string, get: (x: number) => number) =>
    T.float.ns.set(
      name,
      new PyWrapper(
        T.property,
        nativeFn(name, (_rt, a) => float(get((a[0] as PyFloat).v))),
      ),
    );
  floatProp("real", (x) => x);
  floatProp("imag", () => 0);
  method(T.float, "conjugate", (_rt, a) => float((a[0] as PyFloat).v));
  method(T.float, "is_integer", (_rt, a) => Number.isInteger((a[0] as PyFloat).v));
  method(T.float, "hex", (_rt, a) => floatRepr((a[0] as PyFloat).v));
  method(T.float, "as_integer_ratio", (_rt, a) => {
    let x = (a[0] as PyFloat).v;
    if (!Number.isFinite(x)) throw pyErr("OverflowError", "cannot convert Infinity to integer ratio");
    let d = 1n;
    while (!Number.isInteger(x)) {
      x *= 2;
      d *= 2n;
    }
    return tuple([I.norm(BigInt(x)), I.norm(d)]);
  });
}
