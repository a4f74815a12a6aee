import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { loadFastHashes } from "@cowboy/crypto";
import { ActorEngine, defaultChainParams, VerifyPool, type ChainParams } from "@cowboy/execution";
import { blockCycleCapacity } from "@cowboy/fee-market";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { headerHash, headerToJson, receiptToJson } from "@cowboy/types";
import { BlockStore } from "./chain/block-store.js";
import { Chain } from "./chain/chain.js";
import { devAccounts, type ChainGenesis, type DevAccount } from "./chain/genesis.js";
import type { Logger } from "./logger.js";
import { BatchingVerifier } from "./mempool/batch-verifier.js";
import { FileJournal } from "./mempool/journal.js";
import { Mempool, type MempoolOptions } from "./mempool/mempool.js";
import { ReadOnlyPool } from "./query/pool.js";
import { nodeMethods } from "./rpc/methods/index.js";
import { MethodRegistry } from "./rpc/registry.js";
import { RpcServer, type RpcLimits } from "./rpc/server.js";

export interface NodeOptions {
  readonly dataDir: string;
  readonly genesis: ChainGenesis;
  /** Milliseconds between blocks (default 1000). */
  readonly blockTimeMs: number;
  readonly rpcHost: string;
  /** 0 picks a free port. */
  readonly rpcPort: number;
  /** Wipe the data directory first. */
  readonly reset: boolean;
  readonly logger: Logger;
  /** The block proposer (receives tips); default: dev account 0 on a devnet, else zero. */
  readonly proposer?: Uint8Array;
  /** Copies of the Python interpreter actors are spread over (default 8; ActorEngine.load). */
  readonly interpreters?: number;
  /** RPC server bounds and the browser origins it serves (RpcServer's options; defaults: DEFAULT_RPC_LIMITS, no origin). */
  readonly rpc?: { readonly limits?: Partial<RpcLimits>; readonly allowedOrigins?: readonly string[] };
  /** The mempool's limits and lifetimes (Mempool's options; defaults there). */
  readonly mempool?: Omit<MempoolOptions, "params" | "journal" | "verifier">;
  /**
   * Read-only work (`cowboy_call`, `cowboy_estimateFee`) runs on a worker thread with its own state
   * reader: at most `maxQueued` requests wait (default 32; more get -32005) and a call spends at most
   * `maxCycles` (default: the block's Cycle capacity).
   */
  readonly queries?: { readonly maxQueued?: number; readonly maxCycles?: bigint };
}

export interface RunningNode {
  readonly chain: Chain;
  readonly mempool: Mempool;
  readonly rpcUrl: string;
  readonly devAccounts: readonly DevAccount[];
  /** Produces one block now (tests and `--block-time 0` manual mode). */
  produceBlock(): void;
  close(): Promise<void>;
}

