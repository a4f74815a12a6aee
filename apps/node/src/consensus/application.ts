// The node's side of the consensus boundary (cips/consensus.md, "Application"): the leader builds a
// block from the mempool on the parent consensus names, every voter re-applies the leader's block
// before it votes, and finalized blocks are committed in order. A notarized block's state is a
// fork (chain.ts), never the committed state.
import { CowboyError, equalBytes, toHex } from "@cowboy/codec";
import { verifyBlockCertificate, type Application, type Archive, type ArchivedBlock, type BlockContext, type ConsensusBlock, type ValidatorSet } from "@cowboy/consensus";
import { getValidator, ValidatorStatus } from "@cowboy/staking";
import { blockHash, decodeBlock, encodeBlock, headerHash, type Block, type Transaction } from "@cowboy/types";
import type { Chain, ProducedBlock } from "../chain/chain.js";
import type { Logger } from "../logger.js";
import type { Mempool } from "../mempool/mempool.js";
import type { NodeMetrics } from "../metrics.js";

/** How far ahead of this node's clock a proposal's timestamp may be. */
export const MAX_CLOCK_DRIFT_MS = 2_000n;

export interface ChainApplicationOptions {
  readonly chain: Chain;
  readonly mempool: Mempool;
  /** The validator set of an epoch (the running one, or the one a parent block was certified in). */
  readonly setOf: (epoch: bigint) => ValidatorSet;
  /** The epoch whose engine finalizes the block at a height. */
  readonly epochOf: (height: bigint) => bigint;
  readonly logger: Logger;
  readonly metrics: NodeMetrics;
  /** Wall-clock milliseconds (the runtime clock). */
  readonly now: () => number;
  /** Called after each block is committed (RPC subscriptions, logs). */
  readonly onCommitted: (produced: ProducedBlock) => void;
  /**
   * Test only (`cowboyd --invalid-proposal`): every block this node proposes while its validator record is active
   * carries the round view + 1 in its header (a defect the header proves, cips/staking.md "Invalid proposals").
   * Every one, not the first: a node catching up may lead a view the others left long ago, a proposal no one sees;
   * not while jailed or pending, so a test can unjail it first.
   */
  readonly testInvalidProposal?: boolean;
}

const ZERO_DIGEST = new Uint8Array(32);

/** Application and Archive over the node's chain and mempool. */
export class ChainApplication implements Application, Archive {
  readonly #o: ChainApplicationOptions;
  readonly #genesis: Uint8Array;
  /** This node's proposal per view: asked twice for one view, a leader must answer the same block (never equivocate). */
  readonly #proposed = new Map<bigint, { parent: string; digest: Uint8Array; payload: Uint8Array }>();

  constructor(options: ChainApplicationOptions) {
    this.#o = options;
    const genesis = options.chain.blocks.blockAt(0n);
    if (genesis === undefined) throw new Error("the chain has no genesis block");
    this.#genesis = blockHash(genesis);
  }

  genesis(): Uint8Array {
    return this.#genesis;
  }

  /** The block hash of a payload; 32 zero bytes (no block's hash) for bytes that are not a block. */
  digest(payload: Uint8Array): Uint8Array {
    try {
      return blockHash(decodeBlock(payload));
    } catch {
      return ZERO_DIGEST;
    }
  }

