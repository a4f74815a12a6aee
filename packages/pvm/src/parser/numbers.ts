// Values of NUMBER tokens (already validated by the tokenizer): ints exactly as bigint, floats and
// imaginary parts as IEEE doubles (JS and CPython both round decimal literals correctly).

import type { ConstantValue } from "../ast.js";

export function parseNumber(text: string): ConstantValue {
  const clean = text.indexOf("_") >= 0 ? text.replace(/_/g, "") : text;
  const last = clean.charCodeAt(clean.length - 1) | 0x20;
  if (last === 106) return { kind: "complex", imag: Number(clean.slice(0, -1)) };
  const second = clean.charCodeAt(1) | 0x20;
  if (clean.charCodeAt(0) === 48 && (second === 120 || second === 111 || second === 98)) {
    return { kind: "int", value: BigInt(clean) };
  }
  for (let i = 0; i < clean.length; i++) {
    const c = clean.charCodeAt(i) | 0x20;
    if (c === 46 || c === 101) return { kind: "float", value: Number(clean) };
  }
  // Leading zeros ("00") are valid Python but not valid BigInt syntax only with a prefix; plain
  // decimal digits are always accepted by BigInt.
  return { kind: "int", value: BigInt(clean) };
}
