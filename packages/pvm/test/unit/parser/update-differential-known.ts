// Regenerates differential.known.json, the reviewed list of cases where our error message or
// location differs from CPython's (verdicts and ASTs must always agree). Run after an intended
// change: `pnpm exec tsx --conditions=@cowboy/source test/unit/parser/update-differential-known.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { errorDifference, runCase } from "./differential.js";
import type { DiffCase } from "./differential.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const data = JSON.parse(readFileSync(here + "differential.json", "utf8")) as { cases: DiffCase[] };
const known: Record<string, string> = {};
data.cases.forEach((c, i) => {
  const d = errorDifference(c, runCase(c));
  if (d !== null) known[String(i)] = d;
});
writeFileSync(here + "differential.known.json", JSON.stringify(known, null, 1) + "\n");
console.log(`${Object.keys(known).length} known differences of ${data.cases.length} cases`);
