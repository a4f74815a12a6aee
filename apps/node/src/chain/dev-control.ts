// A devnet's development controls (issue 20, the anvil set; apps/node/README.md "Dev methods"):
// mining on demand or on every transaction, the next block's timestamp, snapshots and reverts,
// balances and impersonated senders. Only a devnet in manual mode (--block-time 0) has one: no
// consensus is making blocks there, so every block comes from here.
import { toHex } from "@cowboy/codec";
import { decodeAccount, EMPTY_ACCOUNT, encodeAccount, type Transaction } from "@cowboy/types";
import type { Fork } from "@cowboy/state";
import type { Mempool } from "../mempool/mempool.js";
import type { Chain, ProducedBlock } from "./chain.js";

export interface DevControlOptions {
  readonly chain: Chain;
  readonly mempool: Mempool;
  readonly proposer: Uint8Array;
  /** What the node does with every block made here (mempool reset, log, subscriptions). */
  readonly onCommitted: (produced: ProducedBlock) => void;
  /** Wall clock in milliseconds (default Date.now). */
  readonly now?: () => number;
  /** Called after a revert returned the chain to `height` (the node's observation index forgets above it). */
  readonly onRewind?: (height: bigint) => void;
}

interface Snapshot {
  readonly height: bigint;
}

export class DevControl {
  readonly #o: DevControlOptions;
  #automine = false;
  /** The next block's timestamp (ms), set by setNextBlockTimestamp, used once. */
  #nextTimestampMs: bigint | undefined;
  /** Added to the wall clock after a timestamp was set, so time continues from it. */
  #offsetMs = 0n;
  /** Balances to write at the start of the next block, by hex address. */
  readonly #balances = new Map<string, readonly [Uint8Array, bigint]>();
  readonly #impersonated = new Set<string>();
  readonly #snapshots = new Map<number, Snapshot>();
  #nextSnapshot = 1;

  constructor(options: DevControlOptions) {
    this.#o = options;
    // Every block committed from now on can be reverted.
    options.chain.state.keepUndo();
  }

  get automine(): boolean {
    return this.#automine;
  }

  /** Turns automine on or off; turning it on mines what is already pending. */
  setAutomine(on: boolean): void {
    this.#automine = on;
    if (on && this.#o.mempool.size > 0) this.mine(1);
  }

  /** Called after a transaction is admitted: with automine on, it is mined at once. */
  onTransaction(_tx: Transaction): void {
    if (this.#automine) this.mine(1);
  }

  /** Mines `count` blocks from the mempool's candidates; returns them. */
  mine(count: number): ProducedBlock[] {
    const { chain, mempool, proposer, onCommitted } = this.#o;
    const out: ProducedBlock[] = [];
    for (let i = 0; i < count; i++) {
      const timestamp = this.#takeTimestamp();
      const balances = [...this.#balances.values()];
      this.#balances.clear();
      const prepare =
        balances.length === 0
          ? undefined
          : (fork: Fork) => {
              for (const [address, balance] of balances) {
                const key = chain.params.accountKey(address);
                const raw = fork.get(key);
                fork.set(key, encodeAccount({ ...(raw === undefined ? EMPTY_ACCOUNT : decodeAccount(raw)), balance }));
              }
            };
      const produced = chain.produce(mempool.candidates(chain.accounts), proposer, timestamp, prepare);
      onCommitted(produced);
      out.push(produced);
    }
    return out;
  }

  /** The timestamp (ms) the next block gets unless set otherwise: the wall clock plus the offset. */
  #takeTimestamp(): bigint {
    const now = BigInt((this.#o.now ?? Date.now)());
    const set = this.#nextTimestampMs;
    if (set === undefined) return now + this.#offsetMs;
    this.#nextTimestampMs = undefined;
    this.#offsetMs = set - now;
    return set;
  }

  /** Sets the next block's timestamp in milliseconds; false (and nothing set) unless it is after the head's. */
  setNextBlockTimestamp(ms: bigint): boolean {
    if (ms <= this.#o.chain.head.timestamp_ms) return false;
    this.#nextTimestampMs = ms;
    return true;
  }

  /** Writes `balance` for `address` at the start of the next block; with automine on, mines it now. */
  setBalance(address: Uint8Array, balance: bigint): void {
    this.#balances.set(toHex(address), [address.slice(), balance]);
    if (this.#automine) this.mine(1);
  }

  /** Records the head; `revert(id)` returns to it. */
  snapshot(): number {
    const id = this.#nextSnapshot++;
    this.#snapshots.set(id, { height: this.#o.chain.head.height });
    return id;
  }

  /**
   * Returns the chain to snapshot `id`: state, blocks (those above are discarded) and mempool (its
   * transactions are checked again against the reverted state). The snapshot and every later one
   * are used up (anvil's rule). False for an unknown id or one the undo log no longer reaches.
   */
  revert(id: number): boolean {
    const snap = this.#snapshots.get(id);
    const { chain, mempool } = this.#o;
    if (snap === undefined || !chain.canRewind(snap.height)) return false;
    chain.rewind(snap.height);
    this.#o.onRewind?.(snap.height);
    for (const other of [...this.#snapshots.keys()]) if (other >= id) this.#snapshots.delete(other);
    this.#balances.clear();
    this.#nextTimestampMs = undefined;
    mempool.reset(chain.accounts);
    return true;
  }

  impersonate(address: Uint8Array): void {
    this.#impersonated.add(toHex(address));
  }

  stopImpersonating(address: Uint8Array): boolean {
    return this.#impersonated.delete(toHex(address));
  }

  isImpersonated(address: Uint8Array): boolean {
    return this.#impersonated.has(toHex(address));
  }
}
