// The registry's canonical value encoding (cips/governance.md "Canonical encoding"): UTF-8 JSON with no
// whitespace, object keys sorted, integers only (u64 amounts as decimal strings), so one value has one byte form.
import { U64_MAX } from "@cowboy/codec";
import { GovernanceError } from "./errors.js";

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const DECIMAL = /^(0|[1-9][0-9]*)$/;

function write(value: Json, path: string): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: only safe integers may be numbers, got ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map((v, i) => write(v as Json, `${path}[${i}]`)).join(",")}]`;
  if (typeof value === "object") {
    const obj = value as { readonly [key: string]: Json };
    const keys = Object.keys(obj).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${write(obj[k]!, `${path}.${k}`)}`).join(",")}}`;
  }
  throw new GovernanceError("INVALID_ARGUMENT", `${path}: ${typeof value} is not a JSON value`);
}

/** The canonical bytes of `value`. */
export function encodeJson(value: Json): Uint8Array {
  return new TextEncoder().encode(write(value, "value"));
}

/** The canonical text of `value` (what `cowboy param get` prints). */
export function canonicalJson(value: Json): string {
  return write(value, "value");
}

/** Deepest nesting of arrays and objects a stored value may have (no config comes near it; recursion stays bounded). */
export const MAX_JSON_DEPTH = 32;

/** The nesting depth of JSON text, brackets inside strings not counted. */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** Decodes canonical bytes; anything not in canonical form (spacing, key order, floats) or nested deeper than MAX_JSON_DEPTH is refused. */
export function decodeJson(bytes: Uint8Array, what = "value"): Json {
  let text: string;
  let value: Json;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (depthOf(text) > MAX_JSON_DEPTH) throw new Error(`nested deeper than ${MAX_JSON_DEPTH}`);
    value = JSON.parse(text) as Json;
  } catch (error) {
    throw new GovernanceError("INVALID_ARGUMENT", `${what}: not UTF-8 JSON (${(error as Error).message})`);
  }
  if (write(value, what) !== text) throw new GovernanceError("INVALID_ARGUMENT", `${what}: not in canonical form`);
  return value;
}

type Plain = null | boolean | number | bigint | string | readonly Plain[] | { readonly [key: string]: Plain };

/** A configuration object as JSON: bigints become decimal strings, everything else as is. */
export function configToJson(value: unknown, path = "value"): Json {
  const v = value as Plain;
  if (typeof v === "bigint") return v.toString();
  if (v === null || typeof v === "boolean" || typeof v === "number" || typeof v === "string") return v;
  if (Array.isArray(v)) return v.map((x, i) => configToJson(x, `${path}[${i}]`));
  if (typeof v === "object") {
    const out: Record<string, Json> = {};
    for (const k of Object.keys(v)) out[k] = configToJson((v as Record<string, unknown>)[k], `${path}.${k}`);
    return out;
  }
  throw new GovernanceError("INVALID_ARGUMENT", `${path}: ${typeof value} has no JSON form`);
}

function bigintOf(json: Json, path: string): bigint {
  if (typeof json !== "string" || !DECIMAL.test(json)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: expected a decimal string, got ${JSON.stringify(json)}`);
  const n = BigInt(json);
  if (n > U64_MAX) throw new GovernanceError("INVALID_ARGUMENT", `${path}: ${json} exceeds u64`);
  return n;
}

/**
 * Reads `json` in the shape of `template` (a configuration's current value): the same keys, bigints from
 * decimal strings, numbers from integers; a `null` in the template admits null or a u64 (an optional height).
 * Ranges and relations are the owning package's validator's.
 */
export function configFromJson<T>(json: Json, template: T, path = "value"): T {
  const t = template as unknown as Plain;
  if (typeof t === "bigint") return bigintOf(json, path) as unknown as T;
  if (t === null) return (json === null ? null : bigintOf(json, path)) as unknown as T;
  if (typeof t === "number") {
    if (typeof json !== "number" || !Number.isSafeInteger(json)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: expected an integer, got ${JSON.stringify(json)}`);
    return json as unknown as T;
  }
  if (typeof t === "boolean" || typeof t === "string") {
    if (typeof json !== typeof t) throw new GovernanceError("INVALID_ARGUMENT", `${path}: expected a ${typeof t}, got ${JSON.stringify(json)}`);
    return json as unknown as T;
  }
  if (Array.isArray(t)) {
    if (!Array.isArray(json)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: expected an array`);
    if (t.length === 0) throw new GovernanceError("INVALID_ARGUMENT", `${path}: the template has no element to read by`);
    return Object.freeze((json as Json[]).map((x, i) => configFromJson(x, t[0], `${path}[${i}]`))) as unknown as T;
  }
  if (typeof t === "object" && t !== null) {
    if (typeof json !== "object" || json === null || Array.isArray(json)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: expected an object`);
    const obj = json as { readonly [key: string]: Json };
    const tk = Object.keys(t);
    for (const k of Object.keys(obj)) if (!tk.includes(k)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: unknown field '${k}'`);
    const out: Record<string, unknown> = {};
    for (const k of tk) {
      if (!(k in obj)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: missing field '${k}'`);
      out[k] = configFromJson(obj[k]!, (t as Record<string, unknown>)[k], `${path}.${k}`);
    }
    return Object.freeze(out) as unknown as T;
  }
  throw new GovernanceError("INVALID_ARGUMENT", `${path}: cannot read a value of this shape`);
}
