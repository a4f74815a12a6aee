// Parser benchmark: our parse() of a few thousand lines of Python against CPython 3.11's
// ast.parse() of the same source, both timed in the same run (python3 is spawned once and times
// its own loop with perf_counter). Run: `pnpm exec tsx --conditions=@cowboy/source bench/parser.ts`.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { measure, printTable, formatRatio } from "@cowboy/bench-harness";
import { parse, tokenize } from "../src/parser/index.js";

const corpusDir = fileURLToPath(new URL("../test/unit/parser/corpus/", import.meta.url));

/** Every corpus program, repeated until the source has at least `minLines` lines. */
export function benchSource(minLines = 3000): string {
  const files = readdirSync(corpusDir)
    .filter((f) => f.endsWith(".py"))
    .sort()
    .map((f) => readFileSync(corpusDir + f, "utf8"))
    // A __future__ import must stay at the top of a module, which concatenation would break.
    .map((s) => s.replace(/^from __future__ import .*$/gm, ""));
  const unit = files.map((s) => (s.endsWith("\n") ? s : s + "\n")).join("\n");
  let src = "";
  while (src.split("\n").length < minLines) src += unit + "\n";
  return src;
}

const CPYTHON_DRIVER = `
import ast, sys, time, warnings
warnings.simplefilter("ignore")
src = sys.stdin.read()
for _ in range(5):
    ast.parse(src)
times = []
deadline = time.perf_counter() + 2.0
while len(times) < 10 or time.perf_counter() < deadline:
    t0 = time.perf_counter()
    ast.parse(src)
    times.append(time.perf_counter() - t0)
times.sort()
print(times[len(times) // 2] * 1e3)
`;

export interface ParserBenchResult {
  lines: number;
  cpythonMs: number;
  parseMs: number;
  tokenizeMs: number;
}

export function runParserBench(): ParserBenchResult {
  const src = benchSource();
  const lines = src.split("\n").length;
  const cpythonMs = Number(execFileSync("python3", ["-c", CPYTHON_DRIVER], { input: src, encoding: "utf8" }).trim());
  const opts = { samples: 7, sampleMs: 300, warmupMs: 500 };
  const parseMs = measure({ name: "parse", fn: () => parse(src, "bench.py") }, opts).nsPerOp / 1e6;
  const tokenizeMs = measure({ name: "tokenize", fn: () => tokenize(src, "bench.py") }, opts).nsPerOp / 1e6;
  const rows = [
    ["case", "ms per parse", "lines/s", "vs CPython ast.parse"],
    ["CPython 3.11 ast.parse (baseline)", cpythonMs.toFixed(2), rate(lines, cpythonMs), "1.00x"],
    ["PVM parse()", parseMs.toFixed(2), rate(lines, parseMs), formatRatio(cpythonMs / parseMs)],
    ["PVM tokenize() only", tokenizeMs.toFixed(2), rate(lines, tokenizeMs), formatRatio(cpythonMs / tokenizeMs)],
  ];
  printTable(`Parsing ${lines} lines of Python (ratio above 1 = faster than CPython)`, rows);
  return { lines, cpythonMs, parseMs, tokenizeMs };
}

function rate(lines: number, ms: number): string {
  return `${(((lines / ms) * 1000) / 1e6).toFixed(2)}M`;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) runParserBench();
