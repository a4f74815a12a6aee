// Python equality for dict keys and set items. Distinct canonical encodings can still be equal keys in
// Python (1 == 1.0 == True, 0 == -0.0 == False, (1,) == (True,)), and a Python dict keeps only one of
// them: so both the encoder and the decoder refuse such pairs, exactly as the PVM does.
import { CborFloat, CborSet, CborTuple, type CborValue } from "./model.js";

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * A string equal for two hashable values exactly when Python says they are equal, or null when `v`
 * is not hashable (list, dict, set, or a tuple holding one). Numbers meet on one form: an integral
 * float or a bool becomes the int it equals.
 */
export function pyKey(v: CborValue): string | null {
  if (v === null) return "N";
  switch (typeof v) {
    case "string":
      return "s" + v;
    case "boolean":
      return v ? "i1" : "i0";
    case "bigint":
      return "i" + v.toString();
    case "number":
      // Integral floats (including -0.0) equal the int of the same value; BigInt(x) is exact for them.
      return Number.isInteger(v) ? "i" + BigInt(v).toString() : "f" + String(v);
  }
  if (v instanceof CborFloat) return pyKey(v.value);
  if (v instanceof Uint8Array) {
    let s = "b";
    for (let i = 0; i < v.length; i++) s += HEX[v[i]!]!;
    return s;
  }
  if (v instanceof CborTuple) {
    const ids: string[] = [];
    for (const x of v.items) {
      const id = pyKey(x);
      if (id === null) return null;
      ids.push(JSON.stringify(id));
    }
    return "t[" + ids.join(",") + "]";
  }
  if (v instanceof CborSet && v.frozen) {
    // Items of a valid frozenset are hashable and pairwise unequal; order-free identity: sort them.
    const ids: string[] = [];
    for (const x of v.items) {
      const id = pyKey(x);
      if (id === null) return null;
      ids.push(JSON.stringify(id));
    }
    return "z[" + ids.sort().join(",") + "]";
  }
  return null;
}