  async propose(ctx: BlockContext): Promise<{ digest: Uint8Array; payload: Uint8Array } | undefined> {
    const { chain, mempool, metrics, logger } = this.#o;
    const validators = this.#o.setOf(ctx.round.epoch);
    if (chain.header(ctx.parent.digest) === undefined) {
      logger.warn("cannot propose: unknown parent", { view: ctx.round.view, parent: toHex(ctx.parent.digest) });
      return undefined;
    }
    const earlier = this.#proposed.get(ctx.round.view);
    if (earlier !== undefined) return earlier.parent === toHex(ctx.parent.digest) ? { digest: earlier.digest, payload: earlier.payload } : undefined;
    const started = performance.now();
    const proposer = validators.validators[ctx.leader]!.address;
    const invalid = this.#o.testInvalidProposal === true && getValidator(chain.state.fork(), proposer)?.status === ValidatorStatus.Active;
    if (invalid) logger.warn("test: proposing an invalid block", { view: ctx.round.view });
    const included = this.#includedAbove(ctx.parent.digest);
    const candidates = mempool.candidates(chain.accounts).filter((tx) => !included.has(toHex(tx.digest())));
    const built = chain.build({
      parentHash: ctx.parent.digest,
      candidates,
      proposer,
      timestampMs: BigInt(Math.floor(this.#o.now())),
      round: invalid ? ctx.round.view + 1n : ctx.round.view,
      beacon: ctx.beacon,
      certificate: ctx.parentCertificate,
    });
    metrics.blockExecution.observe({ kind: "build" }, (performance.now() - started) / 1000);
    metrics.proposals.inc();
    const digest = blockHash(built.block);
    logger.info("proposed", { view: ctx.round.view, height: built.block.header.height, txs: built.block.transactions.length, ms: Math.round(performance.now() - started) });
    const payload = encodeBlock(built.block);
    this.#proposed.set(ctx.round.view, { parent: toHex(ctx.parent.digest), digest, payload });
    for (const view of this.#proposed.keys()) if (view + 64n < ctx.round.view) this.#proposed.delete(view);
    return { digest, payload };
  }

  async verify(ctx: BlockContext, payload: Uint8Array): Promise<Uint8Array | undefined> {
    const { chain, metrics, logger } = this.#o;
    const validators = this.#o.setOf(ctx.round.epoch);
    let block: Block;
    try {
      block = decodeBlock(payload);
    } catch (error) {
      logger.warn("proposal does not decode", { view: ctx.round.view, error: (error as Error).message });
      return undefined;
    }
    const h = block.header;
    const reject = (why: string): undefined => {
      logger.warn("proposal refused", { view: ctx.round.view, height: h.height, why });
      return undefined;
    };
    if (h.round !== ctx.round.view) return reject(`round ${h.round} is not the view ${ctx.round.view}`);
    if (!equalBytes(h.parent_hash, ctx.parent.digest)) return reject("parent_hash is not the parent consensus names");
    if (h.height !== ctx.parentHeight + 1n) return reject(`height ${h.height} does not follow ${ctx.parentHeight}`);
    if (!equalBytes(h.beacon, ctx.beacon)) return reject("beacon is not the seed of the previous round");
    if (!equalBytes(h.proposer, validators.validators[ctx.leader]!.address)) return reject("proposer is not the view's leader");
    if (h.timestamp_ms > BigInt(Math.floor(this.#o.now())) + MAX_CLOCK_DRIFT_MS) return reject("timestamp is too far in the future");
    if (ctx.parent.view === 0n) {
      if (h.certificate.length !== 0) return reject("a child of genesis carries no certificate");
    } else {
      try {
        // The parent was certified by the engine of its own epoch (the first block of an epoch carries the previous one's),
        // or, for a bridge block above the epoch's last height (cips/consensus.md "Epochs"), by this round's engine.
        const parentEpoch = this.#o.epochOf(ctx.parentHeight);
        verifyBlockCertificate(h.certificate, ctx.parent, this.#o.setOf(parentEpoch < ctx.round.epoch ? parentEpoch : ctx.round.epoch));
      } catch (error) {
        return reject(`certificate: ${(error as Error).message}`);
      }
    }
    const started = performance.now();
    try {
      chain.verify(block);
    } catch (error) {
      if (error instanceof CowboyError) return reject(`${error.code}: ${error.message}`);
      throw error;
    }
    metrics.blockExecution.observe({ kind: "verify" }, (performance.now() - started) / 1000);
    return blockHash(block);
  }

  /** Commits the block; the node's onCommitted (pool reset, metrics, subscriptions) follows. */
  async finalized(block: ConsensusBlock): Promise<void> {
    this.#o.onCommitted(this.#o.chain.finalize(decodeBlock(block.payload), block.certificate));
  }

  tip(): { view: bigint; height: bigint; digest: Uint8Array } | undefined {
    const head = this.#o.chain.head;
    if (head.height === 0n) return undefined;
    return { view: head.round, height: head.height, digest: headerHash(head) };
  }

  async byView(view: bigint): Promise<ArchivedBlock | undefined> {
    const hash = this.#o.chain.blocks.hashAtView(view);
    return hash === undefined ? undefined : this.#archived(view, hash);
  }

  /** The finalized block at `height` (a node catching up across epochs asks for an epoch's last block). */
  async byHeight(height: bigint): Promise<ArchivedBlock | undefined> {
    const block = height > this.#o.chain.head.height ? undefined : this.#o.chain.blocks.blockAt(height);
    return block === undefined ? undefined : this.#archived(block.header.round, headerHash(block.header));
  }

  #archived(view: bigint, hash: Uint8Array): ArchivedBlock | undefined {
    const { blocks } = this.#o.chain;
    const block = blocks.blockByHash(hash);
    if (block === undefined || block.header.height > this.#o.chain.head.height) return undefined;
    const parent = blocks.blockAt(block.header.height - 1n);
    return {
      view,
      parentView: parent?.header.round ?? 0n,
      height: block.header.height,
      digest: hash,
      payload: encodeBlock(block),
      certificate: blocks.certificate(hash) ?? new Uint8Array(0),
    };
  }

  /** Digests of the transactions in the verified, not yet final blocks from `parentHash` down to the head. */
  #includedAbove(parentHash: Uint8Array): Set<string> {
    const included = new Set<string>();
    for (let p = this.#o.chain.pending(parentHash); p !== undefined; p = this.#o.chain.pending(p.block.header.parent_hash)) {
      for (const tx of p.block.transactions as readonly Transaction[]) included.add(toHex(tx.digest()));
    }
    return included;
  }
}
