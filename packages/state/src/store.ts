import { abytesIn, au64, decode, encode, equalBytes, fixedBytes, type Infer, struct, toHex, uint } from "@cowboy/codec";
import { blake3 as nobleBlake3, type Hashes } from "@cowboy/crypto";
import type { StateBackend } from "./backend.js";
import { StateError } from "./errors.js";
import { Fork } from "./fork.js";
import { MAX_KEY } from "./guards.js";
import { buildProof, type StateProof } from "./proof.js";
import { checkStored, decodeNode, EMPTY_SUBTREE, NODE_TABLE, hashedPart, LOC_BYTES, type NodeSource, type SubtreeRef } from "./smt.js";
import { DEFAULT_NODE_CACHE_NODES, NodeCache } from "./node-cache.js";
import { NodeHasher } from "./node-hash.js";

// Storage layout (cips/state.md): one key space, tables by a one-byte prefix.
const NODE = NODE_TABLE; // 'n' ‖ locator (generation u64 BE ‖ sequence u32 BE) → node
const VALUE = 0x76; // 'v' ‖ state key → value (the flat table: a read is one lookup)
const META = 0x6d; // 'm' ‖ "head" → committed head
const ROOTS = 0x72; // 'r' ‖ height (u64 BE) → state root ‖ root locator

// `generation` counts commits (the first is 1); new nodes are stored under it. The root locator is
// zeros for the empty tree.
const headCodec = struct({
  height: uint,
  block_hash: fixedBytes(32),
  root: fixedBytes(32),
  root_loc: fixedBytes(LOC_BYTES),
  generation: uint,
});
const ZERO_HASH = new Uint8Array(32);
/** Layout version of the tables below; bumped by any change to how they are laid out. */
const FORMAT_VERSION = 2;
const FORMAT_KEY = new Uint8Array([META, ...new TextEncoder().encode("format")]);
const HEAD_KEY = new Uint8Array([META, ...new TextEncoder().encode("head")]);

const prefixed = (prefix: number, body: Uint8Array): Uint8Array => {
  const out = new Uint8Array(1 + body.length);
  out[0] = prefix;
  out.set(body, 1);
  return out;
};
const heightKey = (height: bigint): Uint8Array => {
  const body = new Uint8Array(8);
  new DataView(body.buffer).setBigUint64(0, height);
  return prefixed(ROOTS, body);
};

export interface StateStoreOptions {
  /**
   * Hash implementations; only `blake3` is used, for key and value hashes (tree nodes, always 65
   * bytes, are hashed by a built-in allocation-free blake3). Defaults to @noble/hashes.
   */
  readonly hashes?: Pick<Hashes, "blake3">;
  /**
   * How many tree nodes to keep in memory across blocks (default 262,144, about 60 MB; 0 turns
   * the cache off). Each commit adds the nodes it wrote, so the top of the tree is never re-read.
   */
  readonly nodeCacheNodes?: number;
}

export interface StateHead {
  readonly height: bigint;
  readonly blockHash: Uint8Array;
  readonly root: Uint8Array;
}

/**
 * The authenticated state: a sparse Merkle tree with a blake3 root (cips/state.md), a flat value
 * table for one-lookup reads, and the committed head. Writes happen only through `commit`, one
 * atomic backend batch per block, so a crash at any point reopens at the last committed block.
 */
export class StateStore {
  readonly #backend: StateBackend;
  #head: StateHead | undefined;
  #rootLoc: Uint8Array | null;
  #generation: bigint;
  #version = 0;
  #lastCommitted: Fork | undefined;
  /** Prior flat-table values of every key each commit wrote, by height, once `keepUndo` is called. */
  #undo: Map<bigint, Array<readonly [Uint8Array, Uint8Array | null]>> | undefined;

  readonly #cache: NodeCache;

