// A network of Simplex engines in the deterministic simulator (@cowboy/runtime Simulation), with a
// small real application: a block is (parent digest, height, view, proposer, beacon) and its digest
// is sha256 of those bytes; every voter checks the parent link and height before voting. Each node's
// Archive survives its crashes (it stands for the node's database).
import { atMost, bytes, concatBytes, decode, encode, equalBytes, fixedBytes, struct, toHex, u32, u64, type Infer } from "@cowboy/codec";
import { bls, dealShares, loadFastThreshold, sha256, type SecretShare } from "@cowboy/crypto";
import { type Context, Simulation, type SimulationOptions, simulatedPeerId } from "@cowboy/runtime";
import {
  createConsensus,
  type Application,
  type Archive,
  type ArchivedBlock,
  type BlockContext,
  type Consensus,
  type EngineOptions,
  type MetricEvent,
  type Validator,
} from "../../src/index.js";

// Seed recovery on mcl-wasm (same bytes as noble): the simulated networks recover a seed per view per node.
await loadFastThreshold();

export const CHAIN_ID = 777n;
const GENESIS = sha256(new TextEncoder().encode("cowboy-sim-genesis"));

const blockCodec = struct({
  parent: fixedBytes(32),
  height: u64,
  view: u64,
  proposer: u32,
  beacon: bytes(atMost(96)),
  /** Stands for the transactions: any bytes, so a byzantine leader can make two valid blocks. */
  extra: bytes(atMost(32)),
});
export { blockCodec };

/** A deterministic BLS secret key (top bits cleared so it is below the group order, never zero). */
export function secretKey(label: string): Uint8Array {
  const k = sha256(new TextEncoder().encode(`cowboy-sim-key:${label}`));
  k[0] = (k[0] as number) & 0x3f;
  k[31] = (k[31] as number) | 1;
  return k;
}

export interface NodeRecord {
  readonly label: string;
  readonly index: number;
  /** Finalized blocks in delivery order (survives crashes, like the node's database). */
  readonly finalized: ArchivedBlock[];
  readonly notarized: bigint[];
  readonly metrics: MetricEvent[];
  /** Warnings and errors the engine logged. */
  readonly warnings: string[];
  /** When present, every block this node builds records its parent's height and the certificate its header would carry. */
  readonly built?: { parentHeight: bigint; certificate: Uint8Array }[];
  engine: Consensus | undefined;
}

export interface Behaviour {
  /** Refuse every proposal and propose nothing: this node only ever nullifies. */
  readonly nullifier?: boolean;
  /** Rewrites what this node sends (equivocation, conflicting votes, bad signatures). */
  readonly wrapNetwork?: (ctx: Context, keys: NodeKeys) => Context;
  /** Not started until the scenario starts it (a late joiner). */
  readonly late?: boolean;
}

export interface NodeKeys {
  readonly index: number;
  readonly blsSecretKey: Uint8Array;
  readonly share: SecretShare;
}

export interface NetworkOptions {
  readonly n: number;
  readonly seed: bigint;
  readonly link?: SimulationOptions["link"];
  readonly behaviours?: Readonly<Record<number, Behaviour>>;
  readonly blockTimeMs?: number;
  readonly timeouts?: EngineOptions["timeouts"];
  /** Non-voting followers (labels f0, f1, ...), appended to `nodes` after the validators. */
  readonly followers?: number;
}

export interface SimNetwork {
  readonly sim: Simulation;
  readonly nodes: NodeRecord[];
  readonly labels: string[];
  readonly validators: Validator[];
  /** The epoch's group public key (seeds verify against it). */
  readonly groupPublicKey: Uint8Array;
  /** The dealing's Feldman commitments (for building the set in a test). */
  readonly commitments: readonly Uint8Array[];
  start(index: number): void;
  /** Crashes a node (its engine object becomes inert with its context). */
  crash(index: number): void;
  restart(index: number): void;
}

