// Committee selection (spec §5.3 "Assign", CIP-11 §9.2 as the spec's erratum states it; cips/runner-market.md
// "Selection"): the size M = clip(ceil(2·log₂(N_active) / max(HHI, 0.01)), m_min, m_max), capped at the eligible
// runners; then M weighted draws without replacement, weight w = stake · ⌊√reputation⌋, each draw
//   r_j = int(HKDF(seed, "cowboy-runner-select-v3" ‖ job_id ‖ u32be(j))) mod W_remaining
// walking the remaining runners in ascending address order; then the aggregator, drawn uniformly
// (label "cowboy-runner-aggregator-v3" ‖ job_id) from the members whose reputation is at least the committee's
// median (p50). All integer arithmetic: log₂ and HHI in 1e6 fixed point.
import { concatBytes } from "@cowboy/codec";
import { deriveRandomness } from "@cowboy/crypto";
import type { RunnerMarketConfig } from "./config.js";
import { isqrt } from "./reputation.js";

export const SELECTION_DOMAIN = "cowboy-runner-select-v3";
export const AGGREGATOR_DOMAIN = "cowboy-runner-aggregator-v3";
const MICRO = 1_000_000n;

/** ⌊log₂(n) · 10⁶⌋ for n ≥ 1 (integer part from the bit length, 20 fractional bits by repeated squaring). */
export function log2Micros(n: bigint): bigint {
  if (n < 1n) return 0n;
  const bits = BigInt(n.toString(2).length) - 1n;
  // x = n / 2^bits in [1, 2), as a 64-bit fixed-point fraction.
  const ONE = 1n << 64n;
  let x = (n << 64n) >> bits;
  let frac = 0n;
  for (let i = 0; i < 20; i++) {
    x = (x * x) >> 64n;
    frac <<= 1n;
    if (x >= 2n * ONE) {
      x >>= 1n;
      frac |= 1n;
    }
  }
  return bits * MICRO + (frac * MICRO) / (1n << 20n);
}

/** The Herfindahl–Hirschman index of `stakes` in 10⁶ fixed point (Σ share²). */
export function hhiMicros(stakes: readonly bigint[]): bigint {
  const total = stakes.reduce((a, b) => a + b, 0n);
  if (total === 0n) return MICRO;
  const sum = stakes.reduce((a, s) => a + s * s, 0n);
  return (sum * MICRO) / (total * total);
}

/** §5.3: the committee size for `activeStakes` (all active runners), before the cap at the eligible count. */
export function committeeSize(cfg: RunnerMarketConfig, activeStakes: readonly bigint[]): bigint {
  return committeeSizeOf(cfg, BigInt(activeStakes.length), hhiMicros(activeStakes));
}

/** §5.3: M = clip(⌈2·log₂(n) / max(hhi, floor)⌉, m_min, m_max) for `n` active runners and an HHI (10⁶ fixed point). */
export function committeeSizeOf(cfg: RunnerMarketConfig, n: bigint, hhi: bigint): bigint {
  if (n === 0n) return cfg.committeeMin;
  const denom = hhi > cfg.hhiFloorMicros ? hhi : cfg.hhiFloorMicros;
  const num = 2n * log2Micros(n);
  const m = (num + denom - 1n) / denom;
  return m < cfg.committeeMin ? cfg.committeeMin : m > cfg.committeeMax ? cfg.committeeMax : m;
}

/** The default quorum N = ceil(2M/3). */
export const defaultQuorum = (m: bigint): bigint => (2n * m + 2n) / 3n;

export interface Candidate {
  readonly address: Uint8Array;
  readonly stake: bigint;
  readonly reputation: bigint;
}

/** w = stake · ⌊√reputation⌋. */
export const selectionWeight = (c: Candidate): bigint => c.stake * isqrt(c.reputation);

const u32be = (j: number): Uint8Array => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, j);
  return b;
};

const toBig = (bytes: Uint8Array): bigint => BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") || "0"}`);

/**
 * Draws `m` members (at most the candidates with a positive weight) from `candidates` (ascending address order),
 * seeded by `seed` (the named round's beacon). Returns them in draw order.
 */
export function drawCommittee(seed: Uint8Array, jobId: Uint8Array, candidates: readonly Candidate[], m: bigint): Candidate[] {
  const pool = candidates.filter((c) => selectionWeight(c) > 0n);
  const out: Candidate[] = [];
  const label = new TextEncoder().encode(SELECTION_DOMAIN);
  for (let j = 0; BigInt(j) < m && pool.length > 0; j++) {
    const total = pool.reduce((a, c) => a + selectionWeight(c), 0n);
    let r = toBig(deriveRandomness(seed, concatBytes(label, jobId, u32be(j)))) % total;
    let at = 0;
    for (; at < pool.length - 1; at++) {
      const w = selectionWeight(pool[at]!);
      if (r < w) break;
      r -= w;
    }
    out.push(pool.splice(at, 1)[0]!);
  }
  return out;
}

/** The aggregator: uniform over members with reputation ≥ the committee's lower median; null for an empty committee. */
export function drawAggregator(seed: Uint8Array, jobId: Uint8Array, committee: readonly Candidate[]): Candidate | null {
  if (committee.length === 0) return null;
  const sorted = committee.map((c) => c.reputation).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const eligible = committee.filter((c) => c.reputation >= median);
  const r = toBig(deriveRandomness(seed, concatBytes(new TextEncoder().encode(AGGREGATOR_DOMAIN), jobId))) % BigInt(eligible.length);
  return eligible[Number(r)]!;
}
