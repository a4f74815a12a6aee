// Packing and unpacking of parsed formats, value conversion and range errors as CPython 3.11's
// _struct.c (lp_/bp_/np_ table functions). Integers wider than 32 bits go through BigInt.
import { U64_MAX } from "@cowboy/codec";
import { callValue } from "../../runtime/call.js";
import type { Runtime } from "../../runtime/context.js";
import { pyErr } from "../../runtime/exceptions.js";
import * as I from "../../runtime/int.js";
import { PyBytes, PyFloat, type Value } from "../../runtime/object.js";
import { float, truthy, typeOf } from "../../runtime/ops.js";
import { T } from "../../runtime/types.js";
import type { Format, Item } from "./format-string.js";
import { packHalf, unpackHalf } from "./half.js";

/** A struct.error raised with `msg` (the class is supplied by the module instance). */
export type Fail = (msg: string) => never;

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** The integer inside `v` (int, bool or __index__), or a struct.error. */
function intOf(rt: Runtime, v: Value, fail: Fail): bigint {
  if (typeof v === "number") return BigInt(v);
  if (typeof v === "bigint") return v;
  if (typeof v === "boolean") return v ? 1n : 0n;
  if (!(v instanceof PyFloat)) {
    const ix = typeOf(v).lookup("__index__");
    if (ix !== undefined) {
      const r = callValue(rt, ix, [v], null);
      if (typeof r === "number" || typeof r === "bigint") return BigInt(r);
      if (typeof r === "boolean") return r ? 1n : 0n;
    }
  }
  return fail("required argument is not an integer");
}

function floatOf(rt: Runtime, v: Value, fail: Fail): number {
  if (v instanceof PyFloat) return v.v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number" || typeof v === "bigint") {
    const x = intToFloat(v);
    if (x === null) return fail("required argument is not a float");
    return x;
  }
  const t = typeOf(v);
  const ff = t.lookup("__float__");
  if (ff !== undefined) {
    const r = callValue(rt, ff, [v], null);
    if (r instanceof PyFloat) return r.v;
  }
  const ix = t.lookup("__index__");
  if (ix !== undefined) {
    const r = callValue(rt, ix, [v], null);
    if (typeof r === "number" || typeof r === "bigint") {
      const x = intToFloat(r);
      if (x !== null) return x;
    }
  }
  return fail("required argument is not a float");
}

/** int -> float as CPython rounds it, or null when it overflows a double. */
function intToFloat(v: number | bigint): number | null {
  const x = Number(v);
  return Number.isFinite(x) ? x : null;
}

const SMALL_NAMES: Record<string, string> = { b: "byte", B: "ubyte", h: "short", H: "ushort" };

/**
 * Range-check `n` for an integer code of `size` bytes, with CPython 3.11's message for each case on
 * a little-endian host: native and little-endian formats go through its native pack functions
 * (byte/short names), big-endian standard ones ('>', '!') through its bp_* functions.
 */
function checkInt(code: string, size: number, n: bigint, fail: Fail, bigEndianStd: boolean): void {
  const signed = code === "b" || code === "h" || code === "i" || code === "l" || code === "q" || code === "n";
  const lo = signed ? -(1n << BigInt(8 * size - 1)) : 0n;
  const hi = signed ? (1n << BigInt(8 * size - 1)) - 1n : (1n << BigInt(8 * size)) - 1n;
  if (n >= lo && n <= hi) return;
  const small = size === 1 || !bigEndianStd ? SMALL_NAMES[code] : undefined;
  if (small !== undefined) {
    // b/B/h/H read a C long first: only a value outside int64 gives the generic message.
    if (n < INT64_MIN || n > INT64_MAX) fail("argument out of range");
    fail(`${small} format requires ${lo} <= number <= ${hi}`);
  }
  if (size === 8) fail(bigEndianStd ? "int too large to convert" : "argument out of range");
  // 2- and 4-byte codes: signed ones read a C long, unsigned ones an unsigned long.
  if (signed ? n < INT64_MIN || n > INT64_MAX : n < 0n || n > U64_MAX) fail("argument out of range");
  fail(`'${code}' format requires ${lo} <= number <= ${hi}`);
}

function bytesArg(v: Value): Uint8Array | null {
  return v instanceof PyBytes ? v.b : null;
}

/** Write `args` into `out` at `base` following `f`; `args.length` is already checked. */
export function packInto(rt: Runtime, f: Format, args: readonly Value[], out: Uint8Array, base: number, fail: Fail): void {
  const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const items = f.items;
  for (let k = 0; k < items.length; k++) {
    const it = items[k] as Item;
    const v = args[k] as Value;
    const at = base + it.offset;
    if (typeof v === "number" && packSmallInt(dv, it, v, at, f.little)) continue;
    packItem(rt, f, it, v, out, dv, at, fail);
  }
}

const SIGNED = new Set(["b", "h", "i", "l", "q", "n"]);
const UNSIGNED = new Set(["B", "H", "I", "L", "Q", "N"]);
/** By byte size: a signed code holds [-h, h), h = 2^(8·size − 1); an unsigned one [0, 2^(8·size) − 1]. */
const SIGNED_HALF = [0, 0x80, 0x8000, 0, 0x8000_0000, 0, 0, 0, 2 ** 63];
const UNSIGNED_MAX = [0, 0xff, 0xffff, 0, 0xffff_ffff, 0, 0, 0, 2 ** 64 - 1];

