// open() for actors: a per-invocation in-memory /tmp (flat, at most 256 KiB in all), every byte
// written charged as Cells. Any other path raises PermissionError, as a sandbox denying it would.
// The host creates one Scratch per actor VM, installs scratchOpen(scratch) as the `open` builtin
// and calls scratch.wipe() after each handler (cips/pvm-stdlib-data.md §5).
import { fnValue } from "../builtins/util.js";
import type { ModuleDef } from "../modules.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyBytes, type PyNative, type Value } from "../runtime/object.js";
import { typeName } from "../runtime/ops.js";
import { utf8Decode } from "../runtime/strings.js";
import { None } from "../runtime/types.js";
import { osError } from "./scratch/errors.js";
import { BufferedRandom, BufferedReader, BufferedWriter, type FileMode, PyScratchFile, SCRATCH_COSTS, TextIOWrapper } from "./scratch/file.js";
import { Scratch, SCRATCH_LIMIT, ScratchError } from "./scratch/store.js";

export { Scratch, SCRATCH_LIMIT, ScratchError, SCRATCH_COSTS, PyScratchFile };
export { UnsupportedOperation } from "./scratch/errors.js";

const OPEN_KW = ["file", "mode", "buffering", "encoding", "errors", "newline", "closefd", "opener"] as const;

function parseMode(
  mode: string,
  encoding: Value,
  errors: Value,
  newline: Value,
): Omit<FileMode, "encoding" | "newline"> & { create: boolean; truncate: boolean; mustExist: boolean } {
  const seen = new Set<string>();
  for (const c of mode) {
    if (!"rwxabt+".includes(c) || seen.has(c)) throw pyErr("ValueError", `invalid mode: '${mode}'`);
    seen.add(c);
  }
  const [r, w, x, a, plus, t, b] = ["r", "w", "x", "a", "+", "t", "b"].map((c) => seen.has(c)) as boolean[];
  if (t && b) throw pyErr("ValueError", "can't have text and binary mode at once");
  const kinds = Number(r) + Number(w) + Number(x) + Number(a);
  if (kinds > 1) throw pyErr("ValueError", "must have exactly one of create/read/write/append mode");
  if (kinds === 0) throw pyErr("ValueError", "Must have exactly one of create/read/write/append mode and at most one plus");
  if (b && encoding !== None) throw pyErr("ValueError", "binary mode doesn't take an encoding argument");
  if (b && errors !== None) throw pyErr("ValueError", "binary mode doesn't take an errors argument");
  if (b && newline !== None) throw pyErr("ValueError", "binary mode doesn't take a newline argument");
  // Binary files report the raw FileIO mode string, text files the mode as given.
  const rawMode = x ? "xb" : a ? "ab" : r && !plus ? "rb" : plus ? "rb" : "wb";
  const binMode = x || a ? `${rawMode}${plus ? "+" : ""}` : plus ? "rb+" : rawMode;
  return {
    readable: r === true || plus === true,
    writable: !r || plus === true,
    append: a === true,
    binary: b === true,
    mode: b ? binMode : mode,
    create: !r,
    truncate: w === true,
    mustExist: r === true,
  };
}

/** Normalise a POSIX path (collapse //, ., ..); relative paths stay relative. */
function normalise(p: string): string {
  const abs = p.startsWith("/");
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!abs) out.push("..");
      continue;
    }
    out.push(part);
  }
  return (abs ? "/" : "") + out.join("/");
}

