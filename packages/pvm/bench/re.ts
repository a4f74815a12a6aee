// Regex engine throughput against the host's built-in RegExp (irregexp, JIT-compiled, unmetered) on
// patterns and ASCII inputs where both engines agree. Figures are ratios in the same run.
// Run: pnpm exec tsx --conditions=@cowboy/source bench/re.ts
import { fileURLToPath } from "node:url";
import { compare, formatRatio, geometricMean, printTable } from "@cowboy/bench-harness";
import { compile, createStepBudget, toCodePoints } from "../src/regex-engine/index.js";

interface ReBenchCase {
  readonly name: string;
  readonly pattern: string;
  readonly jsFlags: string;
  readonly pyFlags: number;
  readonly input: string;
  readonly op: "search" | "findall" | "match";
}

function words(n: number): string {
  // A fixed pseudo-random text (no Math.random): lowercase words, digits, some emails.
  let s = 0x1234567;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const len = 2 + (s % 9);
    let w = "";
    for (let j = 0; j < len; j++) w += String.fromCharCode(97 + ((s >>> (j * 3)) % 26));
    out.push(i % 97 === 0 ? `${w}@example.com` : i % 31 === 0 ? `555-${1000 + (s % 9000)}` : w);
  }
  return out.join(" ");
}

const text = words(2000);
const CASES: ReBenchCase[] = [
  { name: "literal search", pattern: "needle", jsFlags: "", pyFlags: 0, input: text + " needle", op: "search" },
  { name: "email findall", pattern: "[a-z]+@[a-z]+\\.com", jsFlags: "g", pyFlags: 0, input: text, op: "findall" },
  { name: "phone findall", pattern: "\\d{3}-\\d{4}", jsFlags: "g", pyFlags: 0, input: text, op: "findall" },
  { name: "word pairs findall", pattern: "(\\w+) (\\w+)", jsFlags: "g", pyFlags: 0, input: text, op: "findall" },
  { name: "ignorecase search", pattern: "EXAMPLE\\.COM", jsFlags: "i", pyFlags: 2, input: text, op: "search" },
  { name: "alternation match", pattern: "^(?:ab|cd|ef)*x$", jsFlags: "", pyFlags: 0, input: "abcdef".repeat(300) + "x", op: "match" },
  { name: "lazy dot match", pattern: "^.*?y", jsFlags: "", pyFlags: 0, input: "x".repeat(2000) + "y", op: "match" },
];

export function runReBench(): number {
  const ratios: number[] = [];
  const opts = { sampleMs: 150, samples: 5, warmupMs: 100 };
  const budget = createStepBudget(Number.MAX_SAFE_INTEGER);
  for (const c of CASES) {
    const js = new RegExp(c.pattern, c.jsFlags);
    const re = compile(c.pattern, c.pyFlags);
    const subject = toCodePoints(c.input);
    const jsFn = c.op === "findall" ? () => c.input.match(js)?.length : c.op === "match" ? () => js.exec(c.input)?.index : () => c.input.search(js);
    const pvmFn =
      c.op === "findall"
        ? () => {
            let n = 0;
            for (const _ of re.finditer(subject, budget)) n++;
            return n;
          }
        : c.op === "match"
          ? () => re.match(subject, budget)?.end
          : () => re.search(subject, budget)?.start;
    const { baseline, candidates } = compare(`re ${c.name}: /${c.pattern}/ on ${c.input.length} chars`, { name: "RegExp", fn: jsFn }, [{ name: "pvm re", fn: pvmFn }], opts);
    ratios.push(candidates[0]!.opsPerSec / baseline.opsPerSec);
  }
  const rows = [["case", "pvm re / RegExp throughput"], ...CASES.map((c, i) => [c.name, formatRatio(ratios[i]!)]), ["geometric mean", formatRatio(geometricMean(ratios))]];
  printTable("pvm re vs RegExp (higher is better)", rows);
  return geometricMean(ratios);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runReBench();
