import { abytesIn, bytesKey } from "@cowboy/codec";
import { StateError } from "./errors.js";
import { buildProof, type StateProof } from "./proof.js";
import { compareHash, TreeUpdate, type Change, type NodeSource, type SubtreeRef } from "./smt.js";
import { MAX_KEY, MAX_VALUE } from "./guards.js";
import type { StateStore } from "./store.js";

/** One pending write of a fork: a value, or null for a delete. */
export interface Write {
  readonly key: Uint8Array;
  readonly value: Uint8Array | null;
}

/** What a fork's writes make of the tree: its root and the nodes a commit must store. */
export interface Prepared {
  readonly root: SubtreeRef;
  /** (node-table key, stored node) pairs, keys ascending; made on first call, then the same array. */
  readonly created: () => ReadonlyArray<readonly [Uint8Array, Uint8Array]>;
}

/**
 * The store-facing side of a fork, which only `StateStore` calls (not part of the package's API).
 */
export interface ForkInternals {
  readonly store: StateStore;
  readonly baseVersion: number;
  prepare(): Prepared;
  writes(): Map<string, Write>;
  markCommitted(): void;
}

/**
 * A writable view of the state on top of the committed head (or of another fork, so a proposer
 * can build several candidates). Writes stay in the fork until the store commits it; nested
 * checkpoints let a failed transaction or call revert exactly its own writes.
 *
 * A fork is live until it (or a fork built on it) is committed — then FORK_COMMITTED — or until
 * another fork is committed over its base — then STALE_FORK: it would otherwise read a head it
 * was not opened on.
 */
export class Fork {
  readonly #store: StateStore;
  #parent: Fork | null;
  /** The store version this fork was opened on; only a root fork's (no parent) counts: see #base. */
  #baseVersion: number;
  readonly #writes = new Map<string, Write>();
  /** Undo log: the key and its previous write (undefined: the fork had none). */
  readonly #journal: Array<readonly [string, Write | undefined]> = [];
  /** Open checkpoints, outermost first: their id and the journal length when opened. */
  readonly #marks: Array<{ readonly id: number; readonly at: number }> = [];
  #nextCheckpoint = 0;
  /** Bumped by every change; a cached root is valid while the sum along the chain is unchanged. */
  #revision = 0;
  #cached: { readonly stamp: number; readonly version: number; readonly prepared: Prepared } | undefined;
  #committed = false;

  /** @internal forks are opened by `StateStore.fork()` or `Fork.fork()`. */
  constructor(store: StateStore, parent: Fork | null, baseVersion: number) {
    this.#store = store;
    this.#parent = parent;
    this.#baseVersion = baseVersion;
  }

  /** The value of `key` in this fork (its writes, then its parents', then the committed head). */
  get(key: Uint8Array): Uint8Array | undefined {
    abytesIn(key, "key", 1, MAX_KEY);
    this.#assertLive();
    return this.#read(key, bytesKey(key));
  }

