// Python exceptions as data (cips/actors.md "Errors"): execution raises them as {type, message}
// and this module is the one place that turns them, or a failed invocation, into the text a
// receipt, a delivery-failure event or a query result carries. Nothing parses that text back.
import { PvmError, type InvocationResult } from "@cowboy/pvm";
import type { PyException } from "../types.js";

/** The longest error text a receipt or event carries, in bytes. */
export const MAX_ERROR_BYTES = 4096;

const utf8 = new TextEncoder();

/** CPython's last traceback line for an exception execution raises: `Type: message`. */
export function exceptionLine(e: PyException): string {
  return `${e.type}: ${e.message}`;
}

/** The text of a failed invocation: the PVM's exception line for Python failures, else `Code: message`. */
export function errorLine(res: InvocationResult): string {
  const e = res.error;
  if (e === undefined) return "";
  return e.code === "PythonException" || e.code === "OutOfMemory" || e.code === "RecursionError" ? e.message : `${e.code}: ${e.message}`;
}

/** UTF-8 of `text`, cut at MAX_ERROR_BYTES: the bytes a receipt's return data holds. */
export function errorBytes(text: string): Uint8Array {
  return utf8.encode(text).slice(0, MAX_ERROR_BYTES);
}

/** A frame that failed before its handler ran (no actor, allowance spent, value refused). */
export function failedInvocation(e: PyException): InvocationResult {
  const error = new PvmError("PythonException", exceptionLine(e), e.type, e.message);
  return { ok: false, returnData: new Uint8Array(0), cycles: 0, cells: 0, memory: 0, error };
}
