// Starts consensus for a node (issue 17, "The chain side"): the runtime capabilities (wall clock,
// crypto randomness, the libp2p network or none for a lone validator, the journal under
// DIR/consensus), and the Simplex engines driving the chain: one per epoch on a chain with staking
// (cips/staking.md "The consensus switch", epochSchedule.ts), else the genesis set's.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { CHANNELS, createEpochConsensus, type EpochConsensus, type Equivocation, type RefusedProposal, type ValidatorSet } from "@cowboy/consensus";
import type { StakingConfig } from "@cowboy/staking";
import { createP2PNetwork, DEFAULT_SCORING, GOSSIP_TOPICS, libp2pPeerId, type P2PNetwork } from "@cowboy/p2p";
import { cryptoRng, FileStorage, realClock, type Context, type Network } from "@cowboy/runtime";
import { createTransactionFromBytes, type Transaction } from "@cowboy/types";
import type { Chain, ProducedBlock } from "../chain/chain.js";
import type { ChainGenesis } from "../chain/genesis.js";
import type { Logger } from "../logger.js";
import { MempoolError } from "../mempool/errors.js";
import type { Mempool } from "../mempool/mempool.js";
import type { NodeMetrics } from "../metrics.js";
import type { BootstrapPeer } from "../testnet/config.js";
import type { ValidatorKeys } from "../validator/keys.js";
import type { ShareStore } from "../validator/shareStore.js";
import { ChainApplication } from "./application.js";
import { nodeEpochSchedule, UNREACHABLE_PEER } from "./epochSchedule.js";
import { SoloNetwork } from "./solo-network.js";

export interface StartConsensusOptions {
  readonly dataDir: string;
  readonly genesis: ChainGenesis;
  readonly chain: Chain;
  readonly mempool: Mempool;
  readonly logger: Logger;
  readonly metrics: NodeMetrics;
  readonly blockTimeMs: number;
  /** The validator this node votes as; undefined: a non-voting full node. */
  readonly keys: ValidatorKeys | undefined;
  /** The network identity of a full node (a validator uses its key file's). */
  readonly networkSecret: Uint8Array | undefined;
  /** QUIC port on 127.0.0.1; undefined: no network (only valid for a single validator). */
  readonly p2pPort: number | undefined;
  readonly bootstrap: readonly BootstrapPeer[];
  readonly onCommitted: (produced: ProducedBlock) => void;
  /** The chain's staking rules: consensus then switches sets at epoch boundaries. */
  readonly staking?: StakingConfig;
  /** The validator's shares of the epoch keys (with staking). */
  readonly shares?: ShareStore;
  /** Test only: equivocate once. */
  readonly testDoubleSign?: boolean;
  /** Two conflicting signed votes of one validator (the engine checked both signatures). */
  readonly onEquivocation?: (evidence: Equivocation) => void;
  /** Test only: every proposal of this validator is invalid (ChainApplication `testInvalidProposal`). */
  readonly testInvalidProposal?: boolean;
  /** A leader's proposal the application refused, with its verified notarize vote. */
  readonly onRefusedProposal?: (proposal: RefusedProposal) => void;
}

export interface RunningConsensus {
  readonly engine: EpochConsensus;
  /** The running epoch's set. */
  readonly validators: ValidatorSet;
  readonly network: Network;
  /** This node's index in the running set, undefined when it does not vote in it. */
  readonly self: number | undefined;
  /** Sends an admitted transaction to the other nodes. */
  gossip(tx: Transaction): void;
  stop(): Promise<void>;
}

/**
 * Votes and proposals from a peer outside the allow list are dropped, never scored (cips/consensus.md "Catching
 * up"): the sets change every epoch, so a jailed or exited validator still voting in an epoch it lags behind, or a
 * validator of a later set than a lagging node's, is not an attacker, and blocking it would cut it off from the
 * resolver it catches up through. Floods are still scored.
 */
export const RESTRICTED_DROP_ONLY = { penalties: { ...DEFAULT_SCORING.penalties, UNAUTHORIZED_CHANNEL: 0 } } as const;

/** The multiaddr of a bootstrap peer's QUIC listener. */
export function bootstrapAddress(peer: BootstrapPeer): string {
  return `/ip4/${peer.host}/udp/${peer.port}/quic-v1/p2p/${libp2pPeerId(peer.networkKey).toString()}`;
}

