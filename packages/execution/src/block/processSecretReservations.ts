// Release reservations at the committee draw (cips/cbss.md §7 "Release count"), run right after the runner market's
// jobs step: for every open job whose committee was drawn in this block (selected_at = height) and that declares
// secrets, the 0x04 Secrets Manager reserves one release per allowed member of each secret version with max_releases,
// while fewer than max_releases are reserved. Deterministic: open-job order, then declaration and committee order.
import { fromHex } from "@cowboy/codec";
import { reserveJobReleases } from "@cowboy/cbss";
import { type JobRecord, getProvidesHistory } from "@cowboy/runner-market";
import type { BlockEnv, StateAccess } from "../types.js";

/** "0x<owner>/<name>" (the job request's secret reference, already validated at posting). */
function parseRef(ref: string): { owner: Uint8Array; name: string } | undefined {
  const slash = ref.indexOf("/");
  if (!ref.startsWith("0x") || slash !== 42) return undefined;
  return { owner: fromHex(ref.slice(2, 42)), name: ref.slice(43) };
}

/** `drawn`: the open jobs whose committee was drawn in this block, in open-job order (`jobsDrawnAt`). */
export function processSecretReservations(state: StateAccess, env: BlockEnv, drawn: readonly JobRecord[]): void {
  for (const job of drawn) {
    if (job.secrets.length === 0) continue;
    const refs = job.secrets.map(parseRef).filter((r) => r !== undefined);
    const history = { poster: job.poster, kind: job.kind, committee: job.committee, postedAt: job.postedAt, selectedAt: job.selectedAt };
    reserveJobReleases({ state, height: env.height }, job.id, history, refs, (runner) => getProvidesHistory(state, runner));
  }
}
