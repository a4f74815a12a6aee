import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Transaction } from "@cowboy/types";
import { ExecutionError } from "./errors.js";
import { packSignatureChecks } from "./verify.js";

/**
 * Built, the worker is plain JavaScript beside this file. From sources (tests, `tsx`), it is
 * TypeScript: the worker first registers tsx's loader, then imports it, with the source condition
 * so workspace packages resolve to their sources as they do here.
 */
function spawnWorker(): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./verify-worker.js", import.meta.url));
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const entry = new URL("./verify-worker.ts", import.meta.url).href;
  const code = `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true, execArgv: ["--conditions=@cowboy/source"] });
}

type Failures = ReadonlyArray<readonly [number, string]>;

interface Pending {
  readonly resolve: (failures: Failures) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Spreads signature recovery over worker threads: recovery dominates block import (about 70 µs
 * per transaction with native secp256k1), and it is independent per transaction. The main thread
 * sends each transaction's signing hash (cached in the transaction, so the transactions root
 * reuses it) with its signatures and addresses; workers only recover and compare. Results are
 * the same as `verifySignaturesHere`, in the same order.
 */
export class VerifyPool {
  readonly #workers: Worker[];
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;

  private constructor(workers: Worker[]) {
    this.#workers = workers;
    for (const worker of workers) {
      worker.on("message", (message: { id: number; failures?: Failures; error?: string }) => {
        const pending = this.#pending.get(message.id);
        if (pending === undefined) return;
        this.#pending.delete(message.id);
        this.#idle();
        if (message.error !== undefined) pending.reject(new Error(`signature worker failed: ${message.error}`));
        else pending.resolve(message.failures ?? []);
      });
      const fail = (error: Error): void => {
        for (const pending of this.#pending.values()) pending.reject(error);
        this.#pending.clear();
      };
      worker.on("error", (error) => fail(new Error(`signature worker crashed: ${error.message}`)));
      worker.on("exit", (code) => {
        if (code !== 0) fail(new Error(`signature worker exited with code ${code}`));
      });
      worker.unref();
    }
  }

  /** Idle workers must not keep the process alive; busy ones must (or awaiting them would hang). */
  #idle(): void {
    if (this.#pending.size === 0) for (const worker of this.#workers) worker.unref();
  }

  /** Starts the worker threads: `workers` of them (default: one per core). */
  static start(options: { readonly workers?: number } = {}): VerifyPool {
    const size = options.workers ?? availableParallelism();
    if (!Number.isSafeInteger(size) || size < 1) throw new ExecutionError("INVALID_ARGUMENT", `VerifyPool.start: workers must be a positive integer, got ${size}`);
    const workers = Array.from({ length: size }, () => spawnWorker());
    return new VerifyPool(workers);
  }

  get size(): number {
    return this.#workers.length;
  }

  /** Verifies every signature of `transactions`; failures as [index, reason], ascending. */
  async verify(transactions: readonly Transaction[]): Promise<Failures> {
    if (transactions.length === 0) return [];
    for (const worker of this.#workers) worker.ref();
    const chunk = Math.ceil(transactions.length / this.#workers.length);
    const jobs: Array<Promise<Failures>> = [];
    for (let w = 0, offset = 0; offset < transactions.length; w++, offset += chunk) {
      // Only what recovery needs crosses the thread boundary, in one transferred buffer.
      const packed = packSignatureChecks(transactions.slice(offset, offset + chunk));
      const id = this.#nextId++;
      jobs.push(
        new Promise<Failures>((resolve, reject) => {
          this.#pending.set(id, { resolve, reject });
          this.#workers[w]!.postMessage({ id, offset, packed }, [packed.buffer as ArrayBuffer]);
        }),
      );
    }
    return (await Promise.all(jobs)).flat();
  }

  async close(): Promise<void> {
    for (const pending of this.#pending.values()) pending.reject(new Error("the verify pool was closed"));
    this.#pending.clear();
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }
}
