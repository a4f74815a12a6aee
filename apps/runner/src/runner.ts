// The runner process's loop (cips/runner-process.md): poll the jobs assigned to this runner, then drive
// each through the persisted state machine — ack, execute, commit keccak256(output ‖ salt), reveal once the chain
// opens the reveal phase, aggregate where this runner is the aggregator. Each step is: sign, persist, broadcast, and
// advance only when the receipt is in; a restart resumes from the store and re-sends the very same bytes.
import { randomBytes } from "node:crypto";
import { cborFromJson, fromHex, isCowboyError, toHex } from "@cowboy/codec";
import { aggregateFor, commitmentOf, faultReportOutput } from "@cowboy/runner-market";
import { type ChainJob, FINAL_JOB_STATUSES, type Registration, type RunnerAction, type RunnerChain, type RunnerInfo } from "./chain/port.js";
import { executeJob, type ExecutorConfig } from "./execute.js";
import { faultReportOf, unitsText } from "./fault.js";
import { outputBytes } from "./result-schema.js";
import { revealOutput, type TeeKey } from "./reveal-output.js";
import type { JobRecord, JobStore, TxStep } from "./state/job-store.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export interface RunnerOptions {
  readonly chain: RunnerChain;
  /** The runner's account address (its key lives in `chain`'s signer). */
  readonly address: Uint8Array;
  readonly store: JobStore;
  readonly executors: ExecutorConfig;
  /** What to register with when the runner is not registered yet. */
  readonly registration: Registration;
  /** Poll interval (default 500 ms). */
  readonly pollMs?: number;
  /** Progress lines (one per transition). */
  readonly log?: (line: string) => void;
  readonly now?: () => number;
  /** 32 random bytes per job (default node:crypto). */
  readonly salt?: () => Uint8Array;
  /**
   * Test-only misbehaviour (cips/runner-process.md "Test faults"), to show the market's outcomes against real processes:
   * "tamper" commits and reveals a different (still schema-valid) output; "no-reveal" commits and never reveals;
   * "bad-reveal" commits the honest output and reveals another (a reveal that does not open its commitment);
   * "schema-violation" commits and reveals an output that fails the job's result_schema.
   */
  readonly fault?: RunnerFault;
  /** The enclave key that signs deterministic jobs' attestations (cips/runner-process.md "TEE attestations"). */
  readonly tee?: TeeKey;
}

/** CBSS failures that may pass (too few proxies answered in time, none dealt yet): the runner retries, not fails. */
const TRANSIENT_SECRET_ERRORS = new Set(["THRESHOLD_NOT_MET", "PROXY_UNAVAILABLE", "NO_COMMITTEE"]);

export const RUNNER_FAULTS = ["tamper", "no-reveal", "bad-reveal", "schema-violation"] as const;
export type RunnerFault = (typeof RUNNER_FAULTS)[number];

/** The output a "tamper" runner commits: the result with `"tampered": true` added (an object), else wrapped in a list. */
export function tamperedOutput(value: unknown): Uint8Array {
  return outputBytes(tamperedValue(value));
}

/** What a "bad-reveal" runner reveals: its committed output with the last byte flipped (it opens no commitment). */
export function unopenedOutput(output: Uint8Array): Uint8Array {
  const out = output.slice();
  out[out.length - 1] = (out[out.length - 1] ?? 0) ^ 1;
  return out;
}

/** What a "schema-violation" runner commits: a non-empty string, which no object or list schema accepts. */
export const SCHEMA_VIOLATING_VALUE = "schema violation (test fault)";

function tamperedValue(value: unknown): unknown {
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  return isObject ? { ...(value as Record<string, unknown>), tampered: true } : [value];
}

/** Commitment = keccak256(output ‖ salt) (spec §5.3 step 3): @cowboy/runner-market owns the rule. */
export { commitmentOf };

