import { CowboyError, equalBytes, toHex } from "@cowboy/codec";
import {
  ActorEngine,
  applyBlock,
  applyGenesis,
  buildBlock,
  newActorBlockContext,
  resolveChainParams,
  type ActorBlockContext,
  type BlockExecution,
  type BlockJournal,
  type ChainParams,
  type InterpreterPool,
  type SignatureVerifier,
  type TxRejection,
} from "@cowboy/execution";
import { blockHash, decodeAccount, EMPTY_ACCOUNT, headerHash, type Account, type Block, type Header, type Receipt, type Transaction } from "@cowboy/types";
import type { AccountView } from "../mempool/mempool.js";
import { checkUpgrade } from "./upgrade.js";
import type { BlockStore } from "./block-store.js";
import type { ChainGenesis } from "./genesis.js";
import { MemoryBackend, StateStore, type Fork } from "@cowboy/state";

/** What `build` takes besides the parent. */
export interface BuildOptions {
  /** Hash of the block to extend: the committed head or a verified, not yet final block. */
  readonly parentHash: Uint8Array;
  readonly candidates: readonly Transaction[];
  readonly proposer: Uint8Array;
  /** Wall-clock proposal time; raised to parent + 1 ms when the clock is behind the parent. */
  readonly timestampMs: bigint;
  /** The consensus view (header.round). */
  readonly round?: bigint;
  /** The parent beacon (spec §3.4). */
  readonly beacon?: Uint8Array;
  /** The parent's certificate (header.certificate). */
  readonly certificate?: Uint8Array;
  /** Writes made to the block's state before its transactions run (a devnet's dev_setBalance). */
  readonly prepare?: (fork: Fork) => void;
}

/** A block this node built or verified, executed on a fork, waiting for finality. */
export interface PendingBlock {
  readonly block: Block;
  readonly receipts: readonly Receipt[];
  /** Its post-state: a fork of its parent's fork (or of the head), committed when it is finalized. */
  readonly fork: Fork;
  /** True once the fork sits directly on the committed head. */
  rooted: boolean;
  readonly skipped: ReadonlyArray<readonly [Transaction, TxRejection]>;
  readonly timers: BlockExecution["timers"];
  /** What execution observed outside consensus (fires, timer ends, debug traces). */
  readonly journal: BlockJournal;
}

/** A chain operation that cannot be done: an unknown parent, a block that does not extend the head. */
export class ChainError extends CowboyError<"UNKNOWN_PARENT" | "NOT_NEXT" | "NO_UNDO"> {
  override readonly name = "ChainError";
}

export interface ProducedBlock {
  readonly block: Block;
  readonly receipts: readonly Receipt[];
  readonly skipped: ReadonlyArray<readonly [Transaction, TxRejection]>;
  /** What the end-of-block timer step did (null on a chain without timers). */
  readonly timers: BlockExecution["timers"];
  /** What execution observed outside consensus (fires, timer ends, debug traces). */
  readonly journal: BlockJournal;
}

/**
 * The node's chain: committed state and blocks, and the one way to extend them. A block is
 * stored durably before the state commit that makes it the head, so a crash at any point reopens
 * at the last committed block (cips/execution.md, apps/node/README.md "Persistence").
 */
export class Chain {
  #head: Header;
  /** Verified blocks not yet final, by hex hash. */
  readonly #pending = new Map<string, PendingBlock>();

  /** The parameters in force at the head (the registry overlay) and the head they were resolved at. */
  #params: { readonly at: Header; readonly params: ChainParams } | undefined;

  private constructor(
    /** The node's parameters: the base the on-chain registry overlays (cips/governance.md "Resolution"). */
    readonly baseParams: ChainParams,
    readonly blocks: BlockStore,
    readonly state: StateStore,
    head: Header,
    /** The interpreter copies and parse caches every block and query runs actors with. */
    readonly engine: InterpreterPool,
  ) {
    this.#head = head;
  }

