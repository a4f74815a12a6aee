// `struct` for actors: pack/unpack/calcsize/iter_unpack/pack_into/unpack_from and Struct, every
// CPython 3.11 format code with standard sizes under <, >, !, = and x86-64 Linux sizes and alignment
// under @, and CPython's struct.error messages. Costs: cips/pvm-stdlib-data.md §4.
import { fnValue } from "../builtins/util.js";
import type { ModuleDef } from "../modules.js";
import type { Runtime } from "../runtime/context.js";
import { E, PyThrow, makeExc, pyErr } from "../runtime/exceptions.js";
import { PyIterator } from "../runtime/iter.js";
import { computeMro } from "../runtime/mro.js";
import { PyBoxed, PyByteArray, PyBytes, type PyNative, PyTuple, PyType, type Value } from "../runtime/object.js";
import { tuple, typeName } from "../runtime/ops.js";
import { None, T } from "../runtime/types.js";
import { packInto, unpackFrom } from "./struct/codec.js";
import { type Format, FormatError, parseFormat } from "./struct/format-string.js";
import { struct_py } from "./py/sources.js";

/** Cycles charged by struct calls on top of the call itself. */
const STRUCT_COSTS = Object.freeze({
  /** Fixed cost of a pack/unpack/calcsize call, plus one per character of the format string. */
  call: 5,
  /** Per value packed or unpacked. */
  perItem: 2,
  /** Per started 8 bytes of packed data read or written. */
  per8Bytes: 1,
});

/** Formats parsed by one module instance (one run); bounded so a script cannot grow it at will. */
const CACHE_LIMIT = 256;