export function createNetwork(opts: NetworkOptions): SimNetwork {
  const sim = new Simulation({ seed: opts.seed, ...(opts.link === undefined ? {} : { link: opts.link }) });
  const labels = Array.from({ length: opts.n }, (_, i) => `v${i}`);
  const keys = labels.map(secretKey);
  const f = Math.floor((opts.n - 1) / 3);
  const threshold = opts.n - f;
  const dealing = dealShares(secretKey("group"), threshold, opts.n, sha256(new TextEncoder().encode(`dealing:${opts.seed}`)));
  const validators: Validator[] = labels.map((label, i) => ({
    address: sha256(new TextEncoder().encode(label)).slice(0, 20),
    stake: 100n,
    blsPublicKey: bls.getPublicKey(keys[i] as Uint8Array),
    peer: simulatedPeerId(label),
  }));
  const followerLabels = Array.from({ length: opts.followers ?? 0 }, (_, i) => `f${i}`);
  const nodes: NodeRecord[] = [...labels, ...followerLabels].map((label, index) => ({
    label,
    index,
    finalized: [],
    notarized: [],
    metrics: [],
    warnings: [],
    built: [],
    engine: undefined,
  }));

  const launch = (index: number): void => {
    const node = nodes[index] as NodeRecord;
    const behaviour = opts.behaviours?.[index] ?? {};
    const voter = index < opts.n;
    const nodeKeys: NodeKeys = { index, blsSecretKey: keys[index] ?? new Uint8Array(32), share: dealing.shares[index] as SecretShare };
    const body = (raw: Context): Promise<void> => {
      const ctx = behaviour.wrapNetwork === undefined ? raw : behaviour.wrapNetwork(raw, nodeKeys);
      const engine = createConsensus({
        context: ctx,
        chainId: CHAIN_ID,
        epoch: 0n,
        validators,
        threshold,
        commitments: dealing.commitments,
        ...(voter ? { self: nodeKeys } : {}),
        application: testApplication(node, behaviour.nullifier === true),
        archive: archiveOf(node),
        blockTimeMs: opts.blockTimeMs ?? 200,
        timeouts: opts.timeouts ?? { leaderMs: 1_000, notarizationMs: 1_500, nullifyRetryMs: 2_000, fetchMs: 300 },
        hooks: {
          metric: (e) => node.metrics.push(e),
          log: (level, message) => {
            if (level === "warn" || level === "error") node.warnings.push(message);
          },
        },
      });
      node.engine = engine;
      return engine.start();
    };
    sim.add(node.label, body);
  };
  const started = new Set<number>();
  const start = (index: number): void => {
    if (started.has(index)) return;
    started.add(index);
    launch(index);
  };
  for (let i = 0; i < nodes.length; i++) if (opts.behaviours?.[i]?.late !== true) start(i);
  return {
    sim,
    nodes,
    labels: nodes.map((n) => n.label),
    validators,
    groupPublicKey: dealing.groupPublicKey,
    commitments: dealing.commitments,
    start,
    crash: (i) => sim.crash(labels[i] as string),
    restart: (i) => sim.restart(labels[i] as string),
  };
}

export function archiveOf(node: NodeRecord): Archive {
  return {
    tip() {
      const last = node.finalized[node.finalized.length - 1];
      return last === undefined ? undefined : { view: last.view, height: last.height, digest: last.digest };
    },
    async byView(view) {
      return node.finalized.find((b) => b.view === view);
    },
    async byHeight(height) {
      return node.finalized.find((b) => b.height === height);
    },
  };
}

/**
 * A small block application with the node's essential statefulness: like a node's state forks, what
 * it verified lives in memory (one incarnation), and it builds or verifies only on a parent it
 * verified itself or that is final. An engine that forgot to have blocks re-verified after a restart
 * would leave it unable to vote (the test for that is "two of four crash").
 */
