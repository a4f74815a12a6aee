/** Loads the CPython-captured fixtures (see capture.py and fixtures/README.md). */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Context, type Rounding, type SignalName } from "../../../src/decimal-engine/index.js";

const here = dirname(fileURLToPath(import.meta.url));

export function loadFixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(here, "fixtures", `${name}.json`), "utf8")) as T;
}

export type CtxTuple = [number, Rounding, number, number, 0 | 1];

export interface OpCase {
  op: string;
  ctx: CtxTuple;
  a: string[];
  r?: string | boolean | string[];
  x?: [string, string];
  f: SignalName[];
  t?: 1;
}

/** The case's context: no traps, or CPython's default traps when t is set. */
export function contextOf(c: OpCase): Context {
  const [prec, rounding, Emin, Emax, clamp] = c.ctx;
  const opts = { prec, rounding, Emin, Emax, clamp, capitals: 1 as const };
  return c.t ? new Context(opts) : new Context({ ...opts, traps: [] });
}