export async function startConsensus(o: StartConsensusOptions): Promise<RunningConsensus> {
  const log = o.logger.child("consensus");
  const c = o.genesis.consensus;
  const schedule = nodeEpochSchedule({
    chainId: o.genesis.chainId,
    genesis: c,
    staking: o.staking,
    state: () => o.chain.state.fork(),
    keys: o.keys,
    shares: o.shares,
    logger: log,
  });
  const first = schedule.plan(schedule.epochOf(o.chain.head.height + 1n));
  const self = first.self?.index;
  let network: Network;
  let p2p: P2PNetwork | undefined;
  if (o.p2pPort === undefined) {
    if (c.validators.length > 1) throw new Error(`a chain of ${c.validators.length} validators needs networking: give --p2p-port (and --bootstrap)`);
    network = new SoloNetwork(toHex(o.keys?.networkKey ?? new Uint8Array(32)));
  } else {
    const p2pLog = o.logger.child("p2p");
    p2p = await createP2PNetwork({
      privateKey: o.keys?.networkSecret ?? o.networkSecret ?? new Uint8Array(randomBytes(32)),
      listen: [`/ip4/127.0.0.1/udp/${o.p2pPort}/quic-v1`],
      bootstrap: o.bootstrap.map(bootstrapAddress),
      allowedPeers: first.set.validators.map((v) => v.peer).filter((p) => !p.startsWith(UNREACHABLE_PEER)),
      // Full nodes are not validators, but they fetch blocks through the resolver and relay
      // certificates (verified before use; an invalid one blocks its sender): both stay open to them.
      openChannels: [CHANNELS.resolver, CHANNELS.certificates],
      scoring: RESTRICTED_DROP_ONLY,
      loopbackOnly: true,
      logger: p2pLog,
      metrics: {
        onSent: (_peer, channel, bytes) => {
          o.metrics.p2pMessages.inc({ direction: "sent", channel: String(channel) });
          o.metrics.p2pBytes.inc({ direction: "sent" }, bytes);
        },
        onReceived: (_peer, channel, bytes) => {
          o.metrics.p2pMessages.inc({ direction: "received", channel: String(channel) });
          o.metrics.p2pBytes.inc({ direction: "received" }, bytes);
        },
        onDropped: (_peer, _channel, reason) => o.metrics.p2pDropped.inc({ reason }),
        onBlocked: () => o.metrics.blockedPeers.inc(),
        onPeerCount: (count) => o.metrics.peers.set(count),
      },
    });
    network = p2p;
    p2p.gossip.subscribe(GOSSIP_TOPICS.transactions, (_from, bytes) => {
      let tx: Transaction;
      try {
        tx = createTransactionFromBytes(bytes);
      } catch {
        return "reject";
      }
      try {
        o.mempool.add(tx, o.chain.accounts);
        o.metrics.mempoolSize.set(o.mempool.size);
        return "accept";
      } catch (error) {
        // A transaction no node could ever accept (a bad signature, a stateless rule) costs the relayer;
        // already known, nonce used or pool full is not its fault.
        if (error instanceof MempoolError && error.code === "INVALID") return "reject";
        return "ignore";
      }
    });
    log.info("p2p listening", { addresses: p2p.addresses() });
  }
  const clock = realClock();
  const storage = await FileStorage.open(join(o.dataDir, "consensus"));
  const context: Context = { label: `node-${self ?? "full"}`, clock, rng: cryptoRng(), network, storage };
  let engine: EpochConsensus | undefined;
  const application = new ChainApplication({
    chain: o.chain,
    mempool: o.mempool,
    setOf: (epoch) => (engine as EpochConsensus).setOf(epoch),
    epochOf: (height) => schedule.epochOf(height),
    logger: log,
    metrics: o.metrics,
    now: () => clock.now(),
    onCommitted: o.onCommitted,
    ...(o.testInvalidProposal === true ? { testInvalidProposal: true } : {}),
  });
  const running = createEpochConsensus({
    context,
    schedule,
    onEpoch: (epoch, set, voting) => {
      // Votes of the set's members; the previous epoch's may still need this epoch's first certificates.
      const previous = epoch === 0n ? [] : running.setOf(epoch - 1n).validators.map((v) => v.peer);
      p2p?.setAllowedPeers([...new Set([...set.validators.map((v) => v.peer), ...previous])].filter((p) => !p.startsWith(UNREACHABLE_PEER)));
      log.info("epoch", { epoch, validators: set.validators.length, threshold: set.threshold, self: voting ?? "not voting", group_key: toHex(set.groupPublicKey) });
    },
    application,
    archive: application,
    ...(o.testDoubleSign === true ? { testDoubleSign: { done: false } } : {}),
    blockTimeMs: o.blockTimeMs,
    hooks: {
      log: (level, message, fields) => log[level](message, fields),
      ...(o.onEquivocation === undefined ? {} : { equivocation: o.onEquivocation }),
      ...(o.onRefusedProposal === undefined ? {} : { refusedProposal: o.onRefusedProposal }),
      metric: (event) => {
        switch (event.type) {
          case "view":
            o.metrics.view.set(Number(event.view));
            break;
          case "notarized":
            if (event.height >= 0n) o.metrics.notarizedHeight.set(Number(event.height));
            break;
          case "nullified":
            o.metrics.nullifications.inc();
            break;
          case "finalized":
            o.metrics.finalizations.inc();
            if (event.latencyMs !== undefined) o.metrics.finalityLatency.observe(event.latencyMs / 1000);
            break;
          case "batch":
            o.metrics.verifyBatchSize.observe(event.size);
            break;
          case "journal-sync":
            o.metrics.journalSync.observe(event.ms / 1000);
            break;
          default:
            break;
        }
      },
    },
  });
  engine = running;
  await running.start();
  log.info("consensus started", { epoch: running.epoch, validators: running.validators.validators.length, self: running.self ?? "not voting" });
  return {
    engine: running,
    get validators() {
      return running.validators;
    },
    network,
    get self() {
      return running.self;
    },
    gossip(tx) {
      if (p2p !== undefined) void p2p.gossip.publish(GOSSIP_TOPICS.transactions, tx.encode()).catch(() => undefined);
    },
    async stop() {
      await running.stop();
      await p2p?.close();
    },
  };
}
