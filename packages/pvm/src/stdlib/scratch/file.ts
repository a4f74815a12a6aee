// File objects of the /tmp scratch store: _io.TextIOWrapper (UTF-8, CPython's newline modes) and
// _io.BufferedReader/Writer/Random for binary modes. Positions are byte offsets (a text tell()
// cookie is the byte offset, as CPython's is for UTF-8 at a clean decoder state). Writes go
// straight to the store: there is no buffer to flush, so another handle sees them at once.
import { fnValue, method } from "../../builtins/util.js";
import type { Runtime } from "../../runtime/context.js";
import { pyErr } from "../../runtime/exceptions.js";
import { iterToArray } from "../../runtime/iter.js";
import { computeMro } from "../../runtime/mro.js";
import { PyByteArray, PyBytes, PyObject, PyType, PyWrapper, type Value } from "../../runtime/object.js";
import { list, repr, typeName } from "../../runtime/ops.js";
import { cpLength, utf8Encode } from "../../runtime/strings.js";
import { None, T } from "../../runtime/types.js";
import { osError, unsupported } from "./errors.js";
import type { Scratch, ScratchData } from "./store.js";

/** Cycles of file operations (cips/pvm-stdlib-data.md §5); Cells: one per byte written. */
export const SCRATCH_COSTS = Object.freeze({
  /** Fixed cost of open() and of each method call on a file. */
  call: 10,
  /** Per started 32 bytes read or written. */
  per32Bytes: 1,
});

export interface FileMode {
  readonly readable: boolean;
  readonly writable: boolean;
  readonly append: boolean;
  readonly binary: boolean;
  /** Text newline argument: null for None (universal newlines). */
  readonly newline: string | null;
  readonly encoding: string;
  readonly mode: string;
}

export class PyScratchFile extends PyObject {
  pos = 0;
  closed = false;
  constructor(
    cls: PyType,
    readonly store: Scratch,
    readonly file: ScratchData,
    readonly name: string,
    readonly m: FileMode,
  ) {
    super(cls);
  }
}

function fileType(name: string): PyType {
  const t = new PyType(T.type, name, [T.object], new Map(), "object", false);
  t.mro = computeMro(t);
  t.module = "_io";
  t.hasDict = false;
  t.slots = [];
  return t;
}

export const TextIOWrapper = fileType("TextIOWrapper");
export const BufferedReader = fileType("BufferedReader");
export const BufferedWriter = fileType("BufferedWriter");
export const BufferedRandom = fileType("BufferedRandom");

function self(a: Value[]): PyScratchFile {
  const f = a[0];
  if (!(f instanceof PyScratchFile)) throw pyErr("TypeError", "descriptor requires a file object");
  return f;
}

function live(f: PyScratchFile, binaryMsg = "I/O operation on closed file", period = true): void {
  if (f.closed) throw pyErr("ValueError", f.m.binary ? binaryMsg : `I/O operation on closed file${period ? "." : ""}`);
}

function charge(rt: Runtime, bytes: number): void {
  rt.charge(SCRATCH_COSTS.call + Math.ceil(bytes / 32) * SCRATCH_COSTS.per32Bytes);
}

