// @cowboy/relay — a CBFS storage relay (cips/cbfs.md §6): `startRelay` composes the disk store and the HTTP
// protocol; protocol rules (roots, manifests, owner signatures) come from @cowboy/cbfs.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { type RelayChain, connectRelayChain } from "./chain.js";
import { type ChainView, createRelayServer } from "./server.js";
import { DiskStore } from "./store.js";
import { releaseOrphans } from "./orphans.js";

export interface RelayOptions {
  /** The relay's secp256k1 private key (32 bytes): its address is its identity. */
  readonly privateKey: Uint8Array;
  /** Stake declared (base units); the placement weight. */
  readonly stake: bigint;
  /** Where shards live. Created if missing. */
  readonly dataDir: string;
  /** TCP port on 127.0.0.1 (0 = any free port). */
  readonly port?: number;
  /** Bytes the relay accepts in total (default 1 TiB). */
  readonly capacity?: bigint;
  /** With a chain view, reads need a CapToken checked against its heights and revocations (cips/cbfs.md §8). */
  readonly chain?: ChainView;
  /** The operator's address (default: the relay's own). */
  readonly operator?: Uint8Array;
  /**
   * A node's JSON-RPC URL: the relay registers itself at 0x0B (stake, capacity, its URL), heartbeats, and checks
   * CapTokens against the chain's height and 0x0A's revocations (cips/cbfs.md §10). Overrides `chain`.
   */
  readonly rpc?: string;
  /** With `rpc`: ms between head polls (default 1000) and blocks between heartbeats (default: half the interval). */
  readonly pollMs?: number;
  readonly heartbeatEvery?: bigint;
  readonly log?: (line: string) => void;
}

export interface RunningRelay {
  readonly url: string;
  readonly address: Uint8Array;
  readonly store: DiskStore;
  /** The chain connection when started with `rpc`. */
  readonly chain?: RelayChain;
  close(): Promise<void>;
}

export async function startRelay(options: RelayOptions): Promise<RunningRelay> {
  const address = addressFromPrivateKey(options.privateKey);
  const store = new DiskStore(options.dataDir);
  const capacity = options.capacity ?? 2n ** 40n;
  let chain: ChainView | undefined = options.chain;
  const server: Server = createRelayServer({ address, privateKey: options.privateKey, operator: options.operator ?? address, stake: options.stake, capacity }, store, () => chain);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  let connected: RelayChain | undefined;
  if (options.rpc !== undefined) {
    try {
      connected = await connectRelayChain({
        rpc: options.rpc,
        privateKey: options.privateKey,
        stake: options.stake,
        capacity,
        endpoint: url,
        readShard: (rootHex) => store.get("shards", rootHex),
        afterHeartbeat: async (height, releaseAt) => {
          for (const root of await releaseOrphans(store, height, releaseAt)) options.log?.(`released orphaned volume 0x${root} and its shards`);
        },
        ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
        ...(options.heartbeatEvery === undefined ? {} : { heartbeatEvery: options.heartbeatEvery }),
        ...(options.log === undefined ? {} : { log: options.log }),
      });
    } catch (error) {
      await stop();
      throw error;
    }
    chain = connected;
  }
  return {
    url,
    address,
    store,
    ...(connected === undefined ? {} : { chain: connected }),
    close: async () => {
      connected?.close();
      await stop();
    },
  };
}

export { DiskStore } from "./store.js";
export { releaseOrphans, type OrphanRelease } from "./orphans.js";
export { createRelayServer, type RelayIdentity, type ChainView } from "./server.js";
export { connectRelayChain, rpcOrphanRelease, sendInstruction, type RelayChain, type RelayChainOptions, type RelayChainJson, type PorChallengeJson } from "./chain.js";
