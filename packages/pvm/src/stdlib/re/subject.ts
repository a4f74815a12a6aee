// Python strings and bytes-like objects as the engine's subjects, and back.
import { type Subject, fromCodePoints, toCodePoints } from "../../regex-engine/index.js";
import { pyErr } from "../../runtime/exceptions.js";
import * as I from "../../runtime/int.js";
import { PyByteArray, PyBytes, type Value } from "../../runtime/object.js";
import { typeName } from "../../runtime/ops.js";
import { T } from "../../runtime/types.js";

/** A subject ready for matching: the original object and its code points (str) or bytes. */
export interface Text {
  readonly value: Value;
  readonly data: Subject;
  readonly isBytes: boolean;
  /** A str without astral characters: code-point indices are UTF-16 indices, so slices are direct. */
  readonly bmp: boolean;
}

function asText(v: Value): Text {
  if (typeof v === "string") {
    const data = toCodePoints(v);
    return { value: v, data, isBytes: false, bmp: data.length === v.length };
  }
  if (v instanceof PyBytes) return { value: v, data: v.b, isBytes: true, bmp: false };
  if (v instanceof PyByteArray) return { value: v, data: v.view().slice(), isBytes: true, bmp: false };
  throw pyErr("TypeError", `expected string or bytes-like object, got '${typeName(v)}'`);
}

/** A subject checked against the pattern's kind, with CPython's messages. */
export function subjectFor(v: Value, patternIsBytes: boolean): Text {
  const t = asText(v);
  if (patternIsBytes && !t.isBytes) throw pyErr("TypeError", "cannot use a bytes pattern on a string-like object");
  if (!patternIsBytes && t.isBytes) throw pyErr("TypeError", "cannot use a string pattern on a bytes-like object");
  return t;
}

/** The Python object for `t.data[start:end]`. */
export function sliceValue(t: Text, start: number, end: number): Value {
  if (t.bmp) return (t.value as string).slice(start, end);
  return textValue(t, t.data.subarray(start, end));
}

/**
 * The Python object for a run of code points (str) or bytes. Every bytes-like subject's pieces are
 * `bytes`, as CPython 3.11's getslice makes them (a bytearray or memoryview subject too).
 */
export function textValue(t: Pick<Text, "isBytes">, data: ArrayLike<number>): Value {
  if (!t.isBytes) return fromCodePoints(data);
  return new PyBytes(T.bytes, Uint8Array.from(data as ArrayLike<number>));
}

/** A Python int index argument as a JS number clamped to [-2**53, 2**53] (positions are clamped anyway). */
export function indexArg(v: Value, _name: string): number {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") {
    const n = I.norm(v);
    if (typeof n === "number") return n;
    return v < 0n ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
  }
  throw pyErr("TypeError", `'${typeName(v)}' object cannot be interpreted as an integer`);
}