function checkReadable(f: PyScratchFile): void {
  if (!f.m.readable) throw unsupported(f.m.binary ? "read" : "not readable");
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decode(b: Uint8Array): string {
  try {
    return utf8.decode(b);
  } catch {
    throw pyErr("UnicodeDecodeError", "'utf-8' codec can't decode bytes: invalid data");
  }
}

/** End (exclusive) of the line starting at `i` in `b`, by the file's newline rule. */
function lineEnd(b: Uint8Array, i: number, m: FileMode): number {
  const n = b.length;
  const nl = m.binary ? "\n" : m.newline;
  for (; i < n; i++) {
    const c = b[i];
    if (c === 0x0a && (nl === null || nl === "" || nl === "\n")) return i + 1;
    if (c === 0x0d) {
      if (nl === "\r") return i + 1;
      if (nl === "\r\n" && b[i + 1] === 0x0a) return i + 2;
      if (nl === null || nl === "") return b[i + 1] === 0x0a ? i + 2 : i + 1;
    }
  }
  return n;
}

/** Universal-newline translation on read (newline=None). */
function translate(s: string, m: FileMode): string {
  return m.newline === null && s.includes("\r") ? s.replace(/\r\n?/g, "\n") : s;
}

function readLine(rt: Runtime, f: PyScratchFile, limit: number): Value {
  const b = f.file.view();
  const start = Math.min(f.pos, b.length);
  let end = lineEnd(b, start, f.m);
  if (f.m.binary) {
    if (limit >= 0 && end - start > limit) end = start + limit;
    charge(rt, end - start);
    rt.alloc(end - start);
    f.pos = end;
    return new PyBytes(T.bytes, b.slice(start, end));
  }
  let text = translate(decode(b.subarray(start, end)), f.m);
  if (limit >= 0 && cpLength(text) > limit) {
    text = Array.from(text).slice(0, limit).join("");
    end = start + (utf8Encode(text) as Uint8Array).length;
  }
  charge(rt, end - start);
  rt.alloc(text.length);
  f.pos = end;
  return text;
}

function read(rt: Runtime, f: PyScratchFile, n: number): Value {
  const b = f.file.view();
  const start = Math.min(f.pos, b.length);
  if (f.m.binary) {
    const end = n < 0 ? b.length : Math.min(b.length, start + n);
    charge(rt, end - start);
    rt.alloc(end - start);
    f.pos = end;
    return new PyBytes(T.bytes, b.slice(start, end));
  }
  if (n < 0) {
    charge(rt, b.length - start);
    const text = translate(decode(b.subarray(start)), f.m);
    rt.alloc(text.length);
    f.pos = b.length;
    return text;
  }
  // n characters: whole lines at a time, then a partial one; newline translation is per line.
  let out = "";
  let got = 0;
  let pos = start;
  while (got < n && pos < b.length) {
    const end = lineEnd(b, pos, f.m);
    const line = translate(decode(b.subarray(pos, end)), f.m);
    const len = cpLength(line);
    if (got + len <= n) {
      out += line;
      got += len;
      pos = end;
      continue;
    }
    const part = Array.from(line)
      .slice(0, n - got)
      .join("");
    out += part;
    got = n;
    pos += (utf8Encode(part) as Uint8Array).length;
  }
  charge(rt, pos - start);
  rt.alloc(out.length);
  f.pos = pos;
  return out;
}

function writeBytes(rt: Runtime, f: PyScratchFile, data: Uint8Array): void {
  const file = f.file;
  if (f.m.append) f.pos = file.len;
  const end = f.pos + data.length;
  const growth = Math.max(0, end - file.len);
  charge(rt, data.length);
  if (!f.store.fits(growth)) throw osError(rt, "OSError", 28);
  // Cells: the bytes written plus any zero-filled gap a seek past the end leaves behind.
  rt.chargeCells(data.length + Math.max(0, f.pos - file.len));
  if (end > file.len) f.store.resize(file, end);
  file.data.set(data, f.pos);
  f.pos = end;
}

/** file.write(v): bytes-like for binary files, str for text files; returns the count written. */
function writeValue(rt: Runtime, f: PyScratchFile, v: Value | undefined): number {
  if (f.m.binary) {
    if (f.closed) throw pyErr("ValueError", "write to closed file");
    if (!f.m.writable) throw unsupported("write");
    const b = v instanceof PyBytes ? v.b : v instanceof PyByteArray ? v.view() : null;
    if (b === null) throw pyErr("TypeError", `a bytes-like object is required, not '${v === undefined ? "NoneType" : typeName(v)}'`);
    writeBytes(rt, f, b.slice());
    return b.length;
  }
  live(f);
  if (!f.m.writable) throw unsupported("not writable");
  if (typeof v !== "string") throw pyErr("TypeError", `write() argument must be str, not ${v === undefined ? "NoneType" : typeName(v)}`);
  const nl = f.m.newline;
  const text = nl === "\r" || nl === "\r\n" ? v.replaceAll("\n", nl) : v;
  const b = utf8Encode(text);
  if (b === null) throw pyErr("UnicodeEncodeError", "'utf-8' codec can't encode characters: surrogates not allowed");
  writeBytes(rt, f, b);
  return cpLength(v);
}

function intArg(v: Value | undefined, dflt: number): number {
  if (v === undefined || v === None) return dflt;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "bigint") throw pyErr("OverflowError", "Python int too large to convert to C ssize_t");
  throw pyErr("TypeError", `argument should be integer or None, not '${typeName(v)}'`);
}

