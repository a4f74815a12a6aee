// The result_schema check (spec "Objective Failure Criteria": schema violation; cips/runner-market.md "Result
// schemas"): a JSON-Schema subset, validated over the canonical value of a revealed output. The subset, and nothing
// else (a schema using any other keyword is refused when the job is posted, so every accepted schema means one thing):
//   type (a name or a list of names: object, array, string, integer, number, boolean, null), properties, required,
//   additionalProperties (true, false or a schema), items (one schema), enum, const, minimum, maximum, minLength,
//   maxLength (in code points), minItems, maxItems, description and title (ignored).
// "integer" is a CBOR int; "number" is an int or a float. Schemas nest at most 16 deep with at most 256 schema nodes.
import { CborFloat, CborTuple, encodeCbor, equalBytes, type CborValue } from "@cowboy/codec";
import { RunnerMarketError } from "./errors.js";

const TYPES = new Set(["object", "array", "string", "integer", "number", "boolean", "null"]);
const KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "description",
  "title",
]);
export const MAX_SCHEMA_DEPTH = 16;
export const MAX_SCHEMA_NODES = 256;

type Dict = ReadonlyMap<string, CborValue>;

/** A dict with str keys as a Map (decoded CBOR gives Maps, JSON gives plain objects); null if it is not one. */
function dictOf(v: CborValue): Dict | null {
  if (v instanceof Map) {
    for (const k of v.keys()) if (typeof k !== "string") return null;
    return v as Dict;
  }
  if (
    v !== null &&
    typeof v === "object" &&
    !(v instanceof Uint8Array) &&
    !Array.isArray(v) &&
    !(v instanceof CborTuple) &&
    !(v instanceof CborFloat) &&
    Object.getPrototypeOf(v) === Object.prototype
  ) {
    return new Map(Object.entries(v as Record<string, CborValue>));
  }
  return null;
}

const listOf = (v: CborValue): readonly CborValue[] | null => (Array.isArray(v) ? v : v instanceof CborTuple ? v.items : null);
const isInt = (v: CborValue | undefined): v is bigint => typeof v === "bigint";
const numOf = (v: CborValue): number | bigint | null => (typeof v === "bigint" || typeof v === "number" ? v : v instanceof CborFloat ? v.value : null);

function bad(path: string, why: string): never {
  throw new RunnerMarketError("INVALID_JOB", `result_schema${path}: ${why}`);
}

/** Throws INVALID_JOB unless `schema` uses only the subset, well-formed, within the size bounds. */
export function checkSchema(schema: CborValue): void {
  let nodes = 0;
  const walk = (s: CborValue, path: string, depth: number): void => {
    if (++nodes > MAX_SCHEMA_NODES) bad(path, `more than ${MAX_SCHEMA_NODES} schema nodes`);
    if (depth > MAX_SCHEMA_DEPTH) bad(path, `nested deeper than ${MAX_SCHEMA_DEPTH}`);
    const d = dictOf(s);
    if (d === null) bad(path, "a schema is an object");
    for (const k of d.keys()) if (!KEYWORDS.has(k)) bad(path, `keyword ${JSON.stringify(k)} is outside the supported subset`);
    const type = d.get("type");
    if (type !== undefined) {
      const names = typeof type === "string" ? [type] : listOf(type);
      if (names === null || names.length === 0 || names.some((n) => typeof n !== "string" || !TYPES.has(n))) bad(path, "type: a type name or a list of them");
    }
    const props = d.get("properties");
    if (props !== undefined) {
      const p = dictOf(props);
      if (p === null) bad(path, "properties: an object of schemas");
      for (const [k, v] of p) walk(v, `${path}.properties.${k}`, depth + 1);
    }
    const required = d.get("required");
    if (required !== undefined) {
      const r = listOf(required);
      if (r === null || r.some((n) => typeof n !== "string")) bad(path, "required: a list of names");
    }
    const extra = d.get("additionalProperties");
    if (extra !== undefined && typeof extra !== "boolean") walk(extra, `${path}.additionalProperties`, depth + 1);
    const items = d.get("items");
    if (items !== undefined) walk(items, `${path}.items`, depth + 1);
    const en = d.get("enum");
    if (en !== undefined && (listOf(en) === null || listOf(en)!.length === 0)) bad(path, "enum: a non-empty list");
    for (const k of ["minimum", "maximum"]) {
      const v = d.get(k);
      if (v !== undefined && numOf(v) === null) bad(path, `${k}: a number`);
    }
    for (const k of ["minLength", "maxLength", "minItems", "maxItems"]) {
      const v = d.get(k);
      if (v !== undefined && (!isInt(v) || v < 0n)) bad(path, `${k}: a non-negative integer`);
    }
  };
  walk(schema, "", 0);
}

