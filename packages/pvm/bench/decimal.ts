// Decimal engine throughput against plain bigint arithmetic on the same coefficients (the floor any
// bigint-backed decimal pays), at the default context (prec 28) with money-like operands.
// Run: pnpm exec tsx --conditions=@cowboy/source bench/decimal.ts
import { fileURLToPath } from "node:url";
import { type BenchCase, compare } from "@cowboy/bench-harness";
import * as D from "../src/decimal-engine/index.js";

/** A fixed, deterministic spread of decimal strings with 2..20 digits and 0..8 fraction digits. */
function operands(n: number): string[] {
  const out: string[] = [];
  let s = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const int = (s % 1_000_000_007).toString();
    const frac = (s % 100_000_000)
      .toString()
      .padStart(8, "0")
      .slice(0, s % 9);
    out.push(`${i % 3 === 0 ? "-" : ""}${int}${frac ? "." : ""}${frac}`);
  }
  return out;
}

export function runDecimalBench(): void {
  const ctx = D.createContext({ traps: [] });
  const strs = operands(256);
  const decs = strs.map((x) => D.decFromString(ctx, x));
  const coeffs = decs.map((d) => (d.sign ? -d.coeff : d.coeff));
  const cents = D.decFromString(ctx, "0.01");
  const opts = { sampleMs: 150, samples: 5, warmupMs: 100 };
  let i = 0;
  const pick = () => {
    i = (i + 1) & 255;
    return i;
  };
  const bigint = (f: (a: bigint, b: bigint) => bigint): BenchCase => ({
    name: "bigint",
    fn: () => {
      const k = pick();
      return f(coeffs[k] as bigint, coeffs[(k + 37) & 255] as bigint);
    },
  });
  const dec = (name: string, f: (a: D.Dec, b: D.Dec) => D.Dec): BenchCase => ({
    name,
    fn: () => {
      const k = pick();
      return f(decs[k] as D.Dec, decs[(k + 37) & 255] as D.Dec);
    },
  });
  compare(
    "add: Dec vs bigint a + b",
    bigint((a, b) => a + b),
    [dec("Dec add", (a, b) => D.add(ctx, a, b))],
    opts,
  );
  compare(
    "multiply: Dec vs bigint a * b",
    bigint((a, b) => a * b),
    [dec("Dec multiply", (a, b) => D.multiply(ctx, a, b))],
    opts,
  );
  compare(
    "divide: Dec (28 digits, correctly rounded) vs bigint (a * 10^28) / b",
    bigint((a, b) => (a * 10n ** 28n) / (b === 0n ? 1n : b)),
    [dec("Dec divide", (a, b) => D.divide(ctx, a, b))],
    opts,
  );
  compare(
    "quantize to 0.01: Dec vs bigint (a * 100) / 10^k",
    bigint((a) => (a * 100n) / 100_000_000n),
    [dec("Dec quantize", (a) => D.quantize(ctx, a, cents))],
    opts,
  );
  compare(
    "str(): Dec vs bigint toString",
    { name: "bigint", fn: () => (coeffs[pick()] as bigint).toString() },
    [
      { name: "toSciString", fn: () => D.toSciString(decs[pick()] as D.Dec) },
      { name: "decFromString", fn: () => D.decFromString(ctx, strs[pick()] as string) },
    ],
    opts,
  );
  compare(
    "transcendental at prec 28, vs bigint a * b",
    bigint((a, b) => a * b),
    [
      dec("Dec sqrt", (a) => D.sqrt(ctx, D.abs(ctx, a))),
      dec("Dec exp(a / 1e9)", (a) => D.exp(ctx, D.divide(ctx, a, D.decFromInt(1_000_000_000n)))),
      dec("Dec ln", (a) => D.ln(ctx, D.abs(ctx, a))),
      dec("Dec power (1.05 ** 12)", () => D.power(ctx, D.decFromString(ctx, "1.05"), D.decFromInt(12n))),
    ],
    opts,
  );
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) runDecimalBench();