export function testApplication(node: NodeRecord, nullifier: boolean): Application {
  const known = new Set<string>([toHex(GENESIS)]);
  const parentKnown = (digest: Uint8Array): boolean => known.has(toHex(digest)) || node.finalized.some((b) => equalBytes(b.digest, digest));
  const build = (ctx: BlockContext): Uint8Array =>
    encode(blockCodec, { parent: ctx.parent.digest, height: ctx.parentHeight + 1n, view: ctx.round.view, proposer: ctx.leader, beacon: ctx.beacon, extra: new Uint8Array(0) });
  return {
    genesis: () => GENESIS,
    digest: (payload) => sha256(payload),
    async propose(ctx) {
      if (nullifier || !parentKnown(ctx.parent.digest)) return undefined;
      node.built?.push({ parentHeight: ctx.parentHeight, certificate: ctx.parentCertificate });
      const payload = build(ctx);
      known.add(toHex(sha256(payload)));
      return { payload, digest: sha256(payload) };
    },
    async verify(ctx, payload) {
      if (nullifier) return undefined;
      let block: Infer<typeof blockCodec>;
      try {
        block = decode(blockCodec, payload);
      } catch {
        return undefined;
      }
      const ok =
        equalBytes(block.parent, ctx.parent.digest) &&
        block.height === ctx.parentHeight + 1n &&
        block.view === ctx.round.view &&
        block.proposer === ctx.leader &&
        equalBytes(block.beacon, ctx.beacon) &&
        parentKnown(ctx.parent.digest);
      if (!ok) return undefined;
      known.add(toHex(sha256(payload)));
      return sha256(payload);
    },
    notarized(block) {
      node.notarized.push(block.view);
    },
    async finalized(block) {
      const last = node.finalized[node.finalized.length - 1];
      const expectedHeight = (last?.height ?? 0n) + 1n;
      if (block.height !== expectedHeight) throw new Error(`${node.label}: finalized height ${block.height}, expected ${expectedHeight}`);
      const parent = decode(blockCodec, block.payload).parent;
      if (!equalBytes(parent, last?.digest ?? GENESIS)) throw new Error(`${node.label}: finalized block at ${block.height} does not extend the previous one`);
      node.finalized.push(block);
    },
  };
}

/**
 * Safety across every node: one digest per height and per view, and each node's chain links
 * parent to child from genesis. Throws on the first violation.
 */
export function assertSafety(nodes: readonly NodeRecord[]): void {
  const byHeight = new Map<bigint, string>();
  const byView = new Map<bigint, string>();
  for (const node of nodes) {
    let parent = GENESIS;
    node.finalized.forEach((b, i) => {
      if (b.height !== BigInt(i + 1)) throw new Error(`${node.label}: height ${b.height} at position ${i}`);
      if (!equalBytes(decode(blockCodec, b.payload).parent, parent)) throw new Error(`${node.label}: block ${b.height} does not extend its predecessor`);
      parent = b.digest;
      const d = toHex(b.digest);
      const h = byHeight.get(b.height);
      if (h !== undefined && h !== d) throw new Error(`conflicting finalized blocks at height ${b.height}`);
      byHeight.set(b.height, d);
      const v = byView.get(b.view);
      if (v !== undefined && v !== d) throw new Error(`conflicting finalized blocks at view ${b.view}`);
      byView.set(b.view, d);
    });
  }
}

export function finalizedHeight(node: NodeRecord): bigint {
  return node.finalized[node.finalized.length - 1]?.height ?? 0n;
}

export { concatBytes, GENESIS };

/** Runs until every listed node has finalized at least `height`, or `maxMs` passes. */
export async function runUntilHeight(net: SimNetwork, indices: readonly number[], height: bigint, maxMs: number): Promise<boolean> {
  return net.sim.runUntil(() => indices.every((i) => finalizedHeight(net.nodes[i] as NodeRecord) >= height), { maxMs });
}