/**
 * The common case of an integer code given a small int (a JS number, always a safe integer): range
 * checked and written without BigInt. Returns false for any other code or an out-of-range value,
 * which packItem then handles (and words the error) as CPython does.
 */
function packSmallInt(dv: DataView, it: Item, v: number, at: number, le: boolean): boolean {
  const code = it.code;
  const size = it.size;
  const signed = SIGNED.has(code);
  if (!signed && !UNSIGNED.has(code)) return false;
  if (signed) {
    const half = SIGNED_HALF[size] as number;
    if (v < -half || v >= half) return false;
  } else if (v < 0 || v > (UNSIGNED_MAX[size] as number)) return false;
  if (size === 1) dv.setUint8(at, v & 0xff);
  else if (size === 2) dv.setUint16(at, v & 0xffff, le);
  else if (size === 4) dv.setUint32(at, v >>> 0, le);
  else {
    // Two's complement halves: ToUint32 is exact modulo 2^32 for every safe integer.
    const lo = v >>> 0;
    const hi = Math.floor(v / 0x1_0000_0000) >>> 0;
    dv.setUint32(le ? at : at + 4, lo, le);
    dv.setUint32(le ? at + 4 : at, hi, le);
  }
  return true;
}

/** Write one value of item `it` at `at` (every code; the slow path of integer codes). */
function packItem(rt: Runtime, f: Format, it: Item, v: Value, out: Uint8Array, dv: DataView, at: number, fail: Fail): void {
  const le = f.little;
  switch (it.code) {
    case "c": {
      const b = bytesArg(v);
      if (b === null || b.length !== 1) fail("char format requires a bytes object of length 1");
      out[at] = b[0] as number;
      return;
    }
    case "s":
    case "p": {
      const b = bytesArg(v);
      if (b === null) fail(`argument for '${it.code}' must be a bytes object`);
      if (it.code === "s") {
        out.set(b.subarray(0, it.size), at);
        return;
      }
      if (it.size === 0) return;
      const n = Math.min(b.length, it.size - 1, 255);
      out[at] = n;
      out.set(b.subarray(0, n), at + 1);
      return;
    }
    case "?":
      out[at] = truthy(rt, v) ? 1 : 0;
      return;
    case "e": {
      const h = packHalf(floatOf(rt, v, fail));
      if (h === null) throw pyErr("OverflowError", "float too large to pack with e format");
      dv.setUint16(at, h, le);
      return;
    }
    case "f": {
      const x = floatOf(rt, v, fail);
      const y = Math.fround(x);
      if (!f.native && !Number.isFinite(y) && Number.isFinite(x)) throw pyErr("OverflowError", "float too large to pack with f format");
      dv.setFloat32(at, y, le);
      return;
    }
    case "d":
      dv.setFloat64(at, floatOf(rt, v, fail), le);
      return;
    case "P": {
      const n = intOf(rt, v, fail);
      if (n < INT64_MIN || n > U64_MAX) fail("int too large to convert");
      dv.setBigUint64(at, BigInt.asUintN(64, n), le);
      return;
    }
    default: {
      const n = intOf(rt, v, fail);
      checkInt(it.code, it.size, n, fail, !f.little && !f.native);
      const u = BigInt.asUintN(8 * it.size, n);
      if (it.size === 1) out[at] = Number(u);
      else if (it.size === 2) dv.setUint16(at, Number(u), le);
      else if (it.size === 4) dv.setUint32(at, Number(u), le);
      else dv.setBigUint64(at, u, le);
    }
  }
}

/** Values of `f` read from `b` at `base` (length already checked). */
export function unpackFrom(f: Format, b: Uint8Array, base: number): Value[] {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const le = f.little;
  const out: Value[] = [];
  for (const it of f.items) {
    const at = base + it.offset;
    switch (it.code) {
      case "c":
        out.push(new PyBytes(T.bytes, b.slice(at, at + 1)));
        break;
      case "s":
        out.push(new PyBytes(T.bytes, b.slice(at, at + it.size)));
        break;
      case "p": {
        if (it.size === 0) {
          out.push(new PyBytes(T.bytes, new Uint8Array(0)));
          break;
        }
        const n = Math.min(b[at] as number, it.size - 1);
        out.push(new PyBytes(T.bytes, b.slice(at + 1, at + 1 + n)));
        break;
      }
      case "?":
        out.push(b[at] !== 0);
        break;
      case "e":
        out.push(float(unpackHalf(dv.getUint16(at, le))));
        break;
      case "f":
        out.push(float(dv.getFloat32(at, le)));
        break;
      case "d":
        out.push(float(dv.getFloat64(at, le)));
        break;
      default: {
        const signed = SIGNED.has(it.code);
        if (it.size === 1) out.push(signed ? dv.getInt8(at) : (b[at] as number));
        else if (it.size === 2) out.push(signed ? dv.getInt16(at, le) : dv.getUint16(at, le));
        else if (it.size === 4) out.push(signed ? dv.getInt32(at, le) : dv.getUint32(at, le));
        else out.push(I.norm(signed ? dv.getBigInt64(at, le) : dv.getBigUint64(at, le)));
      }
    }
  }
  return out;
}
