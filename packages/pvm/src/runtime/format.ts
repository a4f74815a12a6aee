// printf-style `str % args` (LOCAL MINIMAL VERSION until numeric/percentFormat lands): supports
// %s %r %a %d %i %x %X %o %f %e %g %c %% with flags, width and precision, and %(name)s mappings.
import type { Runtime } from "./context.js";
import { pyErr } from "./exceptions.js";
import { PyFloat, PyTuple, type Value } from "./object.js";
import { asInt, floatRepr, repr, str, intStr } from "./ops.js";
import { PyDict } from "./dict.js";

const SPEC = /%(\([^)]*\))?([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?([diouxXeEfFgGcrsa%])/g;

export function percentFormat(rt: Runtime, fmt: string, args: Value): string {
  const list = args instanceof PyTuple ? args.items : [args];
  const mapping = args instanceof PyDict ? args : null;
  let i = 0;
  const take = (): Value => {
    if (i >= list.length) throw pyErr("TypeError", "not enough arguments for format string");
    return list[i++] as Value;
  };
  const out = fmt.replace(SPEC, (_m, key: string | undefined, flags: string, width: string | undefined, prec: string | undefined, conv: string) => {
    if (conv === "%") return "%";
    let v: Value;
    if (key !== undefined) {
      if (mapping === null) throw pyErr("TypeError", "format requires a mapping");
      const k = key.slice(1, -1);
      const got = mapping.get(rt, k);
      if (got === undefined) throw pyErr("KeyError", k);
      v = got;
    } else {
      if (width === "*") width = String(take());
      if (prec === "*") prec = String(take());
      v = take();
    }
    let body: string;
    const p = prec === undefined ? undefined : Number(prec);
    switch (conv) {
      case "s":
        body = str(rt, v);
        if (p !== undefined) body = body.slice(0, p);
        break;
      case "r":
      case "a":
        body = repr(rt, v);
        break;
      case "c":
        body = typeof v === "string" ? v : String.fromCodePoint(Number(asInt(v)));
        break;
      case "d":
      case "i":
      case "u": {
        const n = asInt(v) ?? (v instanceof PyFloat ? Math.trunc(v.v) : undefined);
        if (n === undefined) throw pyErr("TypeError", `%${conv} format: a real number is required, not ${typeof v === "string" ? "str" : "object"}`);
        body = intStr(n);
        break;
      }
      case "x":
      case "X":
      case "o": {
        const n = asInt(v);
        if (n === undefined) throw pyErr("TypeError", `%${conv} format: an integer is required`);
        const b = BigInt(n);
        const neg = b < 0n;
        let s = (neg ? -b : b).toString(conv === "o" ? 8 : 16);
        if (flags.includes("#")) s = (conv === "o" ? "0o" : "0x") + s;
        if (conv === "X") s = s.toUpperCase();
        body = neg ? `-${s}` : s;
        break;
      }
      default: {
        const x = v instanceof PyFloat ? v.v : Number(asInt(v) ?? NaN);
        if (Number.isNaN(x) && !(v instanceof PyFloat)) throw pyErr("TypeError", "must be real number, not str");
        const pr = p ?? 6;
        if (conv === "f" || conv === "F") body = x.toFixed(pr);
        else if (conv === "e" || conv === "E") body = x.toExponential(pr).replace(/e([+-])(\d)$/, "e$10$2");
        else body = floatRepr(Number(x.toPrecision(pr === 0 ? 1 : pr))).replace(/\.0$/, "");
        if (conv === "E" || conv === "G") body = body.toUpperCase();
      }
    }
    if ((flags.includes("+") || flags.includes(" ")) && "difeEgGu".includes(conv) && !body.startsWith("-")) body = (flags.includes("+") ? "+" : " ") + body;
    const w = width === undefined ? 0 : Number(width);
    if (body.length < w) {
      if (flags.includes("-")) body = body.padEnd(w);
      else if (flags.includes("0") && conv !== "s" && conv !== "r") {
        const sign = /^[+\- ]/.test(body) ? (body[0] as string) : "";
        body = sign + body.slice(sign.length).padStart(w - sign.length, "0");
      } else body = body.padStart(w);
    }
    return body;
  });
  if (mapping === null && i < list.length) throw pyErr("TypeError", "not all arguments converted during string formatting");
  rt.charge(out.length);
  return out;
}
