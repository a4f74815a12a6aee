// Loader for the CPython-captured fixture (test/unit/regex-engine/scripts/gen_fixture.py).
import { readFileSync } from "node:fs";

export interface Case {
  readonly op: "compile" | "match" | "fullmatch" | "search" | "finditer" | "findall" | "split" | "sub" | "subn";
  readonly p: string;
  readonly b: boolean;
  readonly f: number;
  readonly s?: string;
  readonly pos?: number;
  readonly endpos?: number;
  readonly maxsplit?: number;
  readonly repl?: string;
  readonly count?: number;
  readonly x: unknown;
}

const load = (name: string): { python: string; cases: Case[] } =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as { python: string; cases: Case[] };

/** Hand-written cases covering every feature and the classic traps. */
export const fixture = load("cpython-re.json");
/** Seeded random patterns over a tiny alphabet (differential testing). */
export const randomFixture = load("cpython-re-random.json");

export const codePoints = (s: string): number[] => Array.from(s, (ch) => ch.codePointAt(0)!);

/** Python's repr-free label for a case, for test names. */
export const label = (c: Case): string => `${c.op} ${JSON.stringify(c.p)}${c.b ? " (bytes)" : ""} f=${c.f} ${c.s === undefined ? "" : JSON.stringify(c.s)}`;

/** Cases where the PVM deliberately differs from CPython (cips/pvm-re.md, "Differences"). */
export function knownDivergence(c: Case): string | null {
  const x = c.x as { msg?: string } | null;
  if (x && typeof x === "object" && typeof x.msg === "string" && x.msg.startsWith("undefined character name")) {
    return "\\N{...} is rejected";
  }
  if (c.b && /\(\?[a-zA-Z]*L/.test(c.p)) return "LOCALE is rejected";
  return null;
}
