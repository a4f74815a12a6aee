import { StateError } from "./errors.js";
import { compareHash, TreeUpdate, type Change } from "./smt.js";
import type { StateStore } from "./store.js";

interface Write {
  readonly key: Uint8Array;
  readonly value: Uint8Array | null;
}

const MAX_KEY = 2048;
const MAX_VALUE = 1024 * 1024;
const hex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");

/**
 * A writable view of the state on top of the committed head (or of another fork, so a proposer
 * can build several candidates). Writes stay in the fork until the store commits it; nested
 * checkpoints let a failed transaction or call revert exactly its own writes.
 */
export class Fork {
  readonly #store: StateStore;
  readonly #parent: Fork | null;
  /** The store version this fork (or its root ancestor) was opened on. */
  readonly baseVersion: number;
  readonly #writes = new Map<string, Write>();
  readonly #journal: Array<readonly [string, Write | undefined]> = [];
  readonly #marks: number[] = [];
  #root: { root: Uint8Array; created: Map<string, Uint8Array> } | undefined;

  /** @internal forks are opened by `StateStore.fork()` or `Fork.fork()`. */
  constructor(store: StateStore, parent: Fork | null, baseVersion: number) {
    this.#store = store;
    this.#parent = parent;
    this.baseVersion = baseVersion;
  }

  get(key: Uint8Array): Uint8Array | undefined {
    const own = this.#writes.get(hex(key));
    if (own !== undefined) return own.value === null ? undefined : own.value;
    return this.#parent !== null ? this.#parent.get(key) : this.#store.get(key);
  }

  set(key: Uint8Array, value: Uint8Array): void {
    checkBytes(key, "key", 1, MAX_KEY);
    checkBytes(value, "value", 0, MAX_VALUE);
    this.#record(key, value.slice());
  }

  delete(key: Uint8Array): void {
    checkBytes(key, "key", 1, MAX_KEY);
    this.#record(key, null);
  }

  #record(key: Uint8Array, value: Uint8Array | null): void {
    const id = hex(key);
    this.#journal.push([id, this.#writes.get(id)]);
    this.#writes.set(id, { key: key.slice(), value });
    this.#root = undefined;
  }

  /** Opens a checkpoint; returns its id (checkpoints nest). */
  checkpoint(): number {
    this.#marks.push(this.#journal.length);
    return this.#marks.length - 1;
  }

  /** Undoes every write since checkpoint `id`, closing it and every checkpoint inside it. */
  revertTo(id: number): void {
    this.#checkMark(id);
    const mark = this.#marks[id]!;
    while (this.#journal.length > mark) {
      const [key, previous] = this.#journal.pop()!;
      if (previous === undefined) this.#writes.delete(key);
      else this.#writes.set(key, previous);
    }
    this.#marks.length = id;
    this.#root = undefined;
  }

  /** Keeps the writes since checkpoint `id` and closes it (and every checkpoint inside it). */
  commitCheckpoint(id: number): void {
    this.#checkMark(id);
    this.#marks.length = id;
    if (id === 0) this.#journal.length = 0;
  }

  #checkMark(id: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= this.#marks.length) throw new StateError("BAD_CHECKPOINT", `checkpoint ${id} is not open`);
  }

  /** A child fork on top of this one. */
  fork(): Fork {
    return new Fork(this.#store, this, this.baseVersion);
  }

  /** Every write of this fork and its ancestors, the nearest winning. */
  writes(): Map<string, Write> {
    const all = this.#parent === null ? new Map<string, Write>() : this.#parent.writes();
    for (const [key, write] of this.#writes) all.set(key, write);
    return all;
  }

  /** The state root this fork would have if committed (the store is not touched). */
  computeRoot(): Uint8Array {
    return this.prepare().root.slice();
  }

  /** @internal the root and the tree nodes a commit writes. */
  prepare(): { root: Uint8Array; created: Map<string, Uint8Array> } {
    if (this.#root !== undefined) return this.#root;
    const hash = this.#store.blake3;
    const changes: Change[] = [...this.writes().values()]
      .map((w) => ({ keyHash: hash(w.key), valueHash: w.value === null ? null : hash(w.value) }))
      .sort((a, b) => compareHash(a.keyHash, b.keyHash));
    const update = new TreeUpdate(this.#store.nodes, hash);
    const root = update.apply(this.#store.root(), changes);
    this.#root = { root, created: update.created };
    return this.#root;
  }
}

function checkBytes(value: Uint8Array, name: string, min: number, max: number): void {
  if (!(value instanceof Uint8Array)) throw new StateError("INVALID_ARGUMENT", `${name}: expected a Uint8Array`);
  if (value.length < min || value.length > max) throw new StateError("INVALID_ARGUMENT", `${name}: expected ${min} to ${max} bytes, got ${value.length}`);
}
