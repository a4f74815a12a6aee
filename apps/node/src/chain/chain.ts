import { toHex } from "@cowboy/codec";
import {
  ActorEngine,
  applyGenesis,
  buildBlock,
  newActorBlockContext,
  type ActorBlockContext,
  type BlockExecution,
  type ChainParams,
  type InterpreterPool,
  type TxRejection,
} from "@cowboy/execution";
import { blockHash, decodeAccount, EMPTY_ACCOUNT, headerHash, type Account, type Block, type Header, type Receipt, type Transaction } from "@cowboy/types";
import type { AccountView } from "../mempool/mempool.js";
import type { BlockStore } from "./block-store.js";
import type { ChainGenesis } from "./genesis.js";
import { MemoryBackend, StateStore } from "@cowboy/state";

export interface ProducedBlock {
  readonly block: Block;
  readonly receipts: readonly Receipt[];
  readonly skipped: ReadonlyArray<readonly [Transaction, TxRejection]>;
  /** What the end-of-block timer step did (null on a chain without timers). */
  readonly timers: BlockExecution["timers"];
}

/**
 * The node's chain: committed state and blocks, and the one way to extend them. A block is
 * stored durably before the state commit that makes it the head, so a crash at any point reopens
 * at the last committed block (cips/execution.md, apps/node/README.md "Persistence").
 */
export class Chain {
  #head: Header;

  private constructor(
    readonly params: ChainParams,
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

  /** Builds a block on the head from `candidates`, stores it and commits its state. */
  produce(candidates: readonly Transaction[], proposer: Uint8Array, timestampMs: bigint): ProducedBlock {
    const parent = this.#head;
    const timestamp = timestampMs > parent.timestamp_ms ? timestampMs : parent.timestamp_ms + 1n;
    const fork = this.state.fork();
    const built = buildBlock({ state: fork, parent, candidates, params: this.params, proposer, timestampMs: timestamp, interpreters: this.engine });
    this.blocks.put(built.block, built.execution.receipts);
    this.state.commit(fork, built.block.header.height, blockHash(built.block));
    this.#head = built.block.header;
    return { block: built.block, receipts: built.execution.receipts, skipped: built.skipped, timers: built.execution.timers };
  }
}

/** The head as the mempool reads it; `state` is a fresh read fork (never committed) on each access. */
function headView(chain: Chain): AccountView {
  return {
    nonce: (address) => chain.account(address).nonce,
    get state() {
      return chain.state.fork();
    },
  };
}
