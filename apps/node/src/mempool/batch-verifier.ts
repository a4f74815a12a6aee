import type { VerifyPool } from "@cowboy/execution";
import type { Transaction } from "@cowboy/types";

type Failures = ReadonlyArray<readonly [number, string]>;

/**
 * Collects transactions arriving within one turn of the event loop and verifies their signatures
 * together on the VerifyPool, so admission never recovers signatures on the thread that produces
 * blocks. Each caller gets the failures of its own transaction (index 0).
 */
export class BatchingVerifier {
  #queue: Array<{ tx: Transaction; resolve: (f: Failures) => void; reject: (e: Error) => void }> = [];
  #scheduled = false;

  constructor(private readonly pool: VerifyPool) {}

  verify(tx: Transaction): Promise<Failures> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ tx, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#queue;
    this.#queue = [];
    this.#scheduled = false;
    try {
      const failures = await this.pool.verify(batch.map((item) => item.tx));
      const byIndex = new Map<number, string>(failures.map(([i, reason]) => [i, reason]));
      batch.forEach((item, i) => {
        const reason = byIndex.get(i);
        item.resolve(reason === undefined ? [] : [[0, reason]]);
      });
    } catch (error) {
      for (const item of batch) item.reject(error as Error);
    }
  }
}
