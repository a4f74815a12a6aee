// Shared by differential.test.ts and update-differential-known.ts: runs our parser on one
// differential case and describes how it differs from CPython's recorded verdict.

import { parse, PySyntaxError } from "../../../src/parser/index.js";
import { toOracleJson } from "./oracle-json.js";

export interface DiffCase {
  source: string;
  ok: boolean;
  ast?: unknown;
  kind?: string;
  msg?: string;
  lineno?: number | null;
  offset?: number | null;
}

export type Outcome = { ok: true; ast: unknown } | { ok: false; kind: string; msg: string; lineno: number; offset: number };

export function runCase(c: DiffCase): Outcome {
  try {
    return { ok: true, ast: JSON.parse(JSON.stringify(toOracleJson(parse(c.source, "m.py")))) as unknown };
  } catch (e) {
    if (!(e instanceof PySyntaxError)) throw e;
    return { ok: false, kind: e.kind, msg: e.msg, lineno: e.lineno, offset: e.offset };
  }
}

/** How our error differs from CPython's (null when they agree); verdict and AST are checked separately. */
export function errorDifference(c: DiffCase, o: Outcome): string | null {
  if (c.ok || o.ok) return null;
  if (c.kind === o.kind && c.msg === o.msg && c.lineno === o.lineno && c.offset === o.offset) return null;
  return `CPython: ${c.kind}: ${c.msg} (${c.lineno}:${c.offset}); ours: ${o.kind}: ${o.msg} (${o.lineno}:${o.offset})`;
}
