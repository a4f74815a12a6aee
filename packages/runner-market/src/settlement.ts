// Settlement (spec §8.4 and note 1, "Payment and Failure Handling"; cips/runner-market.md "Settlement"): a settled
// job's gross payment G (its escrow) splits in integer base units as
//   burn = ⌊G·burn_bps/10⁴⌋ (10%), treasury = ⌊G·treasury_bps/10⁴⌋ (1%), runner share = G − burn − treasury (89%, the
//   rounding dust included); the aggregator's bonus ⌊G·150/10⁴⌋ is carved from the runner share when the aggregator is
//   among the paid runners of a committee of two or more; the rest is shared equally by the paid runners, the
//   division's remainder to the aggregator (or the first paid runner).
// A tip (the "+ tip" of the success row) is paid whole to the paid runners on top: shared equally, the division's
// remainder to the aggregator (or the first paid runner); nothing of it is burned or goes to the Treasury.
// A runner fault (timeout, invalid result, no quorum) or no eligible runner refunds 100% of the escrow; a fault the
// committee agreed on (fault.ts) pays the reporters' progress through the same split, without the tip.
import { equalBytes } from "@cowboy/codec";
import type { RunnerMarketConfig } from "./config.js";

export interface SettlementSplit {
  readonly burned: bigint;
  readonly treasury: bigint;
  /** Per paid runner, in the order given (the aggregator's entry includes its bonus and the dust). */
  readonly runners: readonly { readonly runner: Uint8Array; readonly amount: bigint }[];
  readonly aggregatorBonus: bigint;
  /** The tip paid to the runners (included in their amounts). */
  readonly tip: bigint;
}

export function splitPayment(cfg: RunnerMarketConfig, gross: bigint, paid: readonly Uint8Array[], aggregator: Uint8Array | null, tip = 0n): SettlementSplit {
  const burned = (gross * cfg.burnBps) / 10_000n;
  const treasury = (gross * cfg.treasuryBps) / 10_000n;
  const share = gross - burned - treasury;
  if (paid.length === 0) return { burned, treasury, runners: [], aggregatorBonus: 0n, tip: 0n };
  const aggIndex = aggregator === null ? -1 : paid.findIndex((p) => equalBytes(p, aggregator));
  const aggregatorBonus = aggIndex >= 0 && paid.length > 1 ? (gross * cfg.aggregatorBonusBps) / 10_000n : 0n;
  const pool = share - aggregatorBonus;
  const n = BigInt(paid.length);
  const each = pool / n + tip / n;
  const dust = (pool % n) + (tip % n);
  const lead = aggIndex >= 0 ? aggIndex : 0;
  return {
    burned,
    treasury,
    aggregatorBonus,
    tip,
    runners: paid.map((runner, i) => ({ runner, amount: each + (i === lead ? dust + aggregatorBonus : 0n) })),
  };
}
