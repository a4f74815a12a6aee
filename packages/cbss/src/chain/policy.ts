// Release policy (cips/cbss.md §7): the one predicate proxies evaluate before releasing a share and
// the chain evaluates when judging a release for slashing. Pure: the caller gathers the facts.
import { equalBytes } from "@cowboy/codec";
import type { SecretHead, SecretVersion } from "./records.js";

/** What a release is judged on, all read at one finalized height. */
export interface ReleaseFacts {
  readonly owner: Uint8Array;
  /** The height the facts were read at. */
  readonly height: bigint;
  /** The job's poster (account or actor); undefined when no job state is known (then job clauses are not judged). */
  readonly job?: {
    readonly poster: Uint8Array;
    readonly kind: string;
    /** The job's runner committee. */
    readonly committee: readonly Uint8Array[];
  };
  readonly runner: Uint8Array;
  /** The runner's declared capabilities at `height` (for runnerRequires); undefined when unknown. */
  readonly runnerProvides?: readonly string[];
  /**
   * The height the chain reserved this (version, job, runner) release at, if it did (cips/cbss.md §7 "Release count"):
   * under max_releases a release needs a reservation made at or before `height`.
   */
  readonly reservedAt?: bigint;
}

export type PolicyVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const deny = (reason: string): PolicyVerdict => ({ ok: false, reason });

/** The state-only clauses: revoked, superseded, not yet created, expired, and (under max_releases) a reservation. */
export function staticVerdict(head: SecretHead, version: SecretVersion, facts: ReleaseFacts): PolicyVerdict {
  const h = facts.height;
  if (head.revokedAt !== 0n && head.revokedAt <= h) return deny(`revoked at ${head.revokedAt}`);
  if (version.createdAt > h) return deny(`the version did not exist at ${h}`);
  if (version.endedAt !== 0n && version.endedAt <= h) return deny(`the version was superseded at ${version.endedAt}`);
  const p = version.policy;
  if (p.untilBlock !== 0n && h > p.untilBlock) return deny(`the policy expired after block ${p.untilBlock}`);
  if (p.maxReleases !== 0n && (facts.reservedAt === undefined || facts.reservedAt > h)) {
    return deny(`max releases ${p.maxReleases}: no release of this version was reserved for this (job, runner) by height ${h}`);
  }
  return { ok: true };
}

/** Every clause; job clauses need `facts.job` (a release without a known job is refused). */
export function evaluatePolicy(head: SecretHead, version: SecretVersion, facts: ReleaseFacts): PolicyVerdict {
  const s = staticVerdict(head, version, facts);
  if (!s.ok) return s;
  const job = facts.job;
  if (job === undefined) return deny("the job is unknown at this height");
  return jobVerdict(version, facts, job, false);
}

/** `lenient`: capabilities the chain no longer knows (history dropped) do not count against the release (slashing). */
function jobVerdict(version: SecretVersion, facts: ReleaseFacts, job: NonNullable<ReleaseFacts["job"]>, lenient: boolean): PolicyVerdict {
  const p = version.policy;
  if (!job.committee.some((r) => equalBytes(r, facts.runner))) return deny("the runner is not in the job's committee");
  const posterOk = equalBytes(job.poster, facts.owner) || p.actors.some((a) => equalBytes(a, job.poster));
  if (!posterOk) return deny("the job's poster is not an allowed actor");
  if (p.jobKinds.length > 0 && !p.jobKinds.includes(job.kind)) return deny(`job kind ${job.kind} is not allowed`);
  if (p.runnerRequires.length > 0) {
    if (facts.runnerProvides === undefined) return lenient ? { ok: true } : deny("the runner's capabilities are unknown");
    const provides = facts.runnerProvides;
    const missing = p.runnerRequires.filter((r) => !provides.includes(r));
    if (missing.length > 0) return deny(`the runner lacks ${missing.join(", ")}`);
  }
  return { ok: true };
}

/** The job clauses alone (for slashing, where the static clauses are judged separately); unknown capabilities pass. */
export function jobClausesVerdict(version: SecretVersion, facts: ReleaseFacts): PolicyVerdict {
  return facts.job === undefined ? { ok: true } : jobVerdict(version, facts, facts.job, true);
}