  #read(key: Uint8Array, id: string): Uint8Array | undefined {
    const own = this.#writes.get(id);
    if (own !== undefined) return own.value === null ? undefined : own.value;
    return this.#parent !== null ? this.#parent.#read(key, id) : this.#store.get(key);
  }

  /** Writes `value` (copied) at `key`. Keys are 1–2048 bytes, values 0–1 MiB. */
  set(key: Uint8Array, value: Uint8Array): void {
    abytesIn(key, "key", 1, MAX_KEY);
    abytesIn(value, "value", 0, MAX_VALUE);
    this.#assertLive();
    this.#record(key, value.slice());
  }

  /** Deletes `key` (a no-op on the root if it was absent). */
  delete(key: Uint8Array): void {
    abytesIn(key, "key", 1, MAX_KEY);
    this.#assertLive();
    this.#record(key, null);
  }

  #record(key: Uint8Array, value: Uint8Array | null): void {
    const id = bytesKey(key);
    const previous = this.#writes.get(id);
    if (this.#marks.length > 0) this.#journal.push([id, previous]);
    // A rewrite shares the key copy of the write it replaces (writes are never mutated).
    this.#writes.set(id, { key: previous === undefined ? key.slice() : previous.key, value });
    this.#revision++;
  }

  /** Opens a checkpoint inside the open ones; returns its id (never reused by this fork). */
  checkpoint(): number {
    this.#assertLive();
    const id = this.#nextCheckpoint++;
    this.#marks.push({ id, at: this.#journal.length });
    return id;
  }

  /** Undoes every write since checkpoint `id`, closing it and every checkpoint opened inside it. */
  revertTo(id: number): void {
    this.#assertLive();
    const index = this.#markIndex(id);
    const mark = this.#marks[index]!.at;
    while (this.#journal.length > mark) {
      const [key, previous] = this.#journal.pop()!;
      if (previous === undefined) this.#writes.delete(key);
      else this.#writes.set(key, previous);
    }
    this.#marks.length = index;
    this.#revision++;
  }

  /** Keeps the writes since checkpoint `id` and closes it (and every checkpoint opened inside it). */
  commitCheckpoint(id: number): void {
    this.#assertLive();
    const index = this.#markIndex(id);
    this.#marks.length = index;
    // With no checkpoint left open nothing can be reverted: drop the undo log.
    if (index === 0) this.#journal.length = 0;
  }

  #markIndex(id: number): number {
    const index = Number.isInteger(id) ? this.#marks.findIndex((m) => m.id === id) : -1;
    if (index < 0) throw new StateError("BAD_CHECKPOINT", `checkpoint ${String(id)} is not open in this fork`);
    return index;
  }

  /** A child fork on top of this one; this fork must not be written while the child is in use. */
  fork(): Fork {
    this.#assertLive();
    return new Fork(this.#store, this, this.#baseVersion);
  }

  /**
   * Re-roots this fork on the head right after the fork it was built on has been committed: its own
   * writes (and those of forks built on it) are kept, and its reads fall through to the committed
   * state, which now holds exactly what that parent held. A validator executes a chain of
   * not-yet-final blocks as a chain of forks and finalizes them one by one without re-running any.
   * NOT_REBASABLE unless the last commit of the store was this fork's parent.
   */
  rebase(): void {
    const parent = this.#parent;
    if (this.#committed || parent === null || this.#store.lastCommitted !== parent) {
      throw new StateError("NOT_REBASABLE", "only a fork whose parent was the store's last commit can be re-rooted on the head");
    }
    this.#parent = null;
    this.#baseVersion = this.#store.version;
  }

  /** The state root this fork would have if committed (the store is not touched). */
  computeRoot(): Uint8Array {
    this.#assertLive();
    return this.#prepare().root.hash.slice();
  }

  /**
   * An inclusion or exclusion proof for `key` against this fork's `computeRoot()`, built from the
   * committed tree plus the nodes this fork's writes create.
   */
  prove(key: Uint8Array): StateProof {
    abytesIn(key, "key", 1, MAX_KEY);
    this.#assertLive();
    const { root, created } = this.#prepare();
    const committed = this.#store.nodes;
    const fresh = new Map<string, Uint8Array>();
    for (const [tableKey, node] of created()) fresh.set(bytesKey(tableKey.subarray(1)), node);
    const nodes: NodeSource = {
      stored: (buf: Uint8Array, at: number): Uint8Array => fresh.get(bytesKey(buf.subarray(at, at + 12))) ?? committed.stored(buf, at),
    };
    return buildProof(nodes, root, key, (k) => this.#read(k, bytesKey(k)), this.#store.blake3);
  }

  /** @internal the store-facing side; see ForkInternals. */
  get internals(): ForkInternals {
    return {
      store: this.#store,
      baseVersion: this.#base(),
      prepare: () => this.#prepare(),
      writes: () => this.#allWrites(),
      markCommitted: () => {
        for (let f: Fork | null = this; f !== null; f = f.#parent) f.#committed = true;
      },
    };
  }

  #assertLive(): void {
    if (this.#committed) throw new StateError("FORK_COMMITTED", "this fork has been committed; open a new fork on the head");
    if (this.#base() !== this.#store.version) throw new StateError("STALE_FORK", "another fork was committed over this fork's base; open a new fork on the head");
  }

  /** The version of the head under this chain of forks (rebase moves a chain's root). */
  #base(): number {
    return this.#parent === null ? this.#baseVersion : this.#parent.#base();
  }

  #stamp(): number {
    return this.#revision + (this.#parent === null ? 0 : this.#parent.#stamp());
  }

  /** Every write of this fork and its ancestors, the nearest winning. */
  #allWrites(): Map<string, Write> {
    const all = this.#parent === null ? new Map<string, Write>() : this.#parent.#allWrites();
    for (const [key, write] of this.#writes) all.set(key, write);
    return all;
  }

  #prepare(): Prepared {
    const stamp = this.#stamp();
    const version = this.#store.version;
    if (this.#cached !== undefined && this.#cached.stamp === stamp && this.#cached.version === version) return this.#cached.prepared;
    const hash = this.#store.blake3;
    const changes: Change[] = [];
    for (const w of this.#allWrites().values()) changes.push({ keyHash: hash(w.key), valueHash: w.value === null ? null : hash(w.value) });
    changes.sort((a, b) => compareHash(a.keyHash, b.keyHash));
    const { root: base, nextGeneration } = this.#store.committedTree;
    const update = new TreeUpdate(this.#store.nodes, nextGeneration, this.#store.nodeHasher);
    const root = update.apply(base, changes);
    let created: ReadonlyArray<readonly [Uint8Array, Uint8Array]> | undefined;
    const prepared = { root, created: () => (created ??= update.created()) };
    this.#cached = { stamp, version, prepared };
    return prepared;
  }
}
