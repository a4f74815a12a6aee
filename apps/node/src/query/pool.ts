// Read-only work off the block thread (issue 18: "Read-only work runs off the thread that builds
// and imports blocks, with its own Cycle cap and a bounded queue that refuses with a typed error
// when full"). One worker thread holds its own lmdb reader and interpreter; at most `maxQueued`
// requests wait or run there, and one more is refused with QueryQueueError("QUERY_QUEUE_FULL").
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { CowboyError } from "@cowboy/codec";
import type { QueryRequest, QueryResult } from "@cowboy/execution";
import type { Header } from "@cowboy/types";
import type { Simulation, SimulationLimits } from "./simulate.js";
import type { WorkerInit, WorkerReply, WorkerRequest, WorkerStatus } from "./protocol.js";
import type { ReadOnlyWork } from "./read-only.js";

export type QueryErrorCode =
  /** The read-only queue holds its most requests: try again later. */
  | "QUERY_QUEUE_FULL"
  /** The query worker failed to start or died (the message says why); it is restarted on the next request. */
  | "QUERY_WORKER_FAILED";

/** Why read-only work was not done. */
export class QueryError extends CowboyError<QueryErrorCode> {
  override readonly name = "QueryError";
}

export interface ReadOnlyPoolOptions {
  /** The node's state directory (lmdb), opened by the worker for reading. */
  readonly statePath: string;
  readonly chainId: bigint;
  /** The chain has governance (its registry's parameters apply to read-only calls). */
  readonly governed?: boolean;
  /** Most requests waiting or running (default 32). */
  readonly maxQueued?: number;
  /** The most Cycles one read-only call may spend (the RPC refuses more). */
  readonly maxCycles: bigint;
}

/**
 * Built, this module is bundled into dist/index.js or dist/main.js and the worker is dist/query/worker.js
 * (its own tsup entry); from sources, TypeScript through tsx (as execution's VerifyPool).
 */
function spawn(init: WorkerInit): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./query/worker.js", import.meta.url), { workerData: init });
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const entry = new URL("./worker.ts", import.meta.url).href;
  const code = `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true, execArgv: ["--conditions=@cowboy/source"], workerData: init });
}

interface Waiting {
  readonly resolve: (value: QueryResult | Simulation) => void;
  readonly reject: (error: Error) => void;
}

export class ReadOnlyPool implements ReadOnlyWork {
  readonly maxCycles: bigint;
  readonly #init: WorkerInit;
  readonly #maxQueued: number;
  readonly #waiting = new Map<number, Waiting>();
  #worker: Promise<Worker> | undefined;
  #nextId = 1;
  #closed = false;

  private constructor(options: ReadOnlyPoolOptions) {
    this.#init = { statePath: options.statePath, chainId: options.chainId, ...(options.governed === true ? { governed: true } : {}) };
    this.#maxQueued = options.maxQueued ?? 32;
    this.maxCycles = options.maxCycles;
  }

  /**
   * Starts the worker without waiting for it: requests made before it has opened the state and
   * loaded its interpreter wait for that. `ready` settles when it has (or could not).
   */
  static open(options: ReadOnlyPoolOptions): ReadOnlyPool {
    const pool = new ReadOnlyPool(options);
    pool.ready = pool.#ensureWorker().then(() => undefined);
    pool.ready.catch(() => {}); // reported to whoever awaits `ready`, and again to the next request
    return pool;
  }

  /** Starts the worker and waits until it is ready. */
  static async start(options: ReadOnlyPoolOptions): Promise<ReadOnlyPool> {
    const pool = ReadOnlyPool.open(options);
    await pool.ready;
    return pool;
  }

  /** Settles once the first worker is ready, or rejects with why it could not start. */
  ready: Promise<void> = Promise.resolve();

  /** Requests waiting or running now. */
  get queued(): number {
    return this.#waiting.size;
  }

  call(head: Header, request: QueryRequest): Promise<QueryResult> {
    return this.#send((id) => ({ id, kind: "call", head, request })) as Promise<QueryResult>;
  }

  simulate(head: Header, tx: unknown, limits: SimulationLimits): Promise<Simulation> {
    return this.#send((id) => ({ id, kind: "simulate", head, tx, limits })) as Promise<Simulation>;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = undefined;
    this.#failAll("the query worker was closed");
    if (worker !== undefined) await (await worker.catch(() => undefined))?.terminate();
  }

  async #send(make: (id: number) => WorkerRequest): Promise<QueryResult | Simulation> {
    if (this.#closed) throw new QueryError("QUERY_WORKER_FAILED", "the query worker was closed");
    if (this.#waiting.size >= this.#maxQueued)
      throw new QueryError("QUERY_QUEUE_FULL", `the node's read-only queue holds its most requests (${this.#maxQueued}); try again shortly`);
    const id = this.#nextId++;
    const done = new Promise<QueryResult | Simulation>((resolve, reject) => this.#waiting.set(id, { resolve, reject }));
    try {
      (await this.#ensureWorker()).postMessage(make(id));
    } catch (error) {
      this.#waiting.get(id)?.reject(error as Error);
      this.#waiting.delete(id);
    }
    return done;
  }

  #ensureWorker(): Promise<Worker> {
    this.#worker ??= new Promise<Worker>((resolve, reject) => {
      const worker = spawn(this.#init);
      let ready = false;
      worker.on("message", (message: WorkerReply | WorkerStatus) => {
        if ("ready" in message) {
          ready = true;
          resolve(worker);
        } else if ("fatal" in message) {
          reject(new QueryError("QUERY_WORKER_FAILED", `the query worker could not start: ${message.fatal}`));
          void worker.terminate();
        } else {
          const waiting = this.#waiting.get(message.id);
          this.#waiting.delete(message.id);
          if (message.ok) waiting?.resolve(message.value);
          else waiting?.reject(new Error(`query worker: ${message.message}`));
        }
      });
      const died = (why: string): void => {
        if (!ready) reject(new QueryError("QUERY_WORKER_FAILED", `the query worker could not start: ${why}`));
        this.#worker = undefined;
        this.#failAll(`the query worker stopped: ${why}`);
      };
      worker.on("error", (error) => died(error.message));
      worker.on("exit", (code) => {
        if (!this.#closed) died(`exit code ${code}`);
      });
    });
    const worker = this.#worker;
    worker.catch(() => {
      if (this.#worker === worker) this.#worker = undefined;
    });
    return worker;
  }

  #failAll(why: string): void {
    for (const waiting of this.#waiting.values()) waiting.reject(new QueryError("QUERY_WORKER_FAILED", why));
    this.#waiting.clear();
  }
}
