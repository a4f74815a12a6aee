// Test helpers: nodes on 127.0.0.1 with deterministic keys, a registry that closes every node in
// afterEach, and a poll-until helper (real sockets: conditions are awaited, never slept on blindly).
import { createP2PNetwork, type P2PNetwork, type P2PNetworkOptions } from "../../src/index.js";

export const LOOPBACK_QUIC = "/ip4/127.0.0.1/udp/0/quic-v1";

/** A deterministic 32-byte seed for node `i`. */
export function seed(i: number): Uint8Array {
  return new Uint8Array(32).fill(i + 1);
}

export class Cluster {
  readonly #nodes: P2PNetwork[] = [];

  async node(i: number, options: Partial<P2PNetworkOptions> = {}): Promise<P2PNetwork> {
    const node = await createP2PNetwork({ privateKey: seed(i), listen: [LOOPBACK_QUIC], loopbackOnly: true, maintenanceIntervalMs: 250, ...options });
    this.#nodes.push(node);
    return node;
  }

  /** A bootstrap node and `n` nodes that know only its address. */
  async star(n: number, options: Partial<P2PNetworkOptions> = {}): Promise<{ boot: P2PNetwork; nodes: P2PNetwork[] }> {
    const boot = await this.node(0, options);
    const nodes: P2PNetwork[] = [];
    for (let i = 1; i <= n; i++) nodes.push(await this.node(i, { bootstrap: boot.addresses(), ...options }));
    return { boot, nodes };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.#nodes.splice(0).map((n) => n.close()));
  }
}

/** Polls `condition` every 20 ms until it holds; fails with `what` after `timeoutMs`. */
export async function until(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<number> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - start;
}

/** True when every node is connected to every other node. */
export function fullMesh(nodes: readonly P2PNetwork[]): boolean {
  return nodes.every((a) => nodes.every((b) => a === b || a.peers().includes(b.self)));
}