function install(t: PyType): void {
  method(t, "read", (rt, a) => {
    const f = self(a);
    live(f, "read of closed file");
    checkReadable(f);
    return read(rt, f, intArg(a[1], -1));
  });
  method(t, "readline", (rt, a) => {
    const f = self(a);
    live(f, "readline of closed file");
    checkReadable(f);
    return readLine(rt, f, intArg(a[1], -1));
  });
  method(t, "readlines", (rt, a) => {
    const f = self(a);
    live(f, "readline of closed file");
    checkReadable(f);
    const hint = intArg(a[1], -1);
    const lines: Value[] = [];
    let total = 0;
    for (let _i = 0; f.pos < f.file.len; _i++) {
      const line = readLine(rt, f, -1);
      lines.push(line);
      total += typeof line === "string" ? cpLength(line) : (line as PyBytes).b.length;
      if (hint > 0 && total >= hint) break;
    }
    rt.alloc(56 + 8 * lines.length);
    return list(lines);
  });
  method(t, "write", (rt, a) => writeValue(rt, self(a), a[1]));
  method(t, "writelines", (rt, a) => {
    const f = self(a);
    live(f);
    for (const x of a[1] === undefined ? [] : iterToArray(rt, a[1])) writeValue(rt, f, x);
    return None;
  });
  method(t, "tell", (rt, a) => {
    const f = self(a);
    live(f);
    rt.charge(SCRATCH_COSTS.call);
    return f.pos;
  });
  method(t, "seek", (rt, a) => {
    const f = self(a);
    live(f, "seek of closed file");
    rt.charge(SCRATCH_COSTS.call);
    const off = intArg(a[1], 0);
    const whence = intArg(a[2], 0);
    if (f.m.binary) {
      if (whence !== 0 && whence !== 1 && whence !== 2) throw pyErr("ValueError", `whence value ${whence} unsupported`);
      const p = whence === 0 ? off : whence === 1 ? f.pos + off : f.file.len + off;
      if (p < 0) throw osError(rt, "OSError", 22);
      f.pos = p;
      return p;
    }
    if (whence === 1 && off !== 0) throw unsupported("can't do nonzero cur-relative seeks");
    if (whence === 2 && off !== 0) throw unsupported("can't do nonzero end-relative seeks");
    if (whence !== 0 && whence !== 1 && whence !== 2) throw pyErr("ValueError", `invalid whence (${whence}, should be 0, 1 or 2)`);
    if (whence === 0 && off < 0) throw pyErr("ValueError", `negative seek position ${off}`);
    f.pos = whence === 0 ? off : whence === 1 ? f.pos : f.file.len;
    return f.pos;
  });
  method(t, "truncate", (rt, a) => {
    const f = self(a);
    live(f);
    if (!f.m.writable) throw unsupported("truncate");
    const size = intArg(a[1], f.pos);
    if (size < 0) throw osError(rt, "OSError", 22);
    const growth = Math.max(0, size - f.file.len);
    rt.charge(SCRATCH_COSTS.call);
    if (!f.store.fits(growth)) throw osError(rt, "OSError", 28);
    rt.chargeCells(growth);
    f.store.resize(f.file, size);
    return size;
  });
  for (const [name, key] of [
    ["readable", "readable"],
    ["writable", "writable"],
  ] as const) {
    method(t, name, (_rt, a) => {
      const f = self(a);
      live(f, "I/O operation on closed file", false);
      return f.m[key];
    });
  }
  method(t, "seekable", (_rt, a) => {
    live(self(a), "I/O operation on closed file", false);
    return true;
  });
  method(t, "flush", (_rt, a) => {
    live(self(a), "I/O operation on closed file.");
    return None;
  });
  method(t, "close", (_rt, a) => {
    self(a).closed = true;
    return None;
  });
  method(t, "__enter__", (_rt, a) => {
    const f = self(a);
    live(f, "I/O operation on closed file.");
    return f;
  });
  method(t, "__exit__", (_rt, a) => {
    self(a).closed = true;
    return None;
  });
  method(t, "__iter__", (_rt, a) => {
    const f = self(a);
    live(f, "I/O operation on closed file.");
    return f;
  });
  method(t, "__next__", (rt, a) => {
    const f = self(a);
    live(f, "readline of closed file");
    checkReadable(f);
    const line = readLine(rt, f, -1);
    if ((typeof line === "string" && line.length === 0) || (line instanceof PyBytes && line.b.length === 0)) throw pyErr("StopIteration");
    return line;
  });
  method(t, "__repr__", (rt, a) => {
    const f = self(a);
    if (f.m.binary) return `<_io.${t.name} name=${repr(rt, f.name)}>`;
    return `<_io.TextIOWrapper name=${repr(rt, f.name)} mode=${repr(rt, f.m.mode)} encoding=${repr(rt, f.m.encoding)}>`;
  });
  const prop = (name: string, get: (f: PyScratchFile) => Value): void => {
    t.ns.set(
      name,
      new PyWrapper(
        T.property,
        fnValue(name, (_rt, a) => get(self(a))),
      ),
    );
  };
  prop("name", (f) => f.name);
  prop("mode", (f) => f.m.mode);
  prop("closed", (f) => f.closed);
  if (t === TextIOWrapper) prop("encoding", (f) => f.m.encoding);
}

for (const t of [TextIOWrapper, BufferedReader, BufferedWriter, BufferedRandom]) install(t);
