// The committee epoch (spec §5.3 "recomputed per 3,600-block epoch with EMA smoothing of HHI"; cips/runner-market.md
// "Selection"): at the first jobs step of each committee epoch that has an active runner, the market measures the HHI
// of the active runners' stakes, folds it into an exponential moving average (EMA = α·HHI + (1 − α)·EMA, integer
// 10⁶ fixed point, rounded down; the first record takes the HHI itself) and stores M from N_active and the EMA in one
// record at 0x02 ‖ 0x05. Selection uses that M for the whole epoch; without a record of the current epoch (no step
// has run yet) it falls back to M of the stakes at selection.
import { encodeCbor, type CborValue } from "@cowboy/codec";
import type { RunnerMarketConfig } from "./config.js";
import { committeeEpochKey } from "./keys.js";
import type { MarketContext } from "./market.js";
import { listRunners } from "./runner.js";
import { committeeSize, committeeSizeOf, hhiMicros } from "./selection.js";
import { asMap, fieldInt, readCbor, writeCbor, type MarketState } from "./store.js";

export interface CommitteeEpoch {
  /** ⌊height / committeeEpochBlocks⌋ of the step that wrote the record. */
  readonly epoch: bigint;
  /** The EMA of the active stakes' HHI, 10⁶ fixed point. */
  readonly hhiEmaMicros: bigint;
  /** Active runners when the record was written. */
  readonly nActive: bigint;
  /** §5.3 M from nActive and hhiEmaMicros (before the cap at a job's eligible runners). */
  readonly m: bigint;
}

const WHAT = "committee epoch";

export function getCommitteeEpoch(state: MarketState): CommitteeEpoch | undefined {
  const value = readCbor(state, committeeEpochKey(), WHAT);
  if (value === undefined) return undefined;
  const m = asMap(value, WHAT);
  return { epoch: fieldInt(m, "epoch", WHAT), hhiEmaMicros: fieldInt(m, "hhi_ema", WHAT), nActive: fieldInt(m, "n_active", WHAT), m: fieldInt(m, "m", WHAT) };
}

const recordCbor = (r: CommitteeEpoch): CborValue =>
  new Map<CborValue, CborValue>([
    ["epoch", r.epoch],
    ["hhi_ema", r.hhiEmaMicros],
    ["n_active", r.nActive],
    ["m", r.m],
  ]);

/** The record's stored bytes: canonical CBOR {epoch, hhi_ema, n_active, m}. */
export const encodeCommitteeEpoch = (r: CommitteeEpoch): Uint8Array => encodeCbor(recordCbor(r));

export const committeeEpochOf = (cfg: RunnerMarketConfig, height: bigint): bigint => height / cfg.committeeEpochBlocks;

/** The record of `epoch` from the previous one (undefined: the first) and the active runners' stakes now. */
export function nextCommitteeEpoch(cfg: RunnerMarketConfig, previous: CommitteeEpoch | undefined, epoch: bigint, activeStakes: readonly bigint[]): CommitteeEpoch {
  const hhi = hhiMicros(activeStakes);
  const w = cfg.hhiEmaWeightBps;
  const hhiEmaMicros = previous === undefined ? hhi : (w * hhi + (10_000n - w) * previous.hhiEmaMicros) / 10_000n;
  const nActive = BigInt(activeStakes.length);
  return { epoch, hhiEmaMicros, nActive, m: committeeSizeOf(cfg, nActive, hhiEmaMicros) };
}

const activeStakes = (state: MarketState): bigint[] =>
  listRunners(state)
    .filter((r) => r.status === "active")
    .map((r) => r.stake);

/** The jobs step's first move: writes the record of the block's epoch unless it exists or no runner is active. */
export function advanceCommitteeEpoch(ctx: MarketContext): void {
  const epoch = committeeEpochOf(ctx.config, ctx.height);
  const previous = getCommitteeEpoch(ctx.state);
  if (previous !== undefined && previous.epoch >= epoch) return;
  const stakes = activeStakes(ctx.state);
  if (stakes.length === 0) return;
  writeCbor(ctx.state, committeeEpochKey(), recordCbor(nextCommitteeEpoch(ctx.config, previous, epoch, stakes)));
}

/** M for a job that does not ask for a size: the current epoch's, else (no record of this epoch) from the stakes now. */
export function currentCommitteeSize(ctx: MarketContext): bigint {
  const record = getCommitteeEpoch(ctx.state);
  if (record !== undefined && record.epoch === committeeEpochOf(ctx.config, ctx.height)) return record.m;
  return committeeSize(ctx.config, activeStakes(ctx.state));
}
