import { open, type RootDatabase } from "lmdb";
import { StateError } from "./errors.js";

/**
 * Where a state store keeps its bytes: one ordered key space with atomic batch writes. The store
 * separates tables by a one-byte prefix (cips/state.md "Storage layout").
 */
export interface StateBackend {
  get(key: Uint8Array): Uint8Array | undefined;
  /** Applies every put and delete at once: after a crash, all of them or none are visible. */
  write(puts: ReadonlyArray<readonly [Uint8Array, Uint8Array]>, deletes: readonly Uint8Array[]): void;
  close(): Promise<void>;
}

const hex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");

/** An in-memory backend, for tests and embedding. */
export class MemoryBackend implements StateBackend {
  readonly #data = new Map<string, Uint8Array>();
  #closed = false;

  get(key: Uint8Array): Uint8Array | undefined {
    if (this.#closed) throw new StateError("CLOSED", "the store is closed");
    const value = this.#data.get(hex(key));
    // Hand out a copy: a caller mutating it must not change the store.
    return value === undefined ? undefined : value.slice();
  }

  write(puts: ReadonlyArray<readonly [Uint8Array, Uint8Array]>, deletes: readonly Uint8Array[]): void {
    if (this.#closed) throw new StateError("CLOSED", "the store is closed");
    for (const key of deletes) this.#data.delete(hex(key));
    for (const [key, value] of puts) this.#data.set(hex(key), value.slice());
  }

  get size(): number {
    return this.#data.size;
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}

/** lmdb on disk: one synchronous, durable write transaction per batch. */
export class LmdbBackend implements StateBackend {
  readonly #db: RootDatabase<Buffer, Buffer>;
  #closed = false;

  private constructor(db: RootDatabase<Buffer, Buffer>) {
    this.#db = db;
  }

  static open(path: string): LmdbBackend {
    return new LmdbBackend(open<Buffer, Buffer>({ path, encoding: "binary", keyEncoding: "binary", compression: false }));
  }

  get(key: Uint8Array): Uint8Array | undefined {
    if (this.#closed) throw new StateError("CLOSED", "the store is closed");
    // getBinaryFast hands back lmdb's reusable read buffer (its length is the value's): copy the
    // value out once, into a plain Uint8Array (getBinary would copy into a Buffer first).
    const fast = this.#db.getBinaryFast(key as Buffer);
    if (fast === undefined) return undefined;
    const length = fast.length;
    const out = new Uint8Array(length);
    if (length <= 128) for (let i = 0; i < length; i++) out[i] = fast[i]!;
    else out.set(new Uint8Array(fast.buffer, fast.byteOffset, length));
    return out;
  }

  write(puts: ReadonlyArray<readonly [Uint8Array, Uint8Array]>, deletes: readonly Uint8Array[]): void {
    if (this.#closed) throw new StateError("CLOSED", "the store is closed");
    this.#db.transactionSync(() => {
      // Plain Uint8Arrays (no Buffer wrappers): lmdb copies the bytes into its pages before putSync returns.
      for (const key of deletes) this.#db.removeSync(key as Buffer);
      for (const [key, value] of puts) this.#db.putSync(key as Buffer, value as Buffer);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#db.close();
  }
}