function typeOf(v: CborValue): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return "boolean";
  if (typeof v === "bigint") return "integer";
  if (typeof v === "number" || v instanceof CborFloat) return "number";
  if (typeof v === "string") return "string";
  if (listOf(v) !== null) return "array";
  if (dictOf(v) !== null) return "object";
  return "bytes";
}

const cmp = (a: number | bigint, b: number | bigint): number => {
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

const sameValue = (a: CborValue, b: CborValue): boolean => {
  try {
    return equalBytes(encodeCbor(a), encodeCbor(b));
  } catch {
    return false;
  }
};

/** The first violation of `schema` by `value` as "path: why", or null when `value` conforms. */
export function schemaViolation(schema: CborValue, value: CborValue): string | null {
  const check = (s: CborValue, v: CborValue, path: string): string | null => {
    const d = dictOf(s)!;
    const type = d.get("type");
    if (type !== undefined) {
      const names = typeof type === "string" ? [type] : (listOf(type) as string[]);
      const t = typeOf(v);
      if (!names.some((n) => n === t || (n === "number" && t === "integer"))) return `${path}: expected ${names.join(" or ")}, got ${t}`;
    }
    const en = d.get("enum");
    if (en !== undefined && !listOf(en)!.some((e) => sameValue(e, v))) return `${path}: not one of the enum values`;
    const c = d.get("const");
    if (c !== undefined && !sameValue(c, v)) return `${path}: not the const value`;
    const n = numOf(v);
    if (n !== null && typeof v !== "boolean") {
      const min = d.get("minimum");
      const max = d.get("maximum");
      if (min !== undefined && cmp(n, numOf(min)!) < 0) return `${path}: below the minimum`;
      if (max !== undefined && cmp(n, numOf(max)!) > 0) return `${path}: above the maximum`;
    }
    if (typeof v === "string") {
      const len = BigInt([...v].length);
      const min = d.get("minLength");
      const max = d.get("maxLength");
      if (isInt(min) && len < min) return `${path}: shorter than minLength`;
      if (isInt(max) && len > max) return `${path}: longer than maxLength`;
    }
    const list = listOf(v);
    if (list !== null) {
      const min = d.get("minItems");
      const max = d.get("maxItems");
      if (isInt(min) && BigInt(list.length) < min) return `${path}: fewer than minItems`;
      if (isInt(max) && BigInt(list.length) > max) return `${path}: more than maxItems`;
      const items = d.get("items");
      if (items !== undefined) {
        for (let i = 0; i < list.length; i++) {
          const e = check(items, list[i]!, `${path}[${i}]`);
          if (e !== null) return e;
        }
      }
    }
    const obj = typeOf(v) === "object" ? dictOf(v) : null;
    if (obj !== null) {
      const required = d.get("required");
      if (required !== undefined) for (const k of listOf(required) as string[]) if (!obj.has(k)) return `${path}: missing required ${k}`;
      const props = d.get("properties") === undefined ? new Map<string, CborValue>() : dictOf(d.get("properties")!)!;
      const extra = d.get("additionalProperties");
      for (const [k, pv] of obj) {
        const ps = props.get(k);
        if (ps !== undefined) {
          const e = check(ps, pv, `${path}.${k}`);
          if (e !== null) return e;
        } else if (extra === false) return `${path}: unexpected property ${k}`;
        else if (extra !== undefined && typeof extra !== "boolean") {
          const e = check(extra, pv, `${path}.${k}`);
          if (e !== null) return e;
        }
      }
    }
    return null;
  };
  return check(schema, value, "$");
}
