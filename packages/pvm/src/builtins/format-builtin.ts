// format(value, spec): user __format__, else the numeric core's CPython format-spec mini-language.
import { callValue, userDunder } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyBoxed, PyFloat, type Value } from "../runtime/object.js";
import { str, typeOf } from "../runtime/ops.js";
import { N, num } from "../runtime/numeric.js";

export function formatValue(rt: Runtime, v: Value, spec: string): string {
  const t = typeOf(v);
  if (!t.builtin) {
    const f = userDunder(t, "__format__");
    if (f !== undefined) {
      const r = callValue(rt, f, [v, spec], null);
      if (typeof r !== "string") throw pyErr("TypeError", "__format__ must return a str");
      return r;
    }
    if (spec === "") return str(rt, v);
    if (v instanceof PyBoxed) return formatValue(rt, v.v, spec);
  }
  if (spec === "") return str(rt, v);
  if (typeof v === "string") return num(() => N.formatStr(v, spec));
  if (typeof v === "number" || typeof v === "bigint") return num(() => N.formatInt(v, spec));
  if (typeof v === "boolean") return num(() => N.formatInt(v ? 1 : 0, spec, "bool"));
  if (v instanceof PyFloat) return num(() => N.formatFloat(v.v, spec));
  throw pyErr("TypeError", `unsupported format string passed to ${t.name}.__format__`);
}
