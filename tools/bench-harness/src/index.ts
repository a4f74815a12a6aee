// A small, dependency-free benchmark harness. Every figure is reported as a ratio against a
// baseline measured in the same process, in the same run, so the numbers mean something on a
// noisy shared machine. Nothing here ever fails on timing.

export interface BenchCase {
  /** Short label printed in the table. */
  readonly name: string;
  /** One unit of work. The harness calls it repeatedly; its result is kept alive. */
  readonly fn: () => unknown;
  /** How many logical operations one call of `fn` performs (default 1), for ops/s. */
  readonly opsPerCall?: number;
}

export interface BenchOptions {
  /** Milliseconds to spend per sample (default 200). */
  readonly sampleMs?: number;
  /** Number of samples; the median is reported (default 7). */
  readonly samples?: number;
  /** Warm-up time in milliseconds before sampling (default 150). */
  readonly warmupMs?: number;
}

export interface BenchResult {
  readonly name: string;
  /** Median operations per second over the samples. */
  readonly opsPerSec: number;
  /** Median nanoseconds per operation. */
  readonly nsPerOp: number;
}

let sink: unknown;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs one case and returns its median throughput. */
export function measure(bench: BenchCase, options: BenchOptions = {}): BenchResult {
  const sampleMs = options.sampleMs ?? 200;
  const samples = options.samples ?? 7;
  const warmupMs = options.warmupMs ?? 150;
  const opsPerCall = bench.opsPerCall ?? 1;

  // Calibrate a batch size so one batch takes roughly 5 ms.
  let batch = 1;
  const warmupEnd = performance.now() + warmupMs;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) sink = bench.fn();
    const elapsed = performance.now() - t0;
    if (elapsed < 5 && batch < 1 << 24) batch *= 2;
    else if (performance.now() >= warmupEnd) break;
  }

  const rates: number[] = [];
  for (let s = 0; s < samples; s++) {
    let calls = 0;
    const t0 = performance.now();
    let elapsed = 0;
    do {
      for (let i = 0; i < batch; i++) sink = bench.fn();
      calls += batch;
      elapsed = performance.now() - t0;
    } while (elapsed < sampleMs);
    rates.push((calls * opsPerCall) / (elapsed / 1000));
  }
  const opsPerSec = median(rates);
  return { name: bench.name, opsPerSec, nsPerOp: 1e9 / opsPerSec };
}

function formatRate(opsPerSec: number): string {
  if (opsPerSec >= 1e6) return `${(opsPerSec / 1e6).toFixed(2)}M/s`;
  if (opsPerSec >= 1e3) return `${(opsPerSec / 1e3).toFixed(2)}k/s`;
  return `${opsPerSec.toFixed(1)}/s`;
}

/** Formats a ratio as e.g. `3.42x`. */
export function formatRatio(ratio: number): string {
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}x`;
}

/**
 * Measures a baseline and candidates in the same run and prints one table:
 * throughput of each and its ratio to the baseline (above 1 means faster than the baseline).
 */
export function compare(title: string, baseline: BenchCase, candidates: readonly BenchCase[], options: BenchOptions = {}): { baseline: BenchResult; candidates: BenchResult[] } {
  const base = measure(baseline, options);
  const results = candidates.map((c) => measure(c, options));
  const rows: string[][] = [["case", "throughput", "ns/op", "vs baseline"]];
  rows.push([`${base.name} (baseline)`, formatRate(base.opsPerSec), base.nsPerOp.toFixed(0), "1.00x"]);
  for (const r of results) {
    rows.push([r.name, formatRate(r.opsPerSec), r.nsPerOp.toFixed(0), formatRatio(r.opsPerSec / base.opsPerSec)]);
  }
  printTable(title, rows);
  return { baseline: base, candidates: results };
}

/** Prints a titled, column-aligned table. */
export function printTable(title: string, rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? "").length)));
  const line = (r: readonly string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n## ${title}`);
  console.log(line(rows[0]!));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows.slice(1)) console.log(line(r));
}

/** Geometric mean of positive numbers. */
export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("geometricMean of an empty list");
  return Math.exp(values.reduce((acc, v) => acc + Math.log(v), 0) / values.length);
}

/** Keeps the optimizer from discarding benchmark work. */
export function blackhole(value: unknown): void {
  sink = value;
}

export function lastSink(): unknown {
  return sink;
}
