// What a runner provided, height by height (cips/runner-market.md "Provides history"; cips/cbss.md §11): every
// register and update appends (height, provides); the CBSS judges a release at a past height against the entry in
// force then. Bounded to PROVIDES_HISTORY entries; once older ones are dropped, `since` says where knowledge starts.
import type { CborValue } from "@cowboy/codec";
import { RunnerMarketError } from "./errors.js";
import { providesHistoryKey } from "./keys.js";
import { readCbor, texts, writeCbor, type MarketState } from "./store.js";

/** Entries kept per runner. */
export const PROVIDES_HISTORY = 32;

export interface ProvidesEntry {
  /** From this height on (inclusive) the runner provided `provides`. */
  readonly height: bigint;
  readonly provides: readonly string[];
}

export interface ProvidesHistory {
  /** 0 when the history is complete; otherwise the first height it still covers (entries before were dropped). */
  readonly since: bigint;
  /** Oldest first, heights strictly increasing. */
  readonly entries: readonly ProvidesEntry[];
}

const WHAT = "provides history";

export function getProvidesHistory(state: MarketState, address: Uint8Array): ProvidesHistory {
  const v = readCbor(state, providesHistoryKey(address), WHAT);
  if (v === undefined) return { since: 0n, entries: [] };
  if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== "bigint" || !Array.isArray(v[1])) throw new RunnerMarketError("CORRUPT_STATE", `${WHAT}: expected [since, entries]`);
  const entries = v[1].map((e): ProvidesEntry => {
    if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== "bigint" || !Array.isArray(e[1])) throw new RunnerMarketError("CORRUPT_STATE", `${WHAT}: bad entry`);
    return { height: e[0], provides: texts(e[1], WHAT) };
  });
  return { since: v[0], entries };
}

/** Records that from `height` on the runner provides `provides` (an entry at the same height is replaced). */
export function recordProvides(state: MarketState, address: Uint8Array, height: bigint, provides: readonly string[]): void {
  const h = getProvidesHistory(state, address);
  let entries = h.entries.filter((e) => e.height < height);
  entries.push({ height, provides: [...provides].sort() });
  let since = h.since;
  if (entries.length > PROVIDES_HISTORY) {
    entries = entries.slice(entries.length - PROVIDES_HISTORY);
    since = entries[0]!.height;
  }
  const value: CborValue = [since, entries.map((e): CborValue => [e.height, [...e.provides]])];
  writeCbor(state, providesHistoryKey(address), value);
}
