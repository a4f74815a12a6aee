// CPython-style traceback text for an uncaught Python exception, including chained exceptions.
import type { Runtime } from "./runtime/context.js";
import type { PyBaseException } from "./runtime/exceptions.js";
import { str } from "./runtime/ops.js";

export type SourceLookup = (filename: string, line: number) => string | null;

function lastLine(rt: Runtime, e: PyBaseException): string {
  const name = e.cls.module === "builtins" ? e.cls.qualname : `${e.cls.module}.${e.cls.qualname}`;
  let msg: string;
  try {
    msg = str(rt, e);
  } catch {
    msg = "<exception str() failed>";
  }
  return msg === "" ? name : `${name}: ${msg}`;
}

export function exceptionLine(rt: Runtime, e: PyBaseException): string {
  return lastLine(rt, e);
}

export function formatTraceback(rt: Runtime, e: PyBaseException, source: SourceLookup, seen = new Set<PyBaseException>()): string {
  seen.add(e);
  let out = "";
  if (e.cause !== null && !seen.has(e.cause)) {
    out += `${formatTraceback(rt, e.cause, source, seen)}\nThe above exception was the direct cause of the following exception:\n\n`;
  } else if (e.context !== null && !e.suppressContext && !seen.has(e.context)) {
    out += `${formatTraceback(rt, e.context, source, seen)}\nDuring handling of the above exception, another exception occurred:\n\n`;
  }
  if (e.traceback.length > 0) {
    out += "Traceback (most recent call last):\n";
    for (let i = e.traceback.length - 1; i >= 0; i--) {
      const t = e.traceback[i];
      if (t === undefined) continue;
      out += `  File "${t.filename}", line ${t.line}, in ${t.name}\n`;
      const text = source(t.filename, t.line);
      if (text !== null && text.trim() !== "") out += `    ${text.trim()}\n`;
    }
  }
  return `${out}${lastLine(rt, e)}\n`;
}
