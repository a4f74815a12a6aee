// Prometheus metrics at GET /metrics (issue 17: views, nullifications, finality latency, peers,
// verification batch sizes, journal sync time, mempool size), named cowboy_* as Lodestar names
// its beacon_* and lodestar_*; process metrics (CPU, memory, event-loop lag) come with them.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Every metric the node exports, on one registry (never prom-client's global one). */
export class NodeMetrics {
  readonly registry = new Registry();
  readonly view = this.#gauge("cowboy_consensus_view", "The consensus view this node is in");
  readonly notarizedHeight = this.#gauge("cowboy_chain_notarized_height", "Height of the highest notarized block this node holds");
  readonly finalizedHeight = this.#gauge("cowboy_chain_finalized_height", "Height of the last finalized (committed) block");
  readonly nullifications = this.#counter("cowboy_consensus_nullifications_total", "Views that ended in a nullification certificate");
  readonly finalizations = this.#counter("cowboy_consensus_finalizations_total", "Blocks finalized");
  readonly proposals = this.#counter("cowboy_consensus_proposals_total", "Blocks this node proposed as leader");
  readonly finalityLatency = new Histogram({
    name: "cowboy_consensus_finality_latency_seconds",
    help: "From this node's first sight of a proposal (its own or a leader's) to its finalization (the engine's measure)",
    buckets: [0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 0.75, 1, 2, 5, 10],
    registers: [this.registry],
  });
  readonly blockExecution = new Histogram({
    name: "cowboy_block_execution_seconds",
    help: "Time to build (leader) or verify (voter) one block",
    labelNames: ["kind"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly verifyBatchSize = new Histogram({
    name: "cowboy_consensus_verify_batch_size",
    help: "Signatures verified together in one batch",
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [this.registry],
  });
  readonly journalSync = new Histogram({
    name: "cowboy_consensus_journal_sync_seconds",
    help: "Time to make the consensus journal durable before sending a vote",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
    registers: [this.registry],
  });
  readonly peers = this.#gauge("cowboy_p2p_peers", "Connected peers");
  readonly blockedPeers = this.#counter("cowboy_p2p_blocked_peers_total", "Peers blocked for invalid messages or signatures");
  readonly mempoolSize = this.#gauge("cowboy_mempool_size", "Transactions in the pool");
  readonly p2pMessages = new Counter({
    name: "cowboy_p2p_messages_total",
    help: "Direct messages by direction (sent, received) and consensus channel",
    labelNames: ["direction", "channel"] as const,
    registers: [this.registry],
  });
  readonly p2pBytes = new Counter({
    name: "cowboy_p2p_bytes_total",
    help: "Direct message bytes by direction (sent, received)",
    labelNames: ["direction"] as const,
    registers: [this.registry],
  });
  readonly p2pDropped = new Counter({
    name: "cowboy_p2p_dropped_total",
    help: "Direct messages dropped, by reason (queue_full, disconnected, no_handler, flood, unauthorized)",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: "cowboy_process_" });
  }

  /** The text exposition format, for GET /metrics. */
  async render(): Promise<{ readonly contentType: string; readonly body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  #gauge(name: string, help: string): Gauge {
    return new Gauge({ name, help, registers: [this.registry] });
  }

  #counter(name: string, help: string): Counter {
    return new Counter({ name, help, registers: [this.registry] });
  }
}
