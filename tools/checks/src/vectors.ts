// The one way a test reads a file of test-vectors/. The vector-coverage check (vector-coverage.ts)
// finds every `readVector("…")` and `vectorPath("…")` in the tests by reading their sources, so the
// path must be a plain string literal naming one file, relative to test-vectors/: a computed path
// could not be checked, and the check refuses it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const VECTORS_ROOT = fileURLToPath(new URL("../../../test-vectors/", import.meta.url));

/** The absolute path of `test-vectors/<path>`, for a test that hands the file to a child process. */
export function vectorPath(path: string): string {
  if (typeof path !== "string" || path === "" || path.startsWith("/") || path.split("/").includes("..")) {
    throw new TypeError(`vectorPath: path must be relative to test-vectors/ without "..", got ${JSON.stringify(path)}`);
  }
  return VECTORS_ROOT + path;
}

/** Reads and parses the JSON file `test-vectors/<path>`. */
export function readVector<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(vectorPath(path), "utf8")) as T;
}
