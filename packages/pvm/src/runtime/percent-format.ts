// printf-style `str % args` through the numeric core's CPython-exact implementation; this file
// supplies the object-model callbacks (str/repr/ascii, int and float conversion, mapping lookup).
import type { Runtime } from "./context.js";
import { pyErr } from "./exceptions.js";
import { PyBoxed, PyFloat, PyList, PyTuple, type Value } from "./object.js";
import { asInt, repr, str, typeOf } from "./ops.js";
import { PyDict } from "./dict.js";
import { N, num } from "./numeric.js";
import { getItem } from "./subscript.js";
import { callValue, userDunder } from "./call.js";
import { asciiReprOf } from "./strings.js";

export function percentFormat(rt: Runtime, fmt: string, args: Value): string {
  const a: N.PercentArgs<Value> =
    args instanceof PyTuple
      ? { tuple: args.items }
      : { single: args, isMapping: args instanceof PyDict || args instanceof PyList || (typeof args === "object" && userDunder(args.cls, "__getitem__") !== undefined) };
  const out = num(() =>
    N.percentFormat<Value>(fmt, a, {
      str: (v) => str(rt, v),
      repr: (v) => repr(rt, v),
      ascii: (v) => asciiReprOf(repr(rt, v)),
      toInt: (v, conv) => {
        const i = asInt(v);
        if (i !== undefined) return i;
        if ((conv === "d" || conv === "i" || conv === "u") && v instanceof PyFloat) {
          if (!Number.isFinite(v.v))
            throw pyErr(Number.isNaN(v.v) ? "ValueError" : "OverflowError", Number.isNaN(v.v) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
          return BigInt(Math.trunc(v.v));
        }
        const ix = userDunder(typeOf(v), conv === "d" || conv === "i" || conv === "u" ? "__int__" : "__index__") ?? userDunder(typeOf(v), "__index__");
        if (ix !== undefined) {
          const r = asInt(callValue(rt, ix, [v], null));
          if (r !== undefined) return r;
        }
        if (conv === "d" || conv === "i" || conv === "u") throw pyErr("TypeError", `%${conv} format: a real number is required, not ${typeOf(v).name}`);
        throw pyErr("TypeError", `%${conv} format: an integer is required, not ${typeOf(v).name}`);
      },
      toFloat: (v) => {
        if (v instanceof PyFloat) return v.v;
        const i = asInt(v);
        if (i !== undefined) return Number(i);
        throw pyErr("TypeError", `must be real number, not ${typeOf(v).name}`);
      },
      toChar: (v) => (typeof v === "string" ? v : v instanceof PyBoxed && typeof v.v === "string" ? v.v : (asInt(v) ?? null)),
      toStarInt: (v) => (typeof v === "number" || typeof v === "bigint" ? v : null),
      getItem: (m, k) => getItem(rt, m, k),
    }),
  );
  rt.charge(out.length);
  rt.alloc(out.length);
  return out;
}
