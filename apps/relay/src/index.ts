// @cowboy/relay — a CBFS storage relay (cips/cbfs.md §6): `startRelay` composes the disk store and the HTTP
// protocol; protocol rules (roots, manifests, owner signatures) come from @cowboy/cbfs.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { type ChainView, createRelayServer } from "./server.js";
import { DiskStore } from "./store.js";

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
}

export interface RunningRelay {
  readonly url: string;
  readonly address: Uint8Array;
  readonly store: DiskStore;
  close(): Promise<void>;
}

export async function startRelay(options: RelayOptions): Promise<RunningRelay> {
  const address = addressFromPrivateKey(options.privateKey);
  const store = new DiskStore(options.dataDir);
  const server: Server = createRelayServer({ address, operator: options.operator ?? address, stake: options.stake, capacity: options.capacity ?? 2n ** 40n }, store, options.chain);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    address,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { DiskStore } from "./store.js";
export { createRelayServer, type RelayIdentity, type ChainView } from "./server.js";