  /** Opens the chain in the stores, writing the genesis block first when they are empty. */
  static open(params: ChainParams, blocks: BlockStore, state: StateStore, genesis: ChainGenesis, engine: InterpreterPool = ActorEngine.single()): Chain {
    const committed = state.head();
    if (committed === undefined) {
      const fork = state.fork();
      const header = applyGenesis(fork, genesis.config, params);
      const block: Block = { header, transactions: [] };
      blocks.put(block, []);
      state.commit(fork, 0n, blockHash(block));
      return new Chain(params, blocks, state, header, engine);
    }
    // A block stored above the committed state (a crash between the two writes) never became the head.
    blocks.discardAbove(committed.height);
    const block = blocks.blockAt(committed.height);
    if (block === undefined || toHex(blockHash(block)) !== toHex(committed.blockHash)) {
      throw new Error(`the block store has no block ${committed.height} matching the committed state; the data directory is corrupt`);
    }
    // Refuse to continue someone else's chain: the stored genesis must be this genesis.
    const stored = blocks.blockAt(0n);
    const expected = applyGenesis(StateStore.open(new MemoryBackend()).fork(), genesis.config, params);
    if (stored === undefined || toHex(blockHash(stored)) !== toHex(headerHash(expected))) {
      throw new Error("the data directory holds a different chain (its genesis differs from this one); pass --reset to start over or --data for another directory");
    }
    return new Chain(params, blocks, state, block.header, engine);
  }

  get head(): Header {
    return this.#head;
  }

