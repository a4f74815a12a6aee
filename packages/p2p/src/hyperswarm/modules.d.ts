// The small part of hyperswarm 4.17 / hyperdht 6.34 the overlay uses (they ship no types).
declare module "hyperdht" {
  interface KeyPair {
    publicKey: Uint8Array;
    secretKey: Uint8Array;
  }
  export default class DHT {
    constructor(options: { bootstrap: readonly { host: string; port: number }[]; host?: string; keyPair?: KeyPair; port?: number });
    static keyPair(seed?: Uint8Array): KeyPair;
    destroy(): Promise<void>;
  }
}

declare module "hyperswarm" {
  import type { Duplex } from "node:stream";
  import type DHT from "hyperdht";
  export interface SwarmConnection extends Duplex {
    remotePublicKey: Uint8Array;
  }
  interface Discovery {
    flushed(): Promise<void>;
    refresh(options?: { client?: boolean; server?: boolean }): Promise<void>;
    destroy(): Promise<void>;
  }
  export default class Hyperswarm {
    constructor(options: { dht: DHT; keyPair: { publicKey: Uint8Array; secretKey: Uint8Array }; maxPeers?: number; firewall?: (remotePublicKey: Uint8Array) => boolean });
    readonly keyPair: { publicKey: Uint8Array; secretKey: Uint8Array };
    readonly connections: Set<SwarmConnection>;
    on(event: "connection", listener: (connection: SwarmConnection, info: unknown) => void): this;
    join(topic: Uint8Array, options?: { server?: boolean; client?: boolean }): Discovery;
    flush(): Promise<void>;
    destroy(): Promise<void>;
  }
}

declare module "hyperdht/testnet.js" {
  export interface Testnet {
    bootstrap: { host: string; port: number }[];
    destroy(): Promise<void>;
  }
  export default function createTestnet(size?: number, options?: { host?: string; port?: number }): Promise<Testnet>;
}
