// Typed JSON actor arguments (cips/actors.md "Actor interfaces" → "JSON arguments"): inside the JSON
// of ARGS_JSON / --args, `{"$address": "0x…"}` is a 20-byte address and `{"$bytes": "0x…"}` a bytes
// value (plain "0x…" strings stay str), at any depth of arrays and objects.
import { fromHex, type CborValue } from "@cowboy/codec";
import { usageError } from "../errors.js";

const HEX = /^0x([0-9a-fA-F]{2})*$/;

/** `value` with every `{"$address"}` / `{"$bytes"}` object replaced by its bytes; usage errors name the bad one. */
export function resolveTypedArgs(value: CborValue, what: string): CborValue {
  if (Array.isArray(value)) return value.map((v) => resolveTypedArgs(v, what));
  if (value === null || typeof value !== "object" || value instanceof Uint8Array || value instanceof Map || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const obj = value as { [k: string]: CborValue };
  const keys = Object.keys(obj);
  if (keys.length === 1 && (keys[0] === "$address" || keys[0] === "$bytes")) {
    const tag = keys[0];
    const text = obj[tag];
    if (typeof text !== "string" || !HEX.test(text)) throw usageError(`${what}: {"${tag}": …} takes a 0x-prefixed hex string`);
    const bytes = fromHex(text.toLowerCase());
    if (tag === "$address" && bytes.length !== 20) throw usageError(`${what}: {"$address": "${text}"} is ${bytes.length} bytes, an address is 20`);
    return bytes;
  }
  const out: { [k: string]: CborValue } = {};
  for (const k of keys) Object.defineProperty(out, k, { value: resolveTypedArgs(obj[k]!, what), enumerable: true, writable: true, configurable: true });
  return out;
}