  /** The parameters in force for the block after the head: the node's, overlaid with the head state's registry. */
  get params(): ChainParams {
    if (this.#params?.at !== this.#head) this.#params = { at: this.#head, params: resolveChainParams(this.state, this.baseParams) };
    return this.#params.params;
  }

  account(address: Uint8Array): Account {
    const raw = this.state.get(this.params.accountKey(address));
    return raw === undefined ? EMPTY_ACCOUNT : decodeAccount(raw);
  }

  /** Nonces and a read fork of the committed head, for the mempool. */
  readonly accounts: AccountView = headView(this);

  /** Actor bookkeeping for a read-only query at the head (RPC calls and estimates). */
  queryContext(): ActorBlockContext {
    return newActorBlockContext({ interpreters: this.engine });
  }

  /**
   * The header of a block this node holds, by hash: a verified block not yet final, or a committed
   * one. Undefined for anything else (including a block stored above the committed head by a crash).
   */
  header(hash: Uint8Array): Header | undefined {
    const pending = this.#pending.get(toHex(hash));
    if (pending !== undefined) return pending.block.header;
    const block = this.blocks.blockByHash(hash);
    if (block === undefined || block.header.height > this.#head.height) return undefined;
    const canonical = this.blocks.hashAt(block.header.height);
    return canonical !== undefined && equalBytes(canonical, hash) ? block.header : undefined;
  }

  /** A verified block that is not final yet. */
  pending(hash: Uint8Array): PendingBlock | undefined {
    return this.#pending.get(toHex(hash));
  }

  /** How many verified blocks wait for finality (blocks on abandoned branches are dropped at each finalization). */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /** The state a child of `parentHash` executes on: a fork of the head, or of a pending block's fork. */
  #forkFor(parentHash: Uint8Array): { parent: Header; fork: Fork; rooted: boolean } {
    if (equalBytes(parentHash, headerHash(this.#head))) return { parent: this.#head, fork: this.state.fork(), rooted: true };
    const pending = this.#pending.get(toHex(parentHash));
    if (pending === undefined) throw new ChainError("UNKNOWN_PARENT", `parent ${toHex(parentHash)} is neither the committed head nor a verified block`);
    return { parent: pending.block.header, fork: pending.fork.fork(), rooted: false };
  }

  /**
   * Builds a block on `parentHash` (the head or a verified block) from `candidates` and keeps it as
   * pending; nothing is committed until `finalize`.
   */
  build(options: BuildOptions): PendingBlock {
    const { parent, fork, rooted } = this.#forkFor(options.parentHash);
    const timestamp = options.timestampMs > parent.timestamp_ms ? options.timestampMs : parent.timestamp_ms + 1n;
    options.prepare?.(fork);
    checkUpgrade(fork, parent.height + 1n);
    const built = buildBlock({
      state: fork,
      parent,
      candidates: options.candidates,
      params: this.params,
      proposer: options.proposer,
      timestampMs: timestamp,
      interpreters: this.engine,
      ...(options.round === undefined ? {} : { round: options.round }),
      ...(options.beacon === undefined ? {} : { beacon: options.beacon }),
      ...(options.certificate === undefined ? {} : { certificate: options.certificate }),
    });
    const pending: PendingBlock = {
      block: built.block,
      receipts: built.execution.receipts,
      fork,
      rooted,
      skipped: built.skipped,
      timers: built.execution.timers,
      journal: built.execution.journal,
    };
    this.#pending.set(toHex(blockHash(built.block)), pending);
    return pending;
  }

  /**
   * Re-applies `block` on its parent (the head or a verified block) and keeps it as pending;
   * BlockError (from execution) when it is invalid, ChainError when its parent is unknown.
   */
  verify(block: Block, verifier?: SignatureVerifier): PendingBlock {
    const known = this.#pending.get(toHex(blockHash(block)));
    if (known !== undefined) return known;
    const { parent, fork, rooted } = this.#forkFor(block.header.parent_hash);
    checkUpgrade(fork, block.header.height);
    const applied = applyBlock({ state: fork, parent, block, params: this.params, interpreters: this.engine, ...(verifier === undefined ? {} : { verifier }) });
    const pending: PendingBlock = { block, receipts: applied.execution.receipts, fork, rooted, skipped: [], timers: applied.execution.timers, journal: applied.execution.journal };
    this.#pending.set(toHex(blockHash(block)), pending);
    return pending;
  }

  /**
   * Makes `block` (a child of the head) final: stores it with its certificate, commits its state and
   * makes it the head. A block this node has not verified (one fetched by sync) is applied first.
   * Pending blocks on other branches are dropped; the children of this one are re-rooted on it.
   */
  finalize(block: Block, certificate: Uint8Array = new Uint8Array(0)): ProducedBlock {
    const hash = blockHash(block);
    if (!equalBytes(block.header.parent_hash, headerHash(this.#head))) {
      throw new ChainError("NOT_NEXT", `block ${block.header.height} (${toHex(hash)}) does not extend the committed head ${this.#head.height}`);
    }
    const pending = this.verify(block);
    if (!pending.rooted) pending.fork.rebase();
    this.blocks.put(block, pending.receipts, certificate);
    this.state.commit(pending.fork, block.header.height, hash);
    this.#head = block.header;
    const hex = toHex(hash);
    this.#pending.delete(hex);
    for (const [key, other] of this.#pending) {
      if (other.block.header.height <= block.header.height) this.#pending.delete(key);
      else if (toHex(other.block.header.parent_hash) === hex) {
        other.fork.rebase();
        other.rooted = true;
      }
    }
    // Forks above an abandoned branch are stale now: drop every pending block whose parent is gone.
    let removed = true;
    while (removed) {
      removed = false;
      for (const [key, other] of this.#pending) {
        const parentHex = toHex(other.block.header.parent_hash);
        if (parentHex !== hex && !this.#pending.has(parentHex)) {
          this.#pending.delete(key);
          removed = true;
        }
      }
    }
    return { block, receipts: pending.receipts, skipped: pending.skipped, timers: pending.timers, journal: pending.journal };
  }

  /** Builds a block on the head from `candidates` and makes it final at once (a chain of one validator, and tests). */
  produce(candidates: readonly Transaction[], proposer: Uint8Array, timestampMs: bigint, prepare?: (fork: Fork) => void): ProducedBlock {
    const built = this.build({ parentHash: headerHash(this.#head), candidates, proposer, timestampMs, ...(prepare === undefined ? {} : { prepare }) });
    return this.finalize(built.block);
  }

  /** True when `rewind(height)` can return to `height` (the state keeps an undo log reaching it). */
  canRewind(height: bigint): boolean {
    return height <= this.#head.height && this.state.canRewind(height);
  }

  /**
   * Makes committed block `height` the head again (a devnet's dev_revert; cips/state.md "Rewind"):
   * the state first, then the blocks above it leave the block store, so a crash in between reopens
   * at `height` (Chain.open discards blocks above the committed state). Pending blocks are dropped.
   */
  rewind(height: bigint): void {
    const block = this.blocks.blockAt(height);
    if (block === undefined || !this.canRewind(height)) throw new ChainError("NO_UNDO", `cannot rewind to height ${height}: the state keeps no undo log reaching it`);
    this.state.rewind(height, blockHash(block));
    this.blocks.discardAbove(height);
    this.#pending.clear();
    this.#head = block.header;
  }
}

/** The head as the mempool reads it; `state` is a fresh read fork (never committed) on each access, `params` the registry's at the head. */
function headView(chain: Chain): AccountView {
  return {
    nonce: (address) => chain.account(address).nonce,
    get state() {
      return chain.state.fork();
    },
    get params() {
      return chain.params;
    },
  };
}
