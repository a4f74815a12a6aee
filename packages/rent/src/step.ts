// The per-block rent step (cips/rent.md "Bounded work"): a cursor walks the ring of actors,
// assessing actorsPerBlock of them per block and evicting at most evictionsPerBlock; at the first
// block of a rent epoch the rate moves toward the target state size.
import { assessActor, type RentNotice, type TimerPruner } from "./assess.js";
import { rentEpochOf, type RentContext } from "./context.js";
import { nextRentRate } from "./math.js";
import { actorAt, getRentMeta, putRentMeta } from "./store.js";

export interface RentBlockReport {
  readonly notices: RentNotice[];
  readonly assessed: number;
  readonly evicted: number;
}

export function processRent(ctx: RentContext, pruneTimers: TimerPruner): RentBlockReport {
  let meta = getRentMeta(ctx.state, ctx.config.ratePerByteYear);
  // No actor yet: nothing to walk and no record to write (a chain of plain transfers keeps its roots).
  if (meta.actorCount === 0n) return { notices: [], assessed: 0, evicted: 0 };
  const epoch = rentEpochOf(ctx.height, ctx.config);
  if (epoch > meta.rateEpoch) meta = { ...meta, rate: nextRentRate(meta.rate, meta.totalBytes, ctx.config), rateEpoch: epoch };
  const notices: RentNotice[] = [];
  let evicted = 0;
  const visits = meta.actorCount < ctx.config.actorsPerBlock ? meta.actorCount : ctx.config.actorsPerBlock;
  let cursor = meta.cursor;
  for (let i = 0n; i < visits; i++) {
    if (cursor >= meta.actorCount) cursor = 0n;
    const actor = actorAt(ctx.state, cursor);
    cursor++;
    const r = assessActor(ctx, actor, meta, BigInt(evicted) < ctx.config.evictionsPerBlock, pruneTimers);
    notices.push(...r.notices);
    if (r.evicted) {
      evicted++;
      meta = { ...meta, totalBytes: meta.totalBytes > r.prunedBytes ? meta.totalBytes - r.prunedBytes : 0n };
    }
  }
  if (cursor >= meta.actorCount) cursor = 0n;
  // Assessment does not touch the meta record (evictions were counted above), so this write is the last word.
  putRentMeta(ctx.state, { ...meta, cursor });
  return { notices, assessed: Number(visits), evicted };
}
