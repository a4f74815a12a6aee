// Runner reputation (spec §5.3, §12.2, §13 reputation_half_life_blocks; cips/runner-market.md "Reputation"): an
// integer score in [0, SCALE], written only by the protocol. New runners start at NEUTRAL; every change first decays
// the score's distance to NEUTRAL by 2^(−Δ/half_life) (Δ = blocks since the last write), then applies the event:
// a paid job moves it rewardBps of its distance to SCALE up, a failure takes penaltyBps of the score.
// 2^(−f) for the fractional part f ∈ [0,1) is the linear interpolation 1 − f/2 (at most 0.043 above the true
// value, exact at whole half-lives): integer-only and monotone.
import type { RunnerMarketConfig } from "./config.js";

/** The score `score`, written at `since`, decayed to `height`. */
export function decayedReputation(cfg: RunnerMarketConfig, score: bigint, since: bigint, height: bigint): bigint {
  const elapsed = height > since ? height - since : 0n;
  const neutral = cfg.reputationNeutral;
  let distance = score - neutral;
  if (distance === 0n || elapsed === 0n) return score;
  const halvings = elapsed / cfg.reputationHalfLife;
  if (halvings >= 64n) return neutral;
  distance /= 1n << halvings;
  const rest = elapsed % cfg.reputationHalfLife;
  // × (1 − rest / (2·H)), truncated toward zero.
  distance = (distance * (2n * cfg.reputationHalfLife - rest)) / (2n * cfg.reputationHalfLife);
  return neutral + distance;
}

/** After a paid job: rewardBps of the distance to SCALE. */
export function rewarded(cfg: RunnerMarketConfig, score: bigint): bigint {
  return score + ((cfg.reputationScale - score) * cfg.reputationRewardBps) / 10_000n;
}

/** After an operational failure or proven dishonesty: the score less `bps` of itself. */
export function penalized(score: bigint, bps: bigint): bigint {
  return score - (score * bps) / 10_000n;
}

/** ⌊√n⌋ for n ≥ 0 (Newton's method on bigints). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) >> 1n;
  while (y < x) {
    x = y;
    y = (x + n / x) >> 1n;
  }
  return x;
}
