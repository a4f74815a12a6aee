// The runner's persisted job state machine (cips/runner-process.md "Job states"), in lmdb under --data.
// seen → acked → executed → committed → revealed → (aggregated) → done; seen/acked → failed → done. Every transition
// is one synchronous, durable write. A signed transaction is stored BEFORE it is broadcast and re-sent verbatim after a
// restart (same nonce, same hash), so a crash can never produce a second commit; the salt stays until the reveal lands.
import { open, type RootDatabase } from "lmdb";
import { RunnerError } from "../errors.js";

export const JOB_PHASES = ["seen", "acked", "executed", "committed", "revealed", "aggregated", "failed", "done"] as const;
export type JobPhase = (typeof JOB_PHASES)[number];
export type TxStep = "ack" | "commit" | "reveal" | "aggregate";

const NEXT: Readonly<Record<JobPhase, readonly JobPhase[]>> = {
  seen: ["acked", "failed", "done"],
  acked: ["executed", "failed", "done"],
  executed: ["committed", "done"],
  committed: ["revealed", "done"],
  revealed: ["aggregated", "done"],
  aggregated: ["done"],
  failed: ["done"],
  done: [],
};

export interface StoredTx {
  /** 0x hex of the transaction hash. */
  readonly hash: string;
  /** 0x hex of the signed transaction bytes. */
  readonly raw: string;
  readonly nonce: string;
}

export interface JobRecord {
  /** 0x hex job id. */
  readonly id: string;
  readonly phase: JobPhase;
  readonly kind: string;
  readonly seenAt: number;
  readonly updatedAt: number;
  /** 0x hex of the canonical output (after execution). */
  readonly output?: string;
  /** 0x hex of the 32-byte salt (kept until the reveal is included). */
  readonly salt?: string;
  /** 0x hex keccak256(output ‖ salt). */
  readonly commitment?: string;
  readonly error?: { readonly code: string; readonly message: string };
  /** The chain's last status seen for the job. */
  readonly chainStatus?: string;
  readonly txs: Partial<Record<TxStep, StoredTx>>;
}

export class JobStore {
  readonly #root: RootDatabase;

  private constructor(root: RootDatabase) {
    this.#root = root;
  }

  /** Opens (creating) the store at `path` (a directory). */
  static open(path: string): JobStore {
    return new JobStore(open({ path, encoding: "json", compression: false }));
  }

  get(id: string): JobRecord | undefined {
    return this.#root.get(`job:${id.toLowerCase()}`) as JobRecord | undefined;
  }

  /** All records, optionally only those in the given phases. */
  list(phases?: readonly JobPhase[]): JobRecord[] {
    const out: JobRecord[] = [];
    for (const { value } of this.#root.getRange({ start: "job:", end: "job;" })) {
      const r = value as JobRecord;
      if (phases === undefined || phases.includes(r.phase)) out.push(r);
    }
    return out;
  }

  /** Records a newly seen job (no-op when it is already known); returns the record. */
  see(id: string, kind: string, now: number): JobRecord {
    const key = id.toLowerCase();
    const existing = this.get(key);
    if (existing !== undefined) return existing;
    const record: JobRecord = { id: key, phase: "seen", kind, seenAt: now, updatedAt: now, txs: {} };
    this.#root.putSync(`job:${key}`, record);
    return record;
  }

  /** Moves a job to `phase` with extra fields; refuses a transition the machine does not have. */
  advance(id: string, phase: JobPhase, fields: Partial<Omit<JobRecord, "id" | "phase" | "txs">>, now: number): JobRecord {
    const current = this.#require(id);
    if (!NEXT[current.phase].includes(phase))
      throw new RunnerError("STATE_INVALID", `job ${id}: ${current.phase} → ${phase} is not a transition`, { from: current.phase, to: phase });
    const next: JobRecord = { ...current, ...fields, phase, updatedAt: now };
    this.#root.putSync(`job:${current.id}`, next);
    return next;
  }

  /** Updates fields without a phase change (the chain's status). */
  note(id: string, fields: Pick<Partial<JobRecord>, "chainStatus" | "error">, now: number): JobRecord {
    const current = this.#require(id);
    const next: JobRecord = { ...current, ...fields, updatedAt: now };
    this.#root.putSync(`job:${current.id}`, next);
    return next;
  }

  /** Stores the signed transaction of `step` before it is broadcast; a second, different one is refused. */
  recordTx(id: string, step: TxStep, tx: StoredTx, now: number): JobRecord {
    const current = this.#require(id);
    const prior = current.txs[step];
    if (prior !== undefined && prior.hash !== tx.hash) throw new RunnerError("STATE_INVALID", `job ${id}: a ${step} transaction ${prior.hash} is already recorded`, { step });
    const next: JobRecord = { ...current, txs: { ...current.txs, [step]: tx }, updatedAt: now };
    this.#root.putSync(`job:${current.id}`, next);
    this.bumpNonce(BigInt(tx.nonce) + 1n);
    return next;
  }

  /** The next nonce the runner will sign with (never decreases). */
  nextNonce(): bigint {
    const v = this.#root.get("meta:nonce") as string | undefined;
    return v === undefined ? 0n : BigInt(v);
  }

  bumpNonce(atLeast: bigint): void {
    if (atLeast > this.nextNonce()) this.#root.putSync("meta:nonce", atLeast.toString());
  }

  getMeta(key: string): unknown {
    return this.#root.get(`meta:${key}`);
  }

  /** Stores a runner-level value (`undefined` removes it). */
  setMeta(key: string, value: unknown): void {
    if (value === undefined) this.#root.removeSync(`meta:${key}`);
    else this.#root.putSync(`meta:${key}`, value);
  }

  async close(): Promise<void> {
    await this.#root.close();
  }

  #require(id: string): JobRecord {
    const r = this.get(id);
    if (r === undefined) throw new RunnerError("STATE_INVALID", `job ${id} is not in the store`);
    return r;
  }
}