function doOpen(rt: Runtime, scratch: Scratch, args: Value[], kw: Map<string, Value> | null): Value {
  const params = new Map<string, Value>();
  if (args.length > OPEN_KW.length) throw pyErr("TypeError", `open() takes at most 8 arguments (${args.length} given)`);
  args.forEach((v, i) => {
    params.set(OPEN_KW[i] as string, v);
  });
  if (kw !== null) {
    for (const [k, v] of kw) {
      if (!(OPEN_KW as readonly string[]).includes(k)) throw pyErr("TypeError", `'${k}' is an invalid keyword argument for open()`);
      if (params.has(k)) throw pyErr("TypeError", `argument for open() given by name ('${k}') and position (${OPEN_KW.indexOf(k as never) + 1})`);
      params.set(k, v);
    }
  }
  rt.charge(SCRATCH_COSTS.call);
  const file = params.get("file");
  if (file === undefined) throw pyErr("TypeError", "open() missing required argument 'file' (pos 1)");
  let path: string;
  if (typeof file === "string") path = file;
  else if (file instanceof PyBytes) {
    const s = utf8Decode(file.b);
    if (s === null) throw pyErr("UnicodeDecodeError", "'utf-8' codec can't decode bytes: invalid data");
    path = s;
  } else throw pyErr("TypeError", `expected str, bytes or os.PathLike object, not ${typeName(file)}`);
  const mode = params.get("mode") ?? "r";
  if (typeof mode !== "string") throw pyErr("TypeError", `open() argument 'mode' must be str, not ${typeName(mode)}`);
  const encoding = params.get("encoding") ?? None;
  const errors = params.get("errors") ?? None;
  const newline = params.get("newline") ?? None;
  const m = parseMode(mode, encoding, errors, newline);
  if (encoding !== None && typeof encoding !== "string") throw pyErr("TypeError", `open() argument 'encoding' must be str or None, not ${typeName(encoding)}`);
  if (typeof encoding === "string" && !/^utf[-_]?8$/i.test(encoding)) throw pyErr("LookupError", `unknown encoding: ${encoding} (the PVM only supports utf-8)`);
  if (newline !== None && typeof newline !== "string") throw pyErr("TypeError", `open() argument 'newline' must be str or None, not ${typeName(newline)}`);
  if (typeof newline === "string" && !["", "\n", "\r", "\r\n"].includes(newline)) throw pyErr("ValueError", `illegal newline value: ${newline}`);
  if (path.includes("\0")) throw pyErr("ValueError", "embedded null byte");

  const norm = normalise(path);
  if (norm !== "/tmp" && !norm.startsWith("/tmp/")) throw osError(rt, "PermissionError", 13, path);
  const leaf = norm.slice(5);
  if (leaf === "" || path.endsWith("/")) throw osError(rt, "IsADirectoryError", 21, path);
  // /tmp is flat: there are no subdirectories, so a nested path names a missing directory.
  if (leaf.includes("/")) throw osError(rt, "FileNotFoundError", 2, path);
  let data = scratch.get(norm);
  if (data === undefined) {
    if (m.mustExist) throw osError(rt, "FileNotFoundError", 2, path);
    data = scratch.create(norm);
  } else if (mode.includes("x")) {
    throw osError(rt, "FileExistsError", 17, path);
  } else if (m.truncate) {
    scratch.resize(data, 0);
  }
  const cls = !m.binary ? TextIOWrapper : m.readable && m.writable ? BufferedRandom : m.readable ? BufferedReader : BufferedWriter;
  const f = new PyScratchFile(cls, scratch, data, path, {
    readable: m.readable,
    writable: m.writable,
    append: m.append,
    binary: m.binary,
    mode: m.mode,
    newline: newline === None ? null : (newline as string),
    encoding: typeof encoding === "string" ? encoding : "UTF-8",
  });
  if (m.append) f.pos = data.len;
  rt.alloc(64);
  return f;
}

/** The `open` builtin over `scratch`: install it in the builtins of each actor run. */
export function scratchOpen(scratch: Scratch): PyNative {
  if (!(scratch instanceof Scratch)) throw new ScratchError("INVALID_ARGUMENT", "scratch must be a Scratch instance");
  return fnValue("open", (rt, a, kw) => doOpen(rt, scratch, a, kw));
}

/**
 * A module `{open}` over a fresh Scratch per run (each import in a new run builds a new store),
 * for tests and hosts that prefer `from _scratch import open` to a builtin.
 */
export function scratchModule(limit: number = SCRATCH_LIMIT): ModuleDef {
  return { kind: "native", build: () => new Map<string, Value>([["open", scratchOpen(new Scratch(limit))]]) };
}
