/** Default capacity in nodes: ~60 MB of stored forms and their views, the top of any real tree. */
export const DEFAULT_NODE_CACHE_NODES = 1 << 18;

/**
 * A bounded cache of stored tree nodes by locator, kept across blocks. Every commit adds the
 * nodes it wrote (the next block's update starts from them: the top levels of the tree are
 * rewritten by every block, so they are always in the newest generations), and reads that miss
 * add what they load. Entries are grouped by generation, each an array indexed by sequence, so a
 * lookup is two indexed reads and no key is built. When over capacity, whole generations are
 * dropped, least recently added first, down to three quarters of the capacity.
 *
 * Nodes are immutable once committed and a locator is never reused by a live store, so an entry
 * can never be stale. Generations of 2^53 and above (unreachable in practice) are not cached.
 */
export class NodeCache {
  readonly #byGeneration = new Map<number, Generation>();
  readonly #capacity: number;
  #size = 0;

  constructor(capacity: number = DEFAULT_NODE_CACHE_NODES) {
    if (!Number.isSafeInteger(capacity) || capacity < 0) throw new RangeError("capacity: expected a non-negative integer");
    this.#capacity = capacity;
  }

  /** Number of cached nodes. */
  get size(): number {
    return this.#size;
  }

  get(buf: Uint8Array, at: number): Uint8Array | undefined {
    return this.#byGeneration.get(generationOf(buf, at))?.entries[sequenceOf(buf, at)];
  }

  /** Caches a node read from the backend. */
  add(buf: Uint8Array, at: number, stored: Uint8Array): void {
    if (this.#capacity === 0) return;
    const generation = generationOf(buf, at);
    if (generation < 0) return;
    let group = this.#byGeneration.get(generation);
    if (group === undefined) {
      group = { entries: [], count: 0 };
      this.#byGeneration.set(generation, group);
    }
    const sequence = sequenceOf(buf, at);
    if (group.entries[sequence] === undefined) {
      group.count++;
      this.#size++;
    }
    group.entries[sequence] = stored;
    this.#trim();
  }

  /** Caches the nodes one commit wrote: `created` in sequence order (node-table key, stored form). */
  addGeneration(created: ReadonlyArray<readonly [Uint8Array, Uint8Array]>): void {
    if (this.#capacity === 0 || created.length === 0) return;
    const generation = generationOf(created[0]![0], 1);
    if (generation < 0) return;
    // Keep only the newest nodes when one block alone exceeds the capacity: the root side is last.
    const from = Math.max(0, created.length - this.#capacity);
    const entries: Array<Uint8Array | undefined> = new Array(created.length);
    for (let i = from; i < created.length; i++) entries[i] = created[i]![1];
    this.#size -= this.#byGeneration.get(generation)?.count ?? 0;
    this.#byGeneration.delete(generation);
    this.#byGeneration.set(generation, { entries, count: created.length - from });
    this.#size += created.length - from;
    this.#trim();
  }

  clear(): void {
    this.#byGeneration.clear();
    this.#size = 0;
  }

  #trim(): void {
    if (this.#size <= this.#capacity) return;
    const target = (this.#capacity * 3) >>> 2;
    for (const [generation, group] of this.#byGeneration) {
      if (this.#size <= target) break;
      this.#byGeneration.delete(generation);
      this.#size -= group.count;
    }
  }
}

/** The generation of the locator at buf[at, at + 12) as a number; -1 at 2^53 and above. */
function generationOf(buf: Uint8Array, at: number): number {
  const hi = ((buf[at]! << 24) | (buf[at + 1]! << 16) | (buf[at + 2]! << 8) | buf[at + 3]!) >>> 0;
  if (hi >= 0x200000) return -1;
  const lo = ((buf[at + 4]! << 24) | (buf[at + 5]! << 16) | (buf[at + 6]! << 8) | buf[at + 7]!) >>> 0;
  return hi * 0x1_0000_0000 + lo;
}

function sequenceOf(buf: Uint8Array, at: number): number {
  return ((buf[at + 8]! << 24) | (buf[at + 9]! << 16) | (buf[at + 10]! << 8) | buf[at + 11]!) >>> 0;
}

interface Generation {
  /** Stored forms indexed by sequence. */
  readonly entries: Array<Uint8Array | undefined>;
  count: number;
}