/** Opens (or creates) the chain in `dataDir`, starts the RPC server and the block producer. */
export async function startNode(options: NodeOptions): Promise<RunningNode> {
  const { logger } = options;
  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  const hashes = await loadFastHashes();
  const params: ChainParams = { ...defaultChainParams(options.genesis.chainId, accountKey), hashes };
  const blocks = BlockStore.open(join(options.dataDir, "blocks"));
  const state = StateStore.open(LmdbBackend.open(join(options.dataDir, "state")), { hashes });
  // Separate interpreter copies keep each hot actor's JIT feedback its own (a bundle only: from
  // the TypeScript sources there is one copy).
  const engine = await ActorEngine.load({ copies: options.interpreters ?? 8 });
  let chain: Chain;
  try {
    chain = Chain.open(params, blocks, state, options.genesis, engine);
  } catch (error) {
    await blocks.close();
    await state.close();
    throw error;
  }
  logger.info("chain opened", { chain_id: params.chainId, height: chain.head.height, data: options.dataDir, interpreters: engine.copies });

  // Accepted transactions are journaled and re-admitted (checked again) after a restart.
  const { journal, contents } = FileJournal.open(join(options.dataDir, "mempool.journal"));
  const mempool = new Mempool({ ...options.mempool, params, journal });
  const pool = VerifyPool.start({ workers: 2 });
  if (contents.transactions.length > 0 || contents.discardedBytes > 0) {
    const restored = mempool.restore(contents.transactions, chain.accounts, await pool.verify(contents.transactions));
    logger.info("mempool restored", { ...restored, discarded_bytes: contents.discardedBytes });
  }
  const verifier = new BatchingVerifier(pool);
  const dev = options.genesis.devnet ? devAccounts() : [];
  const proposer = options.proposer ?? dev[0]?.address ?? new Uint8Array(20);

  // The query worker loads its interpreter beside this thread; a query made before it is ready waits.
  const queries = ReadOnlyPool.open({
    statePath: join(options.dataDir, "state"),
    chainId: params.chainId,
    maxCycles: options.queries?.maxCycles ?? blockCycleCapacity(params.feeMarket),
    ...(options.queries?.maxQueued === undefined ? {} : { maxQueued: options.queries.maxQueued }),
  });
  queries.ready.then(
    () => logger.debug("query worker ready"),
    (error: unknown) => logger.error("query worker failed to start", { error: error instanceof Error ? error.message : String(error) }),
  );
  const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool, verifier, queries, ...(dev.length > 0 ? { devAccounts: dev } : {}) }));
  const server = new RpcServer({
    host: options.rpcHost,
    port: options.rpcPort,
    registry,
    topics: ["newHeads", "receipts"],
    ...(options.rpc?.limits === undefined ? {} : { limits: options.rpc.limits }),
    ...(options.rpc?.allowedOrigins === undefined ? {} : { allowedOrigins: options.rpc.allowedOrigins }),
    health: () => ({ height: chain.head.height.toString(), pending: mempool.size }),
    onInternalError: (method, error) => logger.error("rpc handler failed", { method, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  });
  const port = await server.listen();
  const rpcUrl = `http://${options.rpcHost}:${port}`;
  logger.info("rpc listening", { url: rpcUrl });

  const produceBlock = (): void => {
    const candidates = mempool.candidates(chain.accounts);
    const started = performance.now();
    const produced = chain.produce(candidates, proposer, BigInt(Date.now()));
    // Included ones leave; one that can never be included leaves with its reason (execution's rule).
    mempool.reset(chain.accounts, { included: produced.block.transactions, skipped: produced.skipped });
    const header = produced.block.header;
    logger.info("block", {
      height: header.height,
      txs: produced.block.transactions.length,
      cycles: header.cycles_used,
      ...(produced.timers !== null && (produced.timers.fired.length > 0 || produced.timers.destroyed.length > 0)
        ? { timers_fired: produced.timers.fired.length, timers_destroyed: produced.timers.destroyed.length, timer_cycles: header.lane_usage.timer }
        : {}),
      ms: Math.round(performance.now() - started),
      hash: `0x${toHex(headerHash(header))}`,
    });
    server.publish("newHeads", headerToJson(header));
    produced.block.transactions.forEach((tx, index) => {
      server.publish("receipts", { transaction_hash: `0x${toHex(tx.digest())}`, height: header.height.toString(), index, ...receiptToJson(produced.receipts[index]!) });
    });
  };

  let timer: NodeJS.Timeout | undefined;
  if (options.blockTimeMs > 0) {
    timer = setInterval(() => {
      try {
        produceBlock();
      } catch (error) {
        logger.error("block production failed", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    }, options.blockTimeMs);
  }

  return {
    chain,
    mempool,
    rpcUrl,
    devAccounts: dev,
    produceBlock,
    async close() {
      if (timer !== undefined) clearInterval(timer);
      await server.close();
      await queries.close();
      await pool.close();
      journal.close();
      await blocks.close();
      await state.close();
      logger.info("stopped", { height: chain.head.height });
    },
  };
}
