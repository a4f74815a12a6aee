// Release facts at a past height (cips/cbss.md §11 "Judged at the stated height"): the runner market keeps, per
// job, when it was posted and when its committee was drawn, and per runner what it provided since when. A release
// is judged against these at the statement's height, never against the head.
import type { ReleaseFacts } from "./policy.js";

/** A job as the chain records it: enough to know its release facts at any height. */
export interface JobHistory {
  readonly poster: Uint8Array;
  readonly kind: string;
  readonly committee: readonly Uint8Array[];
  readonly postedAt: bigint;
  /** Height the committee was drawn; 0 while none is. */
  readonly selectedAt: bigint;
}

/** A runner's provides, height by height; `since` ≠ 0: nothing is known before it. */
export interface ProvidesHistoryView {
  readonly since: bigint;
  readonly entries: readonly { readonly height: bigint; readonly provides: readonly string[] }[];
}

/** The job's facts at `height`: undefined if it was not posted yet; an empty committee before it was drawn. */
export function jobFactsAt(job: JobHistory, height: bigint): ReleaseFacts["job"] | undefined {
  if (height < job.postedAt) return undefined;
  const drawn = job.selectedAt !== 0n && job.selectedAt <= height;
  return { poster: job.poster, kind: job.kind, committee: drawn ? job.committee : [] };
}

/** What the runner provided at `height`: [] before its first registration; undefined when the history no longer reaches back that far. */
export function providesAt(history: ProvidesHistoryView, height: bigint): readonly string[] | undefined {
  if (history.since !== 0n && height < history.since) return undefined;
  let out: readonly string[] = [];
  for (const e of history.entries) {
    if (e.height > height) break;
    out = e.provides;
  }
  return out;
}