function natives(): Map<string, Value> {
  const error = new PyType(T.type, "error", [E.Exception], new Map(), "exception", false);
  error.mro = computeMro(error);
  error.module = "struct";
  const fail = (msg: string): never => {
    throw new PyThrow(makeExc(error, msg));
  };
  const cache = new Map<string, Format>();

  const formatOf = (rt: Runtime, v: Value | undefined): Format => {
    let s: string;
    if (typeof v === "string") s = v;
    else if (v instanceof PyBytes || v instanceof PyByteArray) s = String.fromCharCode(...(v instanceof PyBytes ? v.b : v.view()));
    else throw pyErr("TypeError", `Struct() argument 1 must be a str or bytes object, not ${v === undefined ? "NoneType" : typeName(v)}`);
    rt.charge(STRUCT_COSTS.call + s.length);
    const hit = cache.get(s);
    if (hit !== undefined) return hit;
    let f: Format;
    try {
      f = parseFormat(s);
    } catch (e) {
      if (e instanceof FormatError) fail(e.message);
      throw e;
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(s, f);
    return f;
  };
  const work = (rt: Runtime, f: Format): void => rt.charge(STRUCT_COSTS.perItem * f.items.length + Math.ceil(f.size / 8) * STRUCT_COSTS.per8Bytes);
  const readable = (v: Value | undefined): Uint8Array => {
    if (v instanceof PyBytes) return v.b;
    if (v instanceof PyByteArray) return v.view();
    throw pyErr("TypeError", `a bytes-like object is required, not '${v === undefined ? "NoneType" : typeName(v)}'`);
  };
  const index = (v: Value | undefined): number => {
    if (v instanceof PyBoxed) v = v.v; // an int subclass instance is an index
    if (typeof v === "number") return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (typeof v === "bigint") throw pyErr("IndexError", `cannot fit 'int' into an index-sized integer`);
    throw pyErr("TypeError", `'${v === undefined ? "NoneType" : typeName(v)}' object cannot be interpreted as an integer`);
  };
  const items = (v: Value | undefined): readonly Value[] => (v instanceof PyTuple ? v.items : []);

  const m = new Map<string, Value>();
  m.set("error", error);
  m.set(
    "_calcsize",
    fnValue("calcsize", (rt, a) => formatOf(rt, a[0]).size),
  );
  m.set(
    "_pack",
    fnValue("pack", (rt, a) => {
      const f = formatOf(rt, a[0]);
      const args = items(a[1]);
      if (args.length !== f.items.length) fail(`pack expected ${f.items.length} items for packing (got ${args.length})`);
      work(rt, f);
      rt.alloc(f.size);
      const out = new Uint8Array(f.size);
      packInto(rt, f, args, out, 0, fail);
      return new PyBytes(T.bytes, out);
    }),
  );
  m.set(
    "_pack_into",
    fnValue("pack_into", (rt, a) => {
      const f = formatOf(rt, a[0]);
      const args = items(a[1]);
      if (args.length !== f.items.length + 2) {
        if (args.length === 0) fail("pack_into expected buffer argument");
        if (args.length === 1) fail("pack_into expected offset argument");
        fail(`pack_into expected ${f.items.length} items for packing (got ${args.length - 2})`);
      }
      const buf = args[0];
      if (!(buf instanceof PyByteArray)) {
        throw pyErr("TypeError", `argument must be read-write bytes-like object, not ${typeName(buf as Value)}`);
      }
      let offset = index(args[1]);
      const len = buf.len;
      if (offset < 0) {
        if (offset + f.size > 0) fail(`no space to pack ${f.size} bytes at offset ${offset}`);
        if (offset + len < 0) fail(`offset ${offset} out of range for ${len}-byte buffer`);
        offset += len;
      }
      if (len - offset < f.size) {
        fail(`pack_into requires a buffer of at least ${f.size + offset} bytes for packing ${f.size} bytes at offset ${offset} (actual buffer size is ${len})`);
      }
      work(rt, f);
      // Packed into scratch space and copied on success, so a bad value leaves the buffer as it was
      // (CPython zeroes the region and writes item by item; cips/pvm-stdlib-data.md §4).
      rt.alloc(f.size);
      const tmp = new Uint8Array(f.size);
      packInto(rt, f, args.slice(2), tmp, 0, fail);
      buf.view().set(tmp, offset);
      return None;
    }),
  );
  m.set(
    "_unpack",
    fnValue("unpack", (rt, a) => {
      const f = formatOf(rt, a[0]);
      const b = readable(a[1]);
      if (b.length !== f.size) fail(`unpack requires a buffer of ${f.size} bytes`);
      work(rt, f);
      rt.alloc(8 * f.items.length + 56);
      return tuple(unpackFrom(f, b, 0));
    }),
  );
  m.set(
    "_unpack_from",
    fnValue("unpack_from", (rt, a) => {
      const f = formatOf(rt, a[0]);
      const b = readable(a[1]);
      let offset = index(a[2] ?? 0);
      const len = b.length;
      if (offset < 0) {
        if (offset + len < 0) fail(`offset ${offset} out of range for ${len}-byte buffer`);
        if (offset + f.size > 0) fail(`not enough data to unpack ${f.size} bytes at offset ${offset}`);
        offset += len;
      }
      if (len - offset < f.size) {
        fail(`unpack_from requires a buffer of at least ${f.size + offset} bytes for unpacking ${f.size} bytes at offset ${offset} (actual buffer size is ${len})`);
      }
      work(rt, f);
      rt.alloc(8 * f.items.length + 56);
      return tuple(unpackFrom(f, b, offset));
    }),
  );
  m.set(
    "_iter_unpack",
    fnValue("iter_unpack", (rt, a) => {
      const f = formatOf(rt, a[0]);
      const b = readable(a[1]);
      if (f.size === 0) fail("cannot iteratively unpack with a struct of length 0");
      if (b.length % f.size !== 0) fail(`iterative unpacking requires a buffer of a multiple of ${f.size} bytes`);
      // The records are read from a snapshot, as CPython's iterator holds a buffer export.
      rt.alloc(b.length);
      const snap = b.slice();
      let at = 0;
      return new PyIterator(() => {
        if (at >= snap.length) return undefined;
        work(rt, f);
        rt.alloc(8 * f.items.length + 56);
        const t = tuple(unpackFrom(f, snap, at));
        at += f.size;
        return t;
      });
    }),
  );
  // Struct(fmt) binds these to the instance, so S.pack(...) is one native call with no Python frame.
  const call = (name: string, rt: Runtime, args: Value[]): Value => (m.get(name) as PyNative).fn(rt, args, null);
  m.set(
    "_bind",
    fnValue("_bind", (_rt, a) => {
      const fmt = a[0] as Value;
      return tuple([
        fnValue("pack", (rt, v) => call("_pack", rt, [fmt, tuple(v)])),
        fnValue("pack_into", (rt, v) => call("_pack_into", rt, [fmt, tuple(v)])),
        fnValue("unpack", (rt, v, kw) => {
          if (kw !== null || v.length !== 1) throw pyErr("TypeError", `unpack() takes exactly one argument (${v.length} given)`);
          return call("_unpack", rt, [fmt, v[0] as Value]);
        }),
        fnValue("unpack_from", (rt, v, kw) => {
          const offset = kw?.get("offset") ?? v[1] ?? 0;
          const buffer = kw?.get("buffer") ?? v[0];
          if (buffer === undefined) throw pyErr("TypeError", "unpack_from() missing required argument 'buffer' (pos 1)");
          return call("_unpack_from", rt, [fmt, buffer, offset]);
        }),
        fnValue("iter_unpack", (rt, v) => call("_iter_unpack", rt, [fmt, v[0] as Value])),
      ]);
    }),
  );
  return m;
}

/** The `struct` module definition, for `ModuleRegistry.register("struct", structModule())`. */
export function structModule(): ModuleDef {
  return { kind: "source", source: struct_py, filename: "struct.py", natives };
}
