// The exceptions open() raises, worded as CPython 3.11 on Linux. OSError subclasses carry errno,
// strerror and filename as attributes; their args hold the formatted message (our runtime's
// OSError has no multi-argument form), so str(e) reads exactly as CPython's.
import type { Runtime } from "../../runtime/context.js";
import { E, PyThrow, makeExc, type ExcName } from "../../runtime/exceptions.js";
import { computeMro } from "../../runtime/mro.js";
import { PyType } from "../../runtime/object.js";
import { repr } from "../../runtime/ops.js";
import { T } from "../../runtime/types.js";

/** io.UnsupportedOperation: both an OSError and a ValueError, as in CPython. */
export const UnsupportedOperation: PyType = (() => {
  const t = new PyType(T.type, "UnsupportedOperation", [E.OSError, E.ValueError], new Map(), "exception", true);
  t.mro = computeMro(t);
  t.module = "io";
  return t;
})();

export function unsupported(msg: string): PyThrow {
  return new PyThrow(makeExc(UnsupportedOperation, msg));
}

const STRERROR: Record<number, string> = {
  2: "No such file or directory",
  13: "Permission denied",
  17: "File exists",
  21: "Is a directory",
  22: "Invalid argument",
  28: "No space left on device",
};

/** An OSError subclass for `errno`, as CPython raises it for a path (or without one). */
export function osError(rt: Runtime, name: ExcName, errno: number, filename?: string): PyThrow {
  const strerror = STRERROR[errno] ?? "Unknown error";
  const msg = filename === undefined ? `[Errno ${errno}] ${strerror}` : `[Errno ${errno}] ${strerror}: ${repr(rt, filename)}`;
  const e = makeExc(E[name], msg);
  e.dict?.set("errno", errno);
  e.dict?.set("strerror", strerror);
  if (filename !== undefined) e.dict?.set("filename", filename);
  return new PyThrow(e);
}
