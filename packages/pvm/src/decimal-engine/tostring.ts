/**
 * Dec → string: `str()` (to-scientific-string), `to_eng_string()` and `repr()`, as CPython prints them.
 */
import { type Dec, FINITE, INF, NAN } from "./dec.js";

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

function render(d: Dec, eng: boolean, capitals: 0 | 1): string {
  const sign = d.sign === 1 ? "-" : "";
  if (d.special !== FINITE) {
    if (d.special === INF) return `${sign}Infinity`;
    const payload = d.coeff === 0n ? "" : d.coeff.toString();
    return `${sign}${d.special === NAN ? "NaN" : "sNaN"}${payload}`;
  }
  const ds = d.coeff.toString();
  const leftdigits = d.exp + ds.length;
  let dot: number;
  if (d.exp <= 0 && leftdigits > -6) dot = leftdigits;
  else if (!eng) dot = 1;
  else if (d.coeff === 0n) dot = mod(leftdigits + 1, 3) - 1;
  else dot = mod(leftdigits - 1, 3) + 1;
  let intpart: string;
  let frac: string;
  if (dot <= 0) {
    intpart = "0";
    frac = `.${"0".repeat(-dot)}${ds}`;
  } else if (dot >= ds.length) {
    intpart = ds + "0".repeat(dot - ds.length);
    frac = "";
  } else {
    intpart = ds.slice(0, dot);
    frac = `.${ds.slice(dot)}`;
  }
  let expPart = "";
  if (leftdigits !== dot) {
    const e = leftdigits - dot;
    expPart = `${capitals ? "E" : "e"}${e >= 0 ? "+" : "-"}${Math.abs(e)}`;
  }
  return sign + intpart + frac + expPart;
}

/** CPython `str(d)` (capitals from the context; 1 by default). */
export function toSciString(d: Dec, capitals: 0 | 1 = 1): string {
  return render(d, false, capitals);
}

/** CPython `d.to_eng_string()`: exponent a multiple of three. */
export function toEngString(d: Dec, capitals: 0 | 1 = 1): string {
  return render(d, true, capitals);
}

/** CPython `repr(d)`, e.g. `Decimal('1E+3')`. */
export function toRepr(d: Dec, capitals: 0 | 1 = 1): string {
  return `Decimal('${render(d, false, capitals)}')`;
}
