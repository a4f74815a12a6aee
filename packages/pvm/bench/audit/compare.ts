// Prints two metering-audit runs side by side (the README's before/after table): for each entry and
// size, Cycles per operation and the ratio of ns per Cycle to plain arithmetic in each run.
// Run: pnpm exec tsx bench/audit/compare.ts before.json after.json [--flagged]
import { readFileSync } from "node:fs";
import { printTable } from "@cowboy/bench-harness";

interface Row {
  name: string;
  size: number;
  cyclesPerOp: number;
  ratio: number;
}
interface Run {
  baselineNsPerCycle: number;
  rows: Row[];
}

const [beforePath, afterPath] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (beforePath === undefined || afterPath === undefined) throw new Error("usage: compare.ts before.json after.json [--flagged]");
const onlyFlagged = process.argv.includes("--flagged");
const load = (p: string): Run => JSON.parse(readFileSync(p, "utf8")) as Run;
const before = load(beforePath);
const after = load(afterPath);
const key = (r: Row): string => `${r.name}\u0000${r.size}`;
const afterBy = new Map(after.rows.map((r) => [key(r), r]));
const fmt = (x: number): string => `${x.toFixed(x < 10 ? 2 : x < 100 ? 1 : 0)}x`;
const table: string[][] = [["entry", "N", "Cycles before", "ratio before", "Cycles after", "ratio after"]];
for (const b of before.rows) {
  const a = afterBy.get(key(b));
  if (onlyFlagged && b.ratio <= 10 && (a === undefined || a.ratio <= 10)) continue;
  table.push([b.name, String(b.size), String(b.cyclesPerOp), fmt(b.ratio), a === undefined ? "" : String(a.cyclesPerOp), a === undefined ? "" : fmt(a.ratio)]);
}
printTable(`Metering audit before/after: baseline ${before.baselineNsPerCycle.toFixed(2)} / ${after.baselineNsPerCycle.toFixed(2)} ns per Cycle`, table);
