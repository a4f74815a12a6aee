// Dialling with backoff (cips/consensus.md, "Network" → "Discovery"): bootstrap nodes, peers the DHT
// found, and peers we want back (the allowed validators, peers once connected). One dial per target at
// a time; a failed target waits 500 ms, doubling to 8 s, before the next attempt; success clears it.
import type { PeerId } from "@cowboy/runtime";
import type { Libp2p, PeerId as Libp2pPeerId } from "@libp2p/interface";
import type { Multiaddr } from "@multiformats/multiaddr";
import type { P2PLogger } from "./hooks.js";

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8000;
const DIAL_TIMEOUT_MS = 5000;

export class Dialer {
  readonly #libp2p: Libp2p;
  readonly #logger: P2PLogger;
  readonly #dialing = new Set<string>();
  readonly #backoff = new Map<string, { next: number; delay: number }>();
  #stopped = false;

  constructor(libp2p: Libp2p, logger: P2PLogger) {
    this.#libp2p = libp2p;
    this.#logger = logger;
  }

  /** Dials `target` unless a dial of `key` is running or backing off. */
  dial(key: string, target: Libp2pPeerId | Multiaddr): void {
    if (this.#stopped || this.#dialing.has(key) || !this.#ready(key)) return;
    this.#dialing.add(key);
    this.#libp2p
      .dial(target, { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) })
      .then(
        () => this.#backoff.delete(key),
        (err) => {
          const delay = Math.min(2 * (this.#backoff.get(key)?.delay ?? FIRST_BACKOFF_MS / 2), MAX_BACKOFF_MS);
          this.#backoff.set(key, { next: performance.now() + delay, delay });
          this.#logger.debug("p2p dial failed", { module: "p2p", target: String(target), retryInMs: delay, error: String(err) });
        },
      )
      .finally(() => this.#dialing.delete(key));
  }

  /** The peer connected (by our dial or theirs): its next dial, if ever needed, starts without delay. */
  connected(peer: PeerId): void {
    this.#backoff.delete(peer);
  }

  /** Dials every bootstrap address whose peer is not connected. */
  redialBootstrap(bootstrap: readonly Multiaddr[]): void {
    for (const address of bootstrap) {
      const peer = address.getComponents().at(-1)?.value;
      const connected = this.#libp2p.getConnections().some((c) => c.remotePeer.toString() === peer);
      if (!connected) this.dial(String(address), address);
    }
  }

  stop(): void {
    this.#stopped = true;
  }

  #ready(key: string): boolean {
    const backoff = this.#backoff.get(key);
    return backoff === undefined || backoff.next <= performance.now();
  }
}
