// What the runner needs from the chain (contracts.md "Runner market"; RPC in apps/node/src/rpc/methods/runners.ts):
// reads of jobs and runners, and signed System instructions. `createRpcRunnerChain` implements it over JSON-RPC.
export const JOB_STATUSES = ["pending", "selected", "committing", "revealing", "aggregating", "challenge", "settled", "failed", "timeout", "refunded"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** Statuses after which nothing more is asked of a runner. */
export const FINAL_JOB_STATUSES: readonly JobStatus[] = ["challenge", "settled", "failed", "timeout", "refunded"];

/** A job as `cowboy_getJob` returns it (addresses and bytes as lower-case 0x hex). */
export interface ChainJob {
  readonly id: string;
  readonly poster: string;
  readonly kind: string;
  readonly spec: unknown;
  readonly resultSchema: unknown;
  readonly verification: string;
  /** "usage": the reveal carries {result, usage} (cips/runner-market.md "Usage pricing"); absent on older nodes: fixed. */
  readonly pricing?: "fixed" | "usage";
  readonly runners: number;
  readonly quorum: number;
  readonly allowDomains: readonly string[];
  readonly secrets: readonly string[];
  readonly volumes: readonly unknown[];
  readonly requires: readonly string[];
  readonly status: JobStatus;
  readonly committee: readonly string[];
  readonly acks: readonly string[];
  readonly commits: readonly { readonly runner: string; readonly commitment: string }[];
  readonly reveals: readonly { readonly runner: string; readonly output: string }[];
  /** The committee member that aggregates, where the verification mode has one. */
  readonly aggregator?: string | null;
  readonly phaseEndsAt: bigint;
}

export interface RunnerInfo {
  readonly address: string;
  readonly stake: bigint;
  readonly provides: readonly string[];
  readonly jobKinds: readonly string[];
  readonly models: readonly string[];
  readonly endpoint: string;
  readonly transportKey: string;
  readonly reputation: bigint;
  readonly status: "active" | "unbonding" | "withdrawn";
  readonly maxJobValue: bigint;
  /** The registered rate card (base units as decimal strings), when the node reports it. */
  readonly rateCard?: Readonly<Record<string, string>>;
}

export interface Registration {
  readonly stake: bigint;
  readonly provides: readonly string[];
  readonly jobKinds: readonly string[];
  readonly models: readonly string[];
  readonly endpoint: string;
  readonly transportKey: Uint8Array;
  readonly maxJobValue: bigint;
  /** Price per execution by job kind, base units (cips/runner-market.md "Pricing"); absent: no rate card. */
  readonly rateCard?: Readonly<Record<string, bigint>>;
}

/** The instructions a runner sends (System sub_types 32–47, cips/runner-market.md). */
export type RunnerAction =
  | ({ readonly type: "runner_register" } & Registration)
  | ({ readonly type: "runner_update" } & Omit<Registration, "stake">)
  | { readonly type: "job_ack"; readonly jobId: Uint8Array }
  | { readonly type: "job_commit"; readonly jobId: Uint8Array; readonly commitment: Uint8Array }
  | { readonly type: "job_reveal"; readonly jobId: Uint8Array; readonly output: Uint8Array; readonly salt: Uint8Array }
  | { readonly type: "job_aggregate"; readonly jobId: Uint8Array; readonly result: Uint8Array };

export interface SignedAction {
  readonly hash: Uint8Array;
  readonly raw: Uint8Array;
}

export interface RunnerChain {
  /** Jobs whose committee includes `runner` (newest first), any status. */
  listAssignedJobs(runner: Uint8Array): Promise<ChainJob[]>;
  getJob(id: Uint8Array): Promise<ChainJob | null>;
  getRunner(address: Uint8Array): Promise<RunnerInfo | null>;
  /** The account's next nonce counting its pending transactions. */
  pendingNonce(address: Uint8Array): Promise<bigint>;
  /** Signs `action` at `nonce` with the runner's key (no broadcast). */
  sign(action: RunnerAction, nonce: bigint): Promise<SignedAction>;
  /** Broadcasts signed bytes; a transaction the node already knows or has included is not an error. */
  broadcast(raw: Uint8Array): Promise<void>;
  /** The receipt of an included transaction, or null while it is pending. */
  receipt(hash: Uint8Array): Promise<{ readonly ok: boolean; readonly error?: string } | null>;
}
