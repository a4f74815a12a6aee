// format(value, spec) — LOCAL MINIMAL VERSION of the format-spec mini-language until
// numeric/formatInt/formatFloat/formatStr land: [[fill]align][sign][#][0][width][,|_][.prec][type].
import { callValue, userDunder } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyFloat, type Value } from "../runtime/object.js";
import { asInt, floatRepr, str, typeOf } from "../runtime/ops.js";

const SPEC = /^(?:(.)?([<>=^]))?([+\- ])?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/su;

function group(intPart: string, sep: string, every: number): string {
  let out = "";
  for (let i = 0; i < intPart.length; i++) {
    if (i > 0 && (intPart.length - i) % every === 0) out += sep;
    out += intPart[i];
  }
  return out;
}

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
  }
  if (spec === "") return str(rt, v);
  const m = SPEC.exec(spec);
  if (m === null) throw pyErr("ValueError", `Invalid format specifier '${spec}' for object of type '${t.name}'`);
  const [, fillRaw, alignRaw, sign, alt, zero, widthS, sep, precS, typeRaw] = m;
  let fill = fillRaw ?? " ";
  let align = alignRaw;
  const width = widthS === undefined ? 0 : Number(widthS);
  const prec = precS === undefined ? undefined : Number(precS);
  let body: string;
  let numeric = false;
  const i = asInt(v);
  const type = typeRaw ?? "";
  if (typeof v === "string") {
    if (type !== "" && type !== "s") throw pyErr("ValueError", `Unknown format code '${type}' for object of type 'str'`);
    body = prec === undefined ? v : Array.from(v).slice(0, prec).join("");
  } else if (i !== undefined && typeof v !== "boolean" && !"eEfFgG%".includes(type || "x")) {
    numeric = true;
    const b = BigInt(i);
    const neg = b < 0n;
    const mag = neg ? -b : b;
    let digits: string;
    switch (type) {
      case "b":
        digits = (alt ? "0b" : "") + mag.toString(2);
        break;
      case "o":
        digits = (alt ? "0o" : "") + mag.toString(8);
        break;
      case "x":
        digits = (alt ? "0x" : "") + mag.toString(16);
        break;
      case "X":
        digits = (alt ? "0X" : "") + mag.toString(16).toUpperCase();
        break;
      case "c":
        digits = String.fromCodePoint(Number(mag));
        break;
      default:
        digits = mag.toString();
        if (sep !== undefined) digits = group(digits, sep, 3);
    }
    body = (neg ? "-" : sign === "+" ? "+" : sign === " " ? " " : "") + digits;
  } else if (v instanceof PyFloat || i !== undefined) {
    numeric = true;
    const x = v instanceof PyFloat ? v.v : Number(i);
    const neg = x < 0 || Object.is(x, -0);
    const ax = Math.abs(x);
    let digits: string;
    const p = prec ?? 6;
    if (!Number.isFinite(ax)) digits = Number.isNaN(ax) ? "nan" : "inf";
    else
      switch (type) {
        case "f":
        case "F":
          digits = ax.toFixed(p);
          break;
        case "e":
        case "E":
          digits = ax.toExponential(p).replace(/e([+-])(\d)$/, "e$10$2");
          break;
        case "%":
          digits = `${(ax * 100).toFixed(p)}%`;
          break;
        case "g":
        case "G": {
          const pp = p === 0 ? 1 : p;
          const exp = ax === 0 ? 0 : Math.floor(Math.log10(Number(ax.toExponential(pp - 1))));
          if (exp >= -4 && exp < pp) digits = ax.toFixed(Math.max(0, pp - 1 - exp));
          else digits = ax.toExponential(pp - 1).replace(/e([+-])(\d)$/, "e$10$2");
          if (!alt) digits = digits.replace(/(\.\d*?)0+(e|$)/, "$1$2").replace(/\.(e|$)/, "$1");
          break;
        }
        default:
          digits = prec === undefined ? floatRepr(ax) : floatRepr(Number(ax.toPrecision(prec || 1)));
      }
    if (type === "E" || type === "G" || type === "F") digits = digits.toUpperCase();
    if (sep !== undefined) {
      const [ip, fp] = digits.split(".") as [string, string | undefined];
      digits = group(ip, sep, 3) + (fp === undefined ? "" : `.${fp}`);
    }
    body = (neg ? "-" : sign === "+" ? "+" : sign === " " ? " " : "") + digits;
  } else {
    throw pyErr("TypeError", `unsupported format string passed to ${t.name}.__format__`);
  }
  if (zero !== undefined && align === undefined && numeric) {
    fill = "0";
    align = "=";
  }
  align ??= numeric ? ">" : "<";
  const len = Array.from(body).length;
  if (len >= width) return body;
  const pad = width - len;
  switch (align) {
    case "<":
      return body + fill.repeat(pad);
    case ">":
      return fill.repeat(pad) + body;
    case "^":
      return fill.repeat(Math.floor(pad / 2)) + body + fill.repeat(pad - Math.floor(pad / 2));
    default: {
      const signCh = /^[+\- ]/.test(body) ? (body[0] as string) : "";
      const pre = /^[+\- ]?0[xXbo]/.test(body) ? body.slice(0, signCh.length + 2) : signCh;
      return pre + fill.repeat(pad) + body.slice(pre.length);
    }
  }
}
