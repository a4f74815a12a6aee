// Release reservations (cips/cbss.md §7 "Release count"): under max_releases = k, the chain itself reserves one
// release per (version, job, runner) when the runner market draws a job's committee, in block order, while fewer
// than k are reserved, and only for members the whole policy allows at that height. Proxies release only a reserved
// pair, so at most k distinct (job, runner) pairs ever get the secret, whatever the threshold, and no receipt race.
import { encode } from "@cowboy/codec";
import { type JobHistory, type ProvidesHistoryView, jobFactsAt, providesAt } from "./history.js";
import { type CbssContext, type CbssState, getSecretHead, getSecretVersion } from "./context.js";
import { reservationKey, secretKey } from "./keys.js";
import { evaluatePolicy } from "./policy.js";
import { secretHeadCodec } from "./records.js";

/** The height (version, job, runner) was reserved at, if it was. */
export function getReservation(state: Pick<CbssState, "get">, owner: Uint8Array, name: string, version: number, jobId: Uint8Array, runner: Uint8Array): bigint | undefined {
  const b = state.get(reservationKey(owner, version, jobId, runner, name));
  return b === undefined || b.length !== 8 ? undefined : new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0);
}

export interface ReservationOutcome {
  readonly owner: Uint8Array;
  readonly name: string;
  readonly version: number;
  readonly runner: Uint8Array;
  /** Reserved now, or why not (already reserved counts as reserved). */
  readonly reserved: boolean;
  readonly reason?: string;
}

/**
 * Reserves, for each secret the job declares whose latest version has max_releases set, one release per committee
 * member the policy allows at `ctx.height`, while the version's count is below max_releases (committee order).
 */
export function reserveJobReleases(
  ctx: Pick<CbssContext, "state" | "height">,
  jobId: Uint8Array,
  job: JobHistory,
  secrets: readonly { readonly owner: Uint8Array; readonly name: string }[],
  provides: (runner: Uint8Array) => ProvidesHistoryView,
): ReservationOutcome[] {
  const out: ReservationOutcome[] = [];
  const facts = jobFactsAt(job, ctx.height);
  if (facts === undefined) return out;
  for (const { owner, name } of secrets) {
    let head = getSecretHead(ctx.state, owner, name);
    const version = head === undefined ? undefined : getSecretVersion(ctx.state, owner, name, head.version);
    if (head === undefined || version === undefined || version.policy.maxReleases === 0n) continue;
    for (const runner of facts.committee) {
      const base = { owner, name, version: head.version, runner };
      if (getReservation(ctx.state, owner, name, head.version, jobId, runner) !== undefined) {
        out.push({ ...base, reserved: true });
        continue;
      }
      const runnerProvides = providesAt(provides(runner), ctx.height);
      // "Would it be allowed if reserved now": every other clause at this height.
      const verdict = evaluatePolicy(head, version, {
        owner,
        height: ctx.height,
        runner,
        job: facts,
        reservedAt: ctx.height,
        ...(runnerProvides === undefined ? {} : { runnerProvides }),
      });
      if (!verdict.ok) {
        out.push({ ...base, reserved: false, reason: verdict.reason });
        continue;
      }
      if (head.releases >= version.policy.maxReleases) {
        out.push({ ...base, reserved: false, reason: `max releases ${version.policy.maxReleases} reached` });
        continue;
      }
      const at = new Uint8Array(8);
      new DataView(at.buffer).setBigUint64(0, ctx.height);
      ctx.state.set(reservationKey(owner, head.version, jobId, runner, name), at);
      head = { ...head, releases: head.releases + 1n };
      ctx.state.set(secretKey(owner, name), encode(secretHeadCodec, head));
      out.push({ ...base, reserved: true });
    }
  }
  return out;
}
