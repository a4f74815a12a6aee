import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { loadFastHashes, loadFastThreshold } from "@cowboy/crypto";
import type { CbssConfig } from "@cowboy/cbss";
import type { RunnerMarketConfig } from "@cowboy/runner-market";
import { ActorEngine, defaultChainParams, VerifyPool, type ChainParams } from "@cowboy/execution";
import type { GovernanceConfig } from "@cowboy/governance";
import type { RentConfig } from "@cowboy/rent";
import { getSupply, type StakingConfig } from "@cowboy/staking";
import { blockCycleCapacity } from "@cowboy/fee-market";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { headerHash, headerToJson, receiptToJson, type Transaction } from "@cowboy/types";
import { BlockStore } from "./chain/block-store.js";
import { Chain, type ProducedBlock } from "./chain/chain.js";
import { DevControl } from "./chain/dev-control.js";
import { devAccounts, devnetCbssConfig, devnetGovernance, devnetRunnerMarket, devValidatorSet, type ChainGenesis, type DevAccount } from "./chain/genesis.js";
import { startConsensus, type RunningConsensus } from "./consensus/start.js";
import { defaultExplorerDir, EXPLORER_PATH, explorerFiles, explorerNotBuilt, isExplorerBuild } from "./explorer/static-files.js";
import { NodeMetrics } from "./metrics.js";
import type { BootstrapPeer } from "./testnet/config.js";
import type { ValidatorKeys } from "./validator/keys.js";
import { ReshareAgent } from "./validator/reshareAgent.js";
import { NetworkKeyDuty } from "./validator/networkKeyDuty.js";
import { EvidenceReporter } from "./validator/evidenceReporter.js";
import type { Equivocation, RefusedProposal } from "@cowboy/consensus";
import { ShareStore } from "./validator/shareStore.js";
import { dutySubmitter } from "./validator/submitDuty.js";
import type { Logger } from "./logger.js";
import { BatchingVerifier } from "./mempool/batch-verifier.js";
import { FileJournal } from "./mempool/journal.js";
import { Mempool, type MempoolOptions } from "./mempool/mempool.js";
import { ReadOnlyPool } from "./query/pool.js";
import { nodeMethods } from "./rpc/methods/index.js";
import { logSubscriptionFilter } from "./rpc/methods/logs.js";
import { upgradeWarning } from "./chain/upgrade.js";
import { indexedSupply, ObservationStore } from "./index-store/observations.js";
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
  /** The validator this node votes as. Default: the devnet's built-in validator on the devnet genesis, else none (a full node). */
  readonly validatorKey?: ValidatorKeys;
  /** QUIC port on 127.0.0.1 for peers; undefined: no networking (a single-validator chain). */
  readonly p2pPort?: number;
  /** Peers to dial first. */
  readonly bootstrap?: readonly BootstrapPeer[];
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
  /**
   * The built explorer (apps/explorer/dist) served at GET /explorer on the RPC port. Default: the repository's build
   * when there is one; without one (or with a directory holding no index.html) the node runs, says so in its log, and
   * /explorer answers 404 with how to build it.
   */
  readonly explorerDir?: string;
  /**
   * The validator set's rules (@cowboy/staking, cips/staking.md): staking instructions, rewards, the
   * supply record and epoch sets in the state. The genesis must then name its validators
   * (`genesis.config.validators`). Default: the genesis' own (`genesis.staking`: a genesis file's `staking`
   * object, or cowboyd --staking-epoch on the devnet); none when it has none.
   */
  readonly staking?: StakingConfig;
  /**
   * CBSS's 0x04 Secrets Manager numbers (@cowboy/cbss, cips/cbss.md §6). Default: DEFAULT_CBSS_CONFIG, and on the
   * built-in devnet dev account 0 as the committee dealer with a 10 CBY minimum proxy stake.
   */
  readonly cbss?: CbssConfig;
  /**
   * The runner market's numbers (@cowboy/runner-market, cips/runner-market.md). Default: DEFAULT_RUNNER_MARKET_CONFIG,
   * and on the built-in devnet `devnetRunnerMarket()` (a 5-block challenge window).
   */
  readonly runnerMarket?: RunnerMarketConfig;
  /**
   * On-chain governance and the parameter registry (@cowboy/governance, cips/governance.md). Default: the devnet's
   * (`devnetGovernance()`: short periods, dev accounts 0–2 vote, 0–8 are the council) on a devnet genesis, else none.
   */
  readonly governance?: GovernanceConfig;
  /** State rent's numbers (@cowboy/rent, cips/rent.md). Default: DEFAULT_RENT_CONFIG (short rent epochs for tests). */
  readonly rent?: RentConfig;
  /** Test only (`cowboyd --double-sign`): this validator equivocates once. */
  readonly testDoubleSign?: boolean;
  /** Test only (`cowboyd --invalid-proposal`): every proposal of this validator while its record is active carries a wrong header round. */
  readonly testInvalidProposal?: boolean;
}

