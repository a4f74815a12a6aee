// Exactly-once delivery bookkeeping (cips/actors.md "Dedup"): each delivered message id sits in its
// target's dedup set for `dedupWindow` blocks. The ids delivered at height h are listed under
// `dedup_exp ‖ h`, so pruning at h + window touches exactly those entries (bounded per block).
import { systemKey } from "@cowboy/state";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { u64be } from "../actors/message.js";

const ENTRY = 20 + 32;

/**
 * After the block's transactions and fires: lists the message ids they delivered (env.actors) under
 * this height, and forgets the ids delivered `dedupWindow` blocks ago.
 */
export function processDeliveries(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  const ctx = env.actors;
  if (ctx.delivered.length > 0) {
    const list = new Uint8Array(ctx.delivered.length * ENTRY);
    ctx.delivered.forEach((e, i) => {
      list.set(e, i * ENTRY);
    });
    state.set(systemKey("dedup_exp", u64be(env.height)), list);
  }
  const window = params.actors.dedupWindow;
  if (env.height <= window) return;
  const expiredKey = systemKey("dedup_exp", u64be(env.height - window));
  const expired = state.get(expiredKey);
  if (expired === undefined) return;
  for (let at = 0; at + ENTRY <= expired.length; at += ENTRY) state.delete(systemKey("dedup", expired.subarray(at, at + ENTRY)));
  state.delete(expiredKey);
}