  /** Committed tree nodes: from the cache, else from the backend (checked, then cached). */
  readonly nodes: NodeSource = {
    stored: (buf: Uint8Array, at: number): Uint8Array => {
      const hit = this.#cache.get(buf, at);
      if (hit !== undefined) return hit;
      const key = new Uint8Array(1 + LOC_BYTES);
      key[0] = NODE;
      for (let i = 0; i < LOC_BYTES; i++) key[1 + i] = buf[at + i]!;
      const raw = this.#backend.get(key);
      if (raw === undefined) throw new StateError("CORRUPT_STORE", `tree node ${toHex(key.subarray(1))} is missing`);
      checkStored(raw);
      this.#cache.add(buf, at, raw);
      return raw;
    },
  };

  /** @internal the 65-byte blake3 every tree update of this store hashes nodes with. */
  readonly nodeHasher = new NodeHasher();

  /** The blake3 the tree hashes with (the same function whichever implementation is given). */
  readonly blake3: (data: Uint8Array) => Uint8Array;

  private constructor(backend: StateBackend, head: DecodedHead | undefined, options: StateStoreOptions) {
    this.#backend = backend;
    this.#head = head?.head;
    this.#rootLoc = head?.rootLoc ?? null;
    this.#generation = head?.generation ?? 0n;
    this.blake3 = options.hashes?.blake3 ?? nobleBlake3;
    this.#cache = new NodeCache(options.nodeCacheNodes ?? DEFAULT_NODE_CACHE_NODES);
  }

  /**
   * Opens the store in `backend`, checking that the committed head is intact. Pass
   * `{ hashes: await loadFastHashes() }` from @cowboy/crypto for WASM blake3 on hot paths.
   */
  static open(backend: StateBackend, options: StateStoreOptions = {}): StateStore {
    if (options.hashes !== undefined && typeof options.hashes.blake3 !== "function") {
      throw new StateError("INVALID_ARGUMENT", "options.hashes: expected an object with a blake3 function");
    }
    const cacheNodes = options.nodeCacheNodes;
    if (cacheNodes !== undefined && !(Number.isSafeInteger(cacheNodes) && cacheNodes >= 0)) {
      throw new StateError("INVALID_ARGUMENT", `options.nodeCacheNodes: expected a non-negative integer, got ${String(cacheNodes)}`);
    }
    const format = backend.get(FORMAT_KEY);
    const raw = backend.get(HEAD_KEY);
    if (format !== undefined && !(format.length === 1 && format[0] === FORMAT_VERSION)) {
      throw new StateError("CORRUPT_STORE", `the store has layout version ${toHex(format)}, this code reads ${FORMAT_VERSION}`);
    }
    if (raw === undefined) {
      if (format !== undefined) throw new StateError("CORRUPT_STORE", "the store has a layout marker but no committed head");
      return new StateStore(backend, undefined, options);
    }
    if (format === undefined) throw new StateError("CORRUPT_STORE", "the store has a committed head but no layout marker");
    const decoded = decodeHead(raw);
    const store = new StateStore(backend, decoded, options);
    const { head, rootLoc } = decoded;
    const byHeight = backend.get(heightKey(head.height));
    if (byHeight === undefined || !equalBytes(byHeight, rootRecord(head.root, rootLoc))) {
      throw new StateError("CORRUPT_STORE", `the root recorded for height ${head.height} differs from the head's root`);
    }
    if (rootLoc !== null) {
      // The root node must be present and hash to the root: catches a truncated or rotted store.
      const node = backend.get(prefixed(NODE, rootLoc));
      if (node === undefined) throw new StateError("CORRUPT_STORE", "the head's root node is missing");
      decodeNode(node);
      if (!equalBytes(store.blake3(hashedPart(node)), head.root)) throw new StateError("CORRUPT_STORE", "the head's root node does not hash to the root");
    }
    return store;
  }

  /** The last committed block, or undefined before the first commit. */
  head(): StateHead | undefined {
    return this.#head;
  }

  /** @internal the fork of the last commit (what `Fork.rebase` re-roots its children after). */
  get lastCommitted(): Fork | undefined {
    return this.#lastCommitted;
  }

  /** @internal bumped by every commit; a fork opened on an older version is stale. */
  get version(): number {
    return this.#version;
  }