/** The majority output among reveals (ties: the lexicographically smallest hex), for the aggregator. */
export function majorityOutput(reveals: readonly { output: string }[]): string | undefined {
  const counts = new Map<string, number>();
  for (const r of reveals) counts.set(r.output.toLowerCase(), (counts.get(r.output.toLowerCase()) ?? 0) + 1);
  let best: [string, number] | undefined;
  for (const [o, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) if (best === undefined || n > best[1]) best = [o, n];
  return best?.[0];
}

const unhex = (h: string): Uint8Array => fromHex(h.startsWith("0x") ? h.slice(2) : h);

/**
 * What the aggregator posts: for semantic_similarity the {chosen, scores} over the valid reveals in committee order
 * (@cowboy/runner-market aggregateFor, the chain's own list and score); otherwise the majority output.
 */
export function aggregateResult(job: ChainJob): Uint8Array | undefined {
  if (job.verification === "semantic_similarity") {
    const ordered = job.committee.flatMap((m) => job.reveals.filter((r) => r.runner === m)).map((r) => unhex(r.output));
    return aggregateFor({ id: unhex(job.id), resultSchema: cborFromJson(JSON.stringify(job.resultSchema)) }, ordered);
  }
  const m = majorityOutput(job.reveals);
  return m === undefined ? undefined : unhex(m);
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const x = [...new Set(a.map((s) => s.toLowerCase()))].sort();
  const y = [...new Set(b.map((s) => s.toLowerCase()))].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

const sameRates = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, bigint>>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v.toString());

/** Whether the chain's record differs from what this process would register (so it sends runner_update). */
export function registrationStale(onChain: RunnerInfo, reg: Registration): boolean {
  return (
    onChain.transportKey.toLowerCase() !== hex(reg.transportKey) ||
    onChain.endpoint !== reg.endpoint ||
    !sameSet(onChain.provides, reg.provides) ||
    !sameSet(onChain.jobKinds, reg.jobKinds) ||
    !sameSet(onChain.models, reg.models) ||
    (onChain.rateCard !== undefined && !sameRates(onChain.rateCard, reg.rateCard ?? {}))
  );
}

export class Runner {
  readonly #o: RunnerOptions;
  readonly #me: string;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #ticking: Promise<void> | undefined;

  constructor(options: RunnerOptions) {
    this.#o = options;
    this.#me = hex(options.address);
  }

  #log(line: string): void {
    this.#o.log?.(line);
  }

  #now(): number {
    return (this.#o.now ?? Date.now)();
  }

  /**
   * Registers the runner unless it already is; updates the registration when the chain's record is stale (another
   * transport key, entitlements, kinds, models or endpoint than this process serves). Resolves once included.
   */
  async ensureRegistered(options: { timeoutMs?: number } = {}): Promise<"registered" | "already" | "updated"> {
    const existing = await this.#o.chain.getRunner(this.#o.address);
    const reg = this.#o.registration;
    if (existing !== null && existing.status === "active") {
      if (!registrationStale(existing, reg)) return "already";
      const { stake: _stake, ...declared } = reg;
      await this.#sendOnce("update", { type: "runner_update", ...declared }, options.timeoutMs);
      return "updated";
    }
    await this.#sendOnce("register", { type: "runner_register", ...reg }, options.timeoutMs);
    return "registered";
  }

  /** Signs `action` once (kept in the store under `meta` until its receipt), broadcasts it and waits for inclusion. */
  async #sendOnce(meta: "register" | "update", action: RunnerAction, timeoutMs = 60_000): Promise<void> {
    let pending = this.#o.store.getMeta(meta) as { hash: string; raw: string } | undefined;
    if (pending === undefined) {
      const nonce = await this.#nonce();
      const signed = await this.#o.chain.sign(action, nonce);
      pending = { hash: hex(signed.hash), raw: hex(signed.raw) };
      this.#o.store.setMeta(meta, pending);
      this.#o.store.bumpNonce(nonce + 1n);
    }
    await this.#o.chain.broadcast(fromHex(pending.raw));
    const deadline = this.#now() + timeoutMs;
    for (;;) {
      const r = await this.#o.chain.receipt(fromHex(pending.hash));
      if (r !== null) {
        this.#o.store.setMeta(meta, undefined);
        if (!r.ok) throw new Error(`${action.type} failed: ${r.error ?? "reverted"}`);
        this.#log(`${meta === "register" ? "registered" : "updated registration of"} ${this.#me} (tx ${pending.hash})`);
        return;
      }
      if (this.#now() > deadline) throw new Error(`${action.type} ${pending.hash} not included in time`);
      await new Promise((r) => setTimeout(r, this.#o.pollMs ?? 500));
    }
  }

  /** Starts polling; `stop()` ends it after the current pass. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    const loop = async () => {
      if (!this.#running) return;
      this.#ticking = this.tick().catch((e) => this.#log(`poll failed: ${(e as Error).message}`));
      await this.#ticking;
      if (this.#running) this.#timer = setTimeout(loop, this.#o.pollMs ?? 500);
    };
    void loop();
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    await this.#ticking;
  }

  /** One pass: learn new assignments, then advance every open job as far as the chain allows. */
  async tick(): Promise<void> {
    const assigned = await this.#o.chain.listAssignedJobs(this.#o.address);
    const byId = new Map(assigned.map((j) => [j.id.toLowerCase(), j]));
    for (const job of assigned) {
      if (!job.committee.some((m) => m.toLowerCase() === this.#me) || FINAL_JOB_STATUSES.includes(job.status)) continue;
      if (this.#o.store.get(job.id) === undefined) {
        this.#o.store.see(job.id, job.kind, this.#now());
        this.#log(`job ${job.id} seen (${job.kind}, ${job.verification}, committee of ${job.committee.length})`);
      }
    }
    for (const record of this.#o.store.list(["seen", "acked", "executed", "committed", "revealed", "aggregated", "failed"])) {
      const job = byId.get(record.id) ?? (await this.#o.chain.getJob(fromHex(record.id)));
      try {
        // Keep going while a step completes without waiting for the chain (e.g. acked → executed → commit sent).
        for (let r: JobRecord | undefined = record, i = 0; r !== undefined && i < 6; i++) {
          const before = r.phase;
          await this.#advance(r, job);
          r = this.#o.store.get(record.id);
          if (r === undefined || r.phase === before) break;
        }
      } catch (error) {
        if (!isCowboyError(error)) throw error;
        this.#log(`job ${record.id}: ${error.message}`);
      }
    }
  }

  async #nonce(): Promise<bigint> {
    const chain = await this.#o.chain.pendingNonce(this.#o.address);
    const local = this.#o.store.nextNonce();
    return chain > local ? chain : local;
  }

  /**
   * Ensures the step's transaction is signed, stored and broadcast; returns its receipt state. The stored bytes are
   * re-broadcast on every call until included, so a restart between store and broadcast loses nothing.
   */
  async #step(record: JobRecord, step: TxStep, action: RunnerAction): Promise<"pending" | "ok" | "failed"> {
    let tx = record.txs[step];
    if (tx === undefined) {
      const nonce = await this.#nonce();
      const signed = await this.#o.chain.sign(action, nonce);
      tx = { hash: hex(signed.hash), raw: hex(signed.raw), nonce: nonce.toString() };
      this.#o.store.recordTx(record.id, step, tx, this.#now());
      await this.#o.chain.broadcast(signed.raw);
      this.#log(`job ${record.id} ${step} sent (tx ${tx.hash}, nonce ${nonce})`);
    }
    const receipt = await this.#o.chain.receipt(fromHex(tx.hash));
    if (receipt === null) {
      await this.#o.chain.broadcast(fromHex(tx.raw));
      return "pending";
    }
    if (!receipt.ok) {
      this.#o.store.note(record.id, { error: { code: `${step.toUpperCase()}_REVERTED`, message: receipt.error ?? "reverted" } }, this.#now());
      return "failed";
    }
    return "ok";
  }

  /** Stores the bytes to commit with a fresh salt and their commitment keccak256(output ‖ salt): phase `executed`. */
  #executed(id: string, output: Uint8Array): void {
    const salt = (this.#o.salt ?? (() => new Uint8Array(randomBytes(32))))();
    this.#o.store.advance(id, "executed", { output: hex(output), salt: hex(salt), commitment: hex(commitmentOf(output, salt)) }, this.#now());
  }

  async #advance(record: JobRecord, job: ChainJob | null): Promise<void> {
    const now = this.#now();
    if (job === null) return;
    if (job.status !== record.chainStatus) record = this.#o.store.note(record.id, { chainStatus: job.status }, now);
    const mine = (list: readonly { runner: string }[]) => list.some((x) => x.runner.toLowerCase() === this.#me);
    if (record.phase === "done") return;
    // The chain is the truth for our own steps: a commit or reveal it holds is done, whatever the receipt poll saw.
    if (record.phase === "executed" && mine(job.commits)) {
      record = this.#o.store.advance(record.id, "committed", {}, now);
      this.#log(`job ${record.id} committed ${record.commitment}`);
    }
    if (record.phase === "committed" && mine(job.reveals)) {
      record = this.#o.store.advance(record.id, "revealed", {}, now);
      this.#log(`job ${record.id} revealed`);
    }
    if (FINAL_JOB_STATUSES.includes(job.status)) {
      this.#o.store.advance(record.id, "done", {}, now);
      this.#log(`job ${record.id} ${job.status}; done (was ${record.phase})`);
      return;
    }
    const id = fromHex(record.id);
    switch (record.phase) {
      case "seen": {
        if (job.acks.some((a) => a.toLowerCase() === this.#me) || (await this.#step(record, "ack", { type: "job_ack", jobId: id })) === "ok") {
          this.#o.store.advance(record.id, "acked", {}, now);
          this.#log(`job ${record.id} acked`);
        }
        return;
      }
      case "acked": {
        try {
          const executed = await executeJob(
            {
              id,
              kind: job.kind,
              spec: job.spec,
              resultSchema: job.resultSchema,
              allowDomains: job.allowDomains,
              secrets: job.secrets,
              volumes: job.volumes,
              requires: job.requires,
            },
            this.#o.executors,
          );
          const fault = this.#o.fault;
          const value = fault === "tamper" ? tamperedValue(executed.value) : fault === "schema-violation" ? SCHEMA_VIOLATING_VALUE : executed.value;
          // Usage-priced jobs reveal {result, usage}; deterministic ones {result, attestation} (reveal-output.ts).
          const output = revealOutput({ id, verification: job.verification, pricing: job.pricing ?? "fixed" }, value, executed.usage, this.#o.address, this.#o.tee);
          if (fault === "tamper") this.#log(`job ${record.id} output tampered (test fault)`);
          if (fault === "schema-violation") this.#log(`job ${record.id} output replaced by a schema violation (test fault)`);
          this.#executed(record.id, output);
          const used = job.pricing === "usage" ? `; usage ${unitsText(executed.usage)}` : "";
          this.#log(`job ${record.id} executed (${output.length} bytes${used}${job.verification === "deterministic" ? "; attested" : ""})`);
        } catch (error) {
          if (!isCowboyError(error)) throw error;
          if (TRANSIENT_SECRET_ERRORS.has(String(error.code))) {
            // Proxies slow, down or not yet dealt: try again next pass while the job's phase lasts (the chain times it out).
            this.#log(`job ${record.id} secret not released yet, retrying: ${error.code}: ${error.message}`);
            return;
          }
          // A deterministic job's reveal must be attested, which a fault report is not: no report there (cips "Faults").
          const report = job.verification === "deterministic" ? null : faultReportOf(job.kind, error);
          if (report !== null) {
            // A classified fault (fault.ts): committed and revealed like an output, so an agreeing committee is paid its progress.
            this.#executed(record.id, faultReportOutput(report));
            this.#log(`job ${record.id} fault ${report.fault} (${error.code}: ${error.message}); progress ${unitsText(report.progress)}`);
            return;
          }
          this.#o.store.advance(record.id, "failed", { error: { code: String(error.code), message: error.message } }, this.#now());
          this.#log(`job ${record.id} failed: ${error.code}: ${error.message}`);
        }
        return;
      }
      case "executed": {
        if (mine(job.commits) || (await this.#step(record, "commit", { type: "job_commit", jobId: id, commitment: fromHex(record.commitment!) })) === "ok") {
          this.#o.store.advance(record.id, "committed", {}, now);
          this.#log(`job ${record.id} committed ${record.commitment}`);
        }
        return;
      }
      case "committed": {
        if (job.status !== "revealing" && !mine(job.reveals)) return;
        if (this.#o.fault === "no-reveal" && !mine(job.reveals)) {
          if (record.error?.code !== "TEST_NO_REVEAL") {
            this.#o.store.note(record.id, { error: { code: "TEST_NO_REVEAL", message: "withholding the reveal (test fault)" } }, now);
            this.#log(`job ${record.id} reveal withheld (test fault)`);
          }
          return;
        }
        // "bad-reveal" opens something other than what it committed to (the chain slashes it; the reveal still lands).
        const revealed = this.#o.fault === "bad-reveal" ? unopenedOutput(fromHex(record.output!)) : fromHex(record.output!);
        if (mine(job.reveals) || (await this.#step(record, "reveal", { type: "job_reveal", jobId: id, output: revealed, salt: fromHex(record.salt!) })) === "ok") {
          this.#o.store.advance(record.id, "revealed", {}, now);
          this.#log(`job ${record.id} revealed${this.#o.fault === "bad-reveal" ? " an output it did not commit to (test fault)" : ""}`);
        }
        return;
      }
      case "revealed": {
        if (job.status !== "aggregating" || job.aggregator?.toLowerCase() !== this.#me) return;
        const result = aggregateResult(job);
        if (result === undefined) return;
        if ((await this.#step(record, "aggregate", { type: "job_aggregate", jobId: id, result })) === "ok") {
          this.#o.store.advance(record.id, "aggregated", {}, now);
          this.#log(`job ${record.id} aggregated`);
        }
        return;
      }
      default:
        return;
    }
  }
}
