// Numeric core throughput against the host's own (non-deterministic, not correctly rounded) Math.* and
// Number#toString as baselines. For information only: the PVM pays for determinism and correct
// rounding with exact bigint arithmetic. Run: pnpm exec tsx --conditions=@cowboy/source bench/numeric.ts
import { fileURLToPath } from "node:url";
import { type BenchCase, compare } from "@cowboy/bench-harness";
import { floatRepr, formatFloat, hashStr, libm, parseFloatFromString } from "../src/numeric/index.js";

function inputs(n: number, scale: number, offset = 0): number[] {
  // A fixed, deterministic spread of arguments (no Math.random).
  const out: number[] = [];
  let s = 0x2545f491;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out.push((s / 0x100000000) * scale + offset);
  }
  return out;
}

function cycle(xs: readonly number[], f: (x: number) => unknown): () => unknown {
  let i = 0;
  return () => f(xs[i++ % xs.length] as number);
}

export function runNumericBench(): void {
  const trig = inputs(256, 20, -10);
  const expArgs = inputs(256, 200, -100);
  const logArgs = inputs(256, 1e6, 1e-3);
  const powBase = inputs(256, 10, 0.01);
  const opts = { sampleMs: 150, samples: 5, warmupMs: 100 };
  const pairs: [string, (x: number) => number, (x: number) => number, number[]][] = [
    ["sin", Math.sin, libm.sin, trig],
    ["exp", Math.exp, libm.exp, expArgs],
    ["log", Math.log, libm.log, logArgs],
    ["tanh", Math.tanh, libm.tanh, trig],
    ["atan", Math.atan, libm.atan, trig],
  ];
  for (const [name, host, ours, xs] of pairs) {
    compare(`${name}: PVM correctly rounded vs host Math.${name}`, { name: `Math.${name}`, fn: cycle(xs, host) }, [{ name: `libm.${name}`, fn: cycle(xs, ours) }], opts);
  }
  let j = 0;
  compare(
    "pow(x, 2.7): PVM vs host Math.pow",
    // biome-ignore lint/style/useExponentiationOperator: this row measures the host's Math.pow itself
    { name: "Math.pow", fn: () => Math.pow(powBase[j++ % 256] as number, 2.7) },
    [{ name: "libm.powPositive", fn: () => libm.powPositive(powBase[j++ % 256] as number, 2.7) }],
    opts,
  );
  const reprArgs = inputs(256, 1e6, -5e5).map((x, i) => x * (i % 7 === 0 ? 1e-300 : 1));
  const cases: BenchCase[] = [
    { name: "floatRepr", fn: cycle(reprArgs, floatRepr) },
    { name: "formatFloat '.6e'", fn: cycle(reprArgs, (x) => formatFloat(x, ".6e")) },
  ];
  compare("float repr / format vs Number#toString", { name: "Number#toString", fn: cycle(reprArgs, (x) => x.toString()) }, cases, opts);
  const texts = reprArgs.map(floatRepr);
  let k = 0;
  compare(
    "float(str) vs Number.parseFloat",
    { name: "Number.parseFloat", fn: () => Number.parseFloat(texts[k++ % 256] as string) },
    [
      { name: "parseFloatFromString", fn: () => parseFloatFromString(texts[k++ % 256] as string) },
      { name: "hashStr (same strings)", fn: () => hashStr(texts[k++ % 256] as string) },
    ],
    opts,
  );
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) runNumericBench();