  /** @internal the committed tree's root and the generation its next commit will write. */
  get committedTree(): { readonly root: SubtreeRef; readonly nextGeneration: bigint } {
    const root = this.#head === undefined || this.#rootLoc === null ? EMPTY_SUBTREE : { hash: this.#head.root, loc: this.#rootLoc };
    return { root, nextGeneration: this.#generation + 1n };
  }

  /** The committed root; the root of the empty state is 32 zero bytes. */
  root(): Uint8Array {
    return (this.#head?.root ?? EMPTY_SUBTREE.hash).slice();
  }

  /** The root committed at `height`, if any. */
  rootAt(height: bigint): Uint8Array | undefined {
    au64(height, "height");
    return this.#backend.get(heightKey(height))?.slice(0, 32);
  }

  /** Reads a key of the committed state: one lookup in the flat value table. */
  get(key: Uint8Array): Uint8Array | undefined {
    abytesIn(key, "key", 1, MAX_KEY);
    return this.#backend.get(prefixed(VALUE, key));
  }

  /** A writable fork of the committed state. */
  fork(): Fork {
    return new Fork(this, null, this.#version);
  }

  /**
   * Writes `fork` (and the forks under it) as the state after block `height`, atomically, and
   * makes it the head; returns the new root. The fork must have been opened on the current head
   * and `height` must follow it (any height for the first commit). `blockHash` defaults to zeros.
   */
  commit(fork: Fork, height: bigint, blockHash: Uint8Array = ZERO_HASH): Uint8Array {
    if (!(fork instanceof Fork) || fork.internals.store !== this) throw new StateError("INVALID_ARGUMENT", "fork: expected a Fork of this store");
    au64(height, "height");
    abytesIn(blockHash, "blockHash", 32, 32);
    const inner = fork.internals;
    fork.computeRoot(); // throws FORK_COMMITTED or STALE_FORK for a dead fork
    if (this.#head !== undefined && height !== this.#head.height + 1n) {
      throw new StateError("INVALID_ARGUMENT", `height ${height} does not follow the committed height ${this.#head.height}`);
    }
    const prepared = inner.prepare();
    const root = prepared.root;
    const created = prepared.created();
    const generation = this.#generation + 1n;
    const puts: Array<readonly [Uint8Array, Uint8Array]> = [];
    const deletes: Uint8Array[] = [];
    for (const entry of created) puts.push(entry);
    const undo: Array<readonly [Uint8Array, Uint8Array | null]> | undefined = this.#undo === undefined ? undefined : [];
    for (const write of inner.writes().values()) {
      undo?.push([write.key, this.#backend.get(prefixed(VALUE, write.key)) ?? null]);
      if (write.value === null) deletes.push(prefixed(VALUE, write.key));
      else puts.push([prefixed(VALUE, write.key), write.value]);
    }
    const head: StateHead = { height, blockHash: blockHash.slice(), root: root.hash.slice() };
    puts.push([HEAD_KEY, encodeHead({ head, rootLoc: root.loc, generation })]);
    puts.push([heightKey(height), rootRecord(root.hash, root.loc)]);
    puts.push([FORMAT_KEY, new Uint8Array([FORMAT_VERSION])]);
    this.#backend.write(puts, deletes);
    this.#cache.addGeneration(created);
    this.#head = head;
    this.#rootLoc = root.loc;
    this.#generation = generation;
    this.#version++;
    this.#lastCommitted = fork;
    if (undo !== undefined) this.#undo?.set(height, undo);
    inner.markCommitted();
    return root.hash.slice();
  }

  /**
   * Starts keeping, in memory, the prior value of every key each later commit writes, so `rewind`
   * can return to any height committed from now on (a development chain's snapshots; cips/state.md
   * "Rewind"). The log grows with every commit until the store is closed.
   */
  keepUndo(): void {
    this.#undo ??= new Map();
  }

  /** True when `rewind(height)` can go back to `height`. */
  canRewind(height: bigint): boolean {
    if (this.#undo === undefined || this.#head === undefined || height > this.#head.height) return false;
    for (let h = height + 1n; h <= this.#head.height; h++) if (!this.#undo.has(h)) return false;
    return this.rootAt(height) !== undefined;
  }

  /**
   * Makes the state committed at `height` the head again, atomically: the flat table gets back the
   * values of that height (from the undo log), the head names `height`, `blockHash` and the root
   * recorded for it, and the roots recorded above it are removed. Tree nodes are never deleted
   * (no pruning), so the old root stays walkable; later commits use fresh generations. Every open
   * fork is stale afterwards. INVALID_ARGUMENT unless `canRewind(height)`.
   */
  rewind(height: bigint, blockHash: Uint8Array): void {
    au64(height, "height");
    abytesIn(blockHash, "blockHash", 32, 32);
    const head = this.#head;
    const undo = this.#undo;
    if (head === undefined || undo === undefined || !this.canRewind(height)) {
      throw new StateError("INVALID_ARGUMENT", `cannot rewind to height ${height}: no undo log reaches it (keepUndo must precede its commits)`);
    }
    const record = this.#backend.get(heightKey(height))!;
    const root = record.slice(0, 32);
    const loc = record.slice(32);
    const rootLoc = loc.every((b) => b === 0) ? null : loc;
    // Newest first: the value a key had at `height` is the prior value of its earliest later write.
    const restore = new Map<string, readonly [Uint8Array, Uint8Array | null]>();
    for (let h = head.height; h > height; h--) for (const [key, prior] of undo.get(h)!) restore.set(toHex(key), [key, prior]);
    const puts: Array<readonly [Uint8Array, Uint8Array]> = [];
    const deletes: Uint8Array[] = [];
    for (const [key, prior] of restore.values()) {
      if (prior === null) deletes.push(prefixed(VALUE, key));
      else puts.push([prefixed(VALUE, key), prior]);
    }
    for (let h = head.height; h > height; h--) deletes.push(heightKey(h));
    const rewound: StateHead = { height, blockHash: blockHash.slice(), root };
    puts.push([HEAD_KEY, encodeHead({ head: rewound, rootLoc, generation: this.#generation })]);
    this.#backend.write(puts, deletes);
    for (let h = head.height; h > height; h--) undo.delete(h);
    this.#head = rewound;
    this.#rootLoc = rootLoc;
    this.#version++;
    this.#lastCommitted = undefined;
  }

  /** An inclusion or exclusion proof for `key` against the committed root. */
  prove(key: Uint8Array): StateProof {
    abytesIn(key, "key", 1, MAX_KEY);
    return buildProof(this.nodes, this.committedTree.root, key, (k) => this.get(k), this.blake3);
  }

  close(): Promise<void> {
    return this.#backend.close();
  }
}

interface DecodedHead {
  readonly head: StateHead;
  readonly rootLoc: Uint8Array | null;
  readonly generation: bigint;
}

const NO_LOC = new Uint8Array(LOC_BYTES);

function encodeHead({ head, rootLoc, generation }: DecodedHead): Uint8Array {
  return encode(headCodec, { height: head.height, block_hash: head.blockHash, root: head.root, root_loc: rootLoc ?? NO_LOC, generation });
}

function decodeHead(raw: Uint8Array): DecodedHead {
  let h: Infer<typeof headCodec>;
  try {
    h = decode(headCodec, raw);
  } catch {
    throw new StateError("CORRUPT_STORE", "the committed head record is unreadable");
  }
  const emptyRoot = h.root.every((b) => b === 0);
  const noLoc = h.root_loc.every((b) => b === 0);
  if (emptyRoot !== noLoc || h.generation === 0n) throw new StateError("CORRUPT_STORE", "the committed head record is inconsistent");
  return { head: { height: h.height, blockHash: h.block_hash, root: h.root }, rootLoc: noLoc ? null : h.root_loc, generation: h.generation };
}

/** The 'r' table's value: root ‖ root locator (zeros for the empty tree). */
function rootRecord(root: Uint8Array, loc: Uint8Array | null): Uint8Array {
  const out = new Uint8Array(32 + LOC_BYTES);
  out.set(root, 0);
  out.set(loc ?? NO_LOC, 32);
  return out;
}