export interface RunningNode {
  readonly chain: Chain;
  readonly mempool: Mempool;
  readonly rpcUrl: string;
  /** Consensus, when blocks are paced (block time > 0); undefined in manual mode. */
  readonly consensus: RunningConsensus | undefined;
  readonly metrics: NodeMetrics;
  readonly devAccounts: readonly DevAccount[];
  /** Produces and commits one block now (`--block-time 0` manual mode only: embedding and tests). */
  produceBlock(): void;
  close(): Promise<void>;
}

/** Opens (or creates) the chain in `dataDir`, starts the RPC server and the block producer. */
export async function startNode(options: NodeOptions): Promise<RunningNode> {
  const { logger } = options;
  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  // The round seed is recovered on every view: mcl-wasm recombines it ~10x faster than noble.
  const [hashes, threshold] = await Promise.all([loadFastHashes(), loadFastThreshold()]);
  const cbss = options.cbss ?? (options.genesis.devnet ? devnetCbssConfig() : undefined);
  const governance = options.governance ?? (options.genesis.devnet ? devnetGovernance() : undefined);
  const runnerMarket = options.runnerMarket ?? (options.genesis.devnet ? devnetRunnerMarket() : undefined);
  const staking = options.staking ?? options.genesis.staking;
  const params: ChainParams = {
    ...defaultChainParams(options.genesis.chainId, accountKey),
    hashes,
    ...(staking === undefined ? {} : { staking }),
    ...(cbss === undefined ? {} : { cbss }),
    ...(governance === undefined ? {} : { governance }),
    ...(runnerMarket === undefined ? {} : { runnerMarket }),
    ...(options.rent === undefined ? {} : { rent: options.rent }),
  };
  const blocks = BlockStore.open(join(options.dataDir, "blocks"));
  const observations = ObservationStore.open(join(options.dataDir, "index"));
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
    await observations.close();
    throw error;
  }
  logger.info("chain opened", { chain_id: params.chainId, height: chain.head.height, data: options.dataDir, interpreters: engine.copies, threshold });

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
  const metrics = new NodeMetrics();
  const devValidator = devValidatorSet();
  const onDevValidatorSet = toHex(options.genesis.consensus.groupPublicKey) === toHex(devValidator.genesis.groupPublicKey);
  const keys = options.validatorKey ?? (onDevValidatorSet ? devValidator.keys[0] : undefined);
  const proposer = options.proposer ?? dev[0]?.address ?? keys?.address ?? new Uint8Array(20);
  writeFileSync(join(options.dataDir, "node.pid"), `${process.pid}\n`);

  // The query worker loads its interpreter beside this thread; a query made before it is ready waits.
  const queries = ReadOnlyPool.open({
    statePath: join(options.dataDir, "state"),
    chainId: params.chainId,
    governed: params.governance !== undefined,
    maxCycles: options.queries?.maxCycles ?? blockCycleCapacity(params.feeMarket),
    ...(options.queries?.maxQueued === undefined ? {} : { maxQueued: options.queries.maxQueued }),
  });
  queries.ready.then(
    () => logger.debug("query worker ready"),
    (error: unknown) => logger.error("query worker failed to start", { error: error instanceof Error ? error.message : String(error) }),
  );
  // The server exists before consensus starts (its first blocks are published), but listens after.
  let consensus: RunningConsensus | undefined;
  const registry = new MethodRegistry();
  const server = new RpcServer({
    host: options.rpcHost,
    port: options.rpcPort,
    registry,
    topics: ["newHeads", "receipts", "logs", "timers"],
    topicFilters: { logs: logSubscriptionFilter },
    ...(options.rpc?.limits === undefined ? {} : { limits: options.rpc.limits }),
    ...(options.rpc?.allowedOrigins === undefined ? {} : { allowedOrigins: options.rpc.allowedOrigins }),
    health: () => ({ height: chain.head.height.toString(), pending: mempool.size }),
    onInternalError: (method, error) => logger.error("rpc handler failed", { method, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  });

  // A validator on a staking chain deals, complains and derives its epoch shares (cips/staking.md "Validator duties");
  // consensus votes with them from the epoch they are for.
  const shares = keys === undefined || staking === undefined ? undefined : new ShareStore(options.dataDir, keys.share);
  const reshare =
    keys === undefined || shares === undefined
      ? undefined
      : new ReshareAgent({
          keys,
          chainId: params.chainId,
          shares,
          logger: logger.child("reshare"),
          submit: (instruction) => void dutySubmitter({ chain, mempool, keys, gossip: (tx) => consensus?.gossip(tx) })(instruction),
        });

  // A validator registered after genesis publishes its network identity (cips/staking.md "Network keys").
  const networkKeyDuty =
    keys === undefined || staking === undefined
      ? undefined
      : new NetworkKeyDuty({
          keys,
          chainId: params.chainId,
          genesis: options.genesis.consensus,
          logger: logger.child("validator"),
          submit: (instruction) => void dutySubmitter({ chain, mempool, keys, gossip: (tx) => consensus?.gossip(tx) })(instruction),
        });

  // Double votes this node sees are submitted as evidence, signed by its account (cips/staking.md "Evidence").
  const evidence =
    keys === undefined || staking === undefined
      ? undefined
      : new EvidenceReporter({
          chainId: params.chainId,
          logger: logger.child("evidence"),
          submit: (instruction) => void dutySubmitter({ chain, mempool, keys, gossip: (tx) => consensus?.gossip(tx) })(instruction),
        });

  const onCommitted = (produced: ProducedBlock): void => {
    // Included ones leave the pool; one that can never be included leaves with its reason (execution's rule).
    mempool.reset(chain.accounts, { included: produced.block.transactions, skipped: produced.skipped });
    const header = produced.block.header;
    logger.info("block", {
      height: header.height,
      ...(header.round > 0n ? { view: header.round } : {}),
      txs: produced.block.transactions.length,
      cycles: header.cycles_used,
      ...(produced.timers !== null && (produced.timers.fired.length > 0 || produced.timers.destroyed.length > 0)
        ? { timers_fired: produced.timers.fired.length, timers_destroyed: produced.timers.destroyed.length, timer_cycles: header.lane_usage.timer }
        : {}),
      hash: `0x${toHex(headerHash(header))}`,
    });
    metrics.finalizedHeight.set(Number(header.height));
    const upgrade = upgradeWarning(chain.state, header.height);
    if (upgrade !== undefined) logger.warn("upgrade required", { message: upgrade });
    metrics.mempoolSize.set(mempool.size);
    server.publish("newHeads", headerToJson(header));
    produced.block.transactions.forEach((tx, index) => {
      server.publish("receipts", { transaction_hash: `0x${toHex(tx.digest())}`, height: header.height.toString(), index, ...receiptToJson(produced.receipts[index]!) });
    });
    // The observation index (logs, fire records, timer ends, traces): outside consensus, after the commit.
    const observed = observations.record(produced.block, produced.receipts, produced.journal);
    const supply = chain.params.staking === undefined ? undefined : getSupply(chain.state.fork());
    if (supply !== undefined) observations.recordSupply(header.height, indexedSupply(supply));
    for (const log of observed.logs) server.publish("logs", log);
    for (const f of observed.fires)
      server.publish("timers", { kind: "fired", timerId: f.timerId, owner: f.owner, handler: f.handler, height: f.height, status: f.status, events: f.events.length });
    for (const e of observed.ended) server.publish("timers", { kind: "ended", ...e });
    const stakingNow = chain.params.staking;
    if (reshare !== undefined && stakingNow !== undefined) reshare.afterCommit(chain.state.fork(), stakingNow, header.height, header.timestamp_ms);
    if (stakingNow !== undefined) networkKeyDuty?.afterCommit(chain.state.fork(), header.height);
  };

  const produceBlock = (): void => {
    if (consensus !== undefined) throw new Error("produceBlock is for manual mode (block time 0); consensus makes the blocks here");
    const candidates = mempool.candidates(chain.accounts);
    onCommitted(chain.produce(candidates, proposer, BigInt(Date.now())));
  };

  if (options.blockTimeMs > 0) {
    consensus = await startConsensus({
      dataDir: options.dataDir,
      genesis: options.genesis,
      chain,
      mempool,
      logger,
      metrics,
      blockTimeMs: options.blockTimeMs,
      keys,
      networkSecret: keys === undefined && options.p2pPort !== undefined ? fullNodeNetworkKey(options.dataDir) : undefined,
      p2pPort: options.p2pPort,
      bootstrap: options.bootstrap ?? [],
      onCommitted,
      ...(staking === undefined ? {} : { staking }),
      ...(shares === undefined ? {} : { shares }),
      ...(options.testDoubleSign === true ? { testDoubleSign: true } : {}),
      ...(options.testInvalidProposal === true ? { testInvalidProposal: true } : {}),
      ...(evidence === undefined ? {} : { onEquivocation: (e: Equivocation) => evidence.report(e), onRefusedProposal: (p: RefusedProposal) => evidence.reportProposal(p) }),
    });
  }
  const running = consensus;
  // A devnet in manual mode gets the dev_* controls; its blocks come from them (or produceBlock).
  const devControl =
    running === undefined && options.genesis.devnet
      ? new DevControl({ chain, mempool, proposer, onCommitted, onRewind: (height) => observations.discardAbove(height) })
      : undefined;
  registry.register(
    ...nodeMethods({
      chain,
      mempool,
      verifier,
      queries,
      observations,
      ...(dev.length > 0 ? { devAccounts: dev } : {}),
      ...(devControl === undefined ? {} : { dev: devControl, onTransaction: (tx: Transaction) => devControl.onTransaction(tx) }),
      ...(running === undefined
        ? {}
        : {
            consensus: {
              status: () => running.engine.status(),
              get validators() {
                return running.validators.validators;
              },
              peers: () => running.network.peers(),
              get self() {
                return running.self;
              },
            },
            onTransaction: (tx: Transaction) => running.gossip(tx),
          }),
    }),
  );
  server.route("/metrics", () => metrics.render());
  const explorerDir = options.explorerDir ?? defaultExplorerDir();
  server.routePrefix(EXPLORER_PATH, explorerDir === undefined ? () => explorerNotBuilt() : explorerFiles(explorerDir));
  const port = await server.listen();
  const rpcUrl = `http://${options.rpcHost}:${port}`;
  logger.child("rpc").info("rpc listening", { url: rpcUrl });
  if (explorerDir === undefined || !isExplorerBuild(explorerDir))
    logger.child("rpc").info("explorer not built: run `pnpm --filter @cowboy/explorer build` to serve it", { path: EXPLORER_PATH });
  else logger.child("rpc").info("explorer", { url: `${rpcUrl}${EXPLORER_PATH}/` });

  return {
    chain,
    mempool,
    rpcUrl,
    consensus,
    metrics,
    devAccounts: dev,
    produceBlock,
    async close() {
      await consensus?.stop();
      await server.close();
      await queries.close();
      await pool.close();
      journal.close();
      await blocks.close();
      await state.close();
      await observations.close();
      rmSync(join(options.dataDir, "node.pid"), { force: true });
      logger.info("stopped", { height: chain.head.height });
    },
  };
}

/** A full node's network identity: 32 random bytes kept in DIR/network-key, made on first start. */
function fullNodeNetworkKey(dataDir: string): Uint8Array {
  const path = join(dataDir, "network-key");
  if (existsSync(path)) {
    const raw = readFileSync(path);
    if (raw.length === 32) return new Uint8Array(raw);
  }
  const key = new Uint8Array(randomBytes(32));
  writeFileSync(path, key, { mode: 0o600 });
  return key;
}
