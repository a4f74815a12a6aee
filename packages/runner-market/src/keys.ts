// Where the runner market lives in the authenticated state (cips/runner-market.md "State layout"): one system
// registry per actor, `00 02 ‖ name ‖ 00 ‖ kind ‖ …` (@cowboy/state's systemKey), values canonical CBOR.
import { systemKey } from "@cowboy/state";

/** 0x01 Runner Registry, 0x02 Job Dispatcher (0x03 verifies inside the job record), 0x07 Entitlement Registry. */
export const RUNNER_REGISTRY = "runner_registry";
export const JOB_DISPATCHER = "job_dispatcher";
export const ENTITLEMENT_REGISTRY = "entitlements";

const item = (registry: string, kind: number, part: Uint8Array = new Uint8Array(0)): Uint8Array => {
  const out = new Uint8Array(1 + part.length);
  out[0] = kind;
  out.set(part, 1);
  return systemKey(registry, out);
};

/** 0x01 ‖ address (20): the runner's record. */
export const runnerKey = (address: Uint8Array): Uint8Array => item(RUNNER_REGISTRY, 0x01, address);
/** 0x02 (alone): every address with a runner record, ascending, as one CBOR list. */
export const runnerIndexKey = (): Uint8Array => item(RUNNER_REGISTRY, 0x02);
/** 0x03 ‖ address (20): what the runner provided since when (history.ts), one CBOR [since, [[height, [str]]]]. */
export const providesHistoryKey = (address: Uint8Array): Uint8Array => item(RUNNER_REGISTRY, 0x03, address);
/** 0x01 ‖ job id (32): the job's record. */
export const jobKey = (id: Uint8Array): Uint8Array => item(JOB_DISPATCHER, 0x01, id);
/** 0x02 (alone): the ids of open jobs (not yet final), in posting order. */
export const openJobsKey = (): Uint8Array => item(JOB_DISPATCHER, 0x02);
/** 0x03 ‖ poster (20): how many jobs the poster has posted (the job id's nonce). */
export const jobNonceKey = (poster: Uint8Array): Uint8Array => item(JOB_DISPATCHER, 0x03, poster);
/** 0x04 (alone): ids of final jobs, newest last, bounded (for listing; records stay under 0x01). */
export const recentJobsKey = (): Uint8Array => item(JOB_DISPATCHER, 0x04);
/** 0x05 (alone): the committee epoch record (committee.ts): the §5.3 size M of the current committee epoch. */
export const committeeEpochKey = (): Uint8Array => item(JOB_DISPATCHER, 0x05);
/** 0x01 ‖ actor (20): what the actor requires (0x07). */
export const requiresKey = (actor: Uint8Array): Uint8Array => item(ENTITLEMENT_REGISTRY, 0x01, actor);
