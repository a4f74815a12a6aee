// Bridge to the deterministic numeric core (src/numeric): its NumericError becomes the Python
// exception it names, with CPython's message.
import { NumericError } from "../numeric/index.js";
import { type ExcName, pyErr } from "./exceptions.js";

export function num<R>(f: () => R): R {
  try {
    return f();
  } catch (e) {
    if (e instanceof NumericError) throw pyErr(e.pyType as ExcName, e.message);
    throw e;
  }
}

export * as N from "../numeric/index.js";
