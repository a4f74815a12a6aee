// Usage-based pay (spec §5 "Pricing": actual_payment = min(reported_usage × rates, max_price); cips/runner-market.md
// "Usage pricing"). A job posted with pricing "usage" has each runner reveal canonical CBOR {"result": value,
// "usage": {unit: count}}; the commitment covers the usage, so it is fixed before anyone sees another's. A paid runner
// is owed Σ rate_card[unit] × count over its units, each count capped at twice the paid runners' (lower) median for
// that unit (the spec's ">2×" anomaly bound); the job pays the sum over paid runners, at most the escrow. A paid runner
// that reported any count above its cap is an anomaly (usageAnomalies): it is paid the capped amount and penalised.
import { CborError, type CborValue, decodeCbor, encodeCbor, equalBytes } from "@cowboy/codec";

/** Units one reveal may report. */
export const MAX_USAGE_UNITS = 16;
const UNIT = /^[a-z0-9][a-z0-9._:/-]{0,63}$/;

export type Usage = ReadonlyMap<string, bigint>;

/** The map `bytes` are the canonical CBOR of, or null (not CBOR, not canonical, not a map). */
export function canonicalMap(bytes: Uint8Array): Map<CborValue, CborValue> | null {
  let v: CborValue;
  try {
    v = decodeCbor(bytes);
  } catch (error) {
    if (error instanceof CborError) return null;
    throw error;
  }
  return v instanceof Map && equalBytes(encodeCbor(v), bytes) ? v : null;
}

/** A {unit: count} map (usage, or a fault's progress): ≤ 16 units named like capabilities, counts ≥ 0; else null. */
export function unitCounts(u: CborValue | undefined): Usage | null {
  if (!(u instanceof Map) || u.size > MAX_USAGE_UNITS) return null;
  const counts = new Map<string, bigint>();
  for (const [k, n] of u) {
    if (typeof k !== "string" || !UNIT.test(k) || typeof n !== "bigint" || n < 0n) return null;
    counts.set(k, n);
  }
  return counts;
}

/** The result bytes and usage of a usage-priced reveal, or null when it is not canonical {result, usage}. */
export function openUsageOutput(output: Uint8Array): { result: Uint8Array; usage: Usage } | null {
  const v = canonicalMap(output);
  if (v === null || v.size !== 2 || !v.has("result")) return null;
  const usage = unitCounts(v.get("usage"));
  return usage === null ? null : { result: encodeCbor(v.get("result")!), usage };
}

/** What a usage-priced reveal carries (what a runner sends). */
export function usageOutput(result: CborValue, usage: Usage): Uint8Array {
  return encodeCbor(
    new Map<CborValue, CborValue>([
      ["result", result],
      ["usage", new Map<CborValue, CborValue>([...usage])],
    ]),
  );
}

function lowerMedian(xs: readonly bigint[]): bigint {
  const s = [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return s[(s.length - 1) >> 1]!;
}

/** Per unit: 2 × the lower median count among the reports that name it. */
function usageCaps(usages: readonly Usage[]): Map<string, bigint> {
  const caps = new Map<string, bigint>();
  const units = new Set(usages.flatMap((u) => [...u.keys()]));
  for (const unit of units) caps.set(unit, 2n * lowerMedian(usages.flatMap((u) => (u.has(unit) ? [u.get(unit)!] : []))));
  return caps;
}

/** The indices of `usages` (the paid runners' reports) with a count above its unit's cap, in order. */
export function usageAnomalies(usages: readonly Usage[]): number[] {
  const caps = usageCaps(usages);
  return usages.flatMap((u, i) => ([...u].some(([unit, n]) => n > caps.get(unit)!) ? [i] : []));
}

/**
 * The gross of a usage-priced job: Σ over paid runners of Σ rate × min(count, 2 × median count of that unit among the
 * paid runners that reported it), at most `escrow`. A unit the runner's rate card does not price is free.
 */
export function usageGross(escrow: bigint, paid: readonly { rateCard: ReadonlyMap<string, bigint> | undefined; usage: Usage }[]): bigint {
  const caps = usageCaps(paid.map((p) => p.usage));
  let total = 0n;
  for (const p of paid) {
    for (const [u, n] of p.usage) {
      const rate = p.rateCard?.get(u) ?? 0n;
      const cap = caps.get(u)!;
      total += rate * (n < cap ? n : cap);
      if (total >= escrow) return escrow;
    }
  }
  return total;
}
