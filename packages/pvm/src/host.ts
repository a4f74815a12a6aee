// The boundary between the PVM and the chain. The PVM knows nothing of state, messages or
// consensus: the execution layer implements `Host`, and Python reaches it only through the host
// module (hostmodule.ts), which meters every call with the §17.3 costs.
import { bls, deriveRandomness, ed25519, keccak256, secp256k1, sha256 } from "@cowboy/crypto";

export interface BlockInfo {
  height: bigint;
  /** Block timestamp in milliseconds (from the header, never the host clock). */
  timestamp: bigint;
  chainId: bigint;
}

export type SignatureScheme = "ed25519" | "secp256k1" | "bls";
export type HashAlgorithm = "sha256" | "keccak256";

export interface Host {
  storageGet(key: Uint8Array): Uint8Array | null;
  storageSet(key: Uint8Array, value: Uint8Array): void;
  storageDelete(key: Uint8Array): void;
  /** Enqueue a message to another actor (delivered after this call, never re-entrantly). */
  sendMessage(to: Uint8Array, method: string, payload: Uint8Array): void;
  /** Synchronous call into another actor within the block (the execution layer bounds depth). */
  callActor(to: Uint8Array, method: string, payload: Uint8Array): Uint8Array;
  setTimer(height: bigint, handler: string, data: Uint8Array): bigint;
  cancelTimer(id: bigint): boolean;
  blockInfo(): BlockInfo;
  /** HKDF(R, label) of the execution-readable beacon (spec §3.4). */
  randomness(label: Uint8Array): Uint8Array;
  emitEvent(topic: string, data: Uint8Array): void;
  verifySignature(scheme: SignatureScheme, publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
  hash(algorithm: HashAlgorithm, data: Uint8Array): Uint8Array;
}

function hexKey(b: Uint8Array): string {
  return Buffer.from(b).toString("hex");
}

export interface MemoryHostOptions {
  block?: BlockInfo;
  /** The beacon R for randomness(); 32 zero bytes by default. */
  beacon?: Uint8Array;
}

/** An in-memory Host for tests and `cowboy pvm run`: storage is a Map, effects are recorded. */
export class MemoryHost implements Host {
  readonly storage = new Map<string, Uint8Array>();
  readonly messages: { to: Uint8Array; method: string; payload: Uint8Array }[] = [];
  readonly events: { topic: string; data: Uint8Array }[] = [];
  readonly timers = new Map<bigint, { height: bigint; handler: string; data: Uint8Array }>();
  #nextTimer = 1n;
  readonly #block: BlockInfo;
  readonly #beacon: Uint8Array;
  /** Actors reachable by callActor: address hex → handler. */
  readonly actors = new Map<string, (method: string, payload: Uint8Array) => Uint8Array>();

  constructor(opts: MemoryHostOptions = {}) {
    this.#block = opts.block ?? { height: 1n, timestamp: 0n, chainId: 1n };
    this.#beacon = opts.beacon ?? new Uint8Array(32);
  }
  storageGet(key: Uint8Array): Uint8Array | null {
    return this.storage.get(hexKey(key))?.slice() ?? null;
  }
  storageSet(key: Uint8Array, value: Uint8Array): void {
    this.storage.set(hexKey(key), value.slice());
  }
  storageDelete(key: Uint8Array): void {
    this.storage.delete(hexKey(key));
  }
  sendMessage(to: Uint8Array, method: string, payload: Uint8Array): void {
    this.messages.push({ to: to.slice(), method, payload: payload.slice() });
  }
  callActor(to: Uint8Array, method: string, payload: Uint8Array): Uint8Array {
    const a = this.actors.get(hexKey(to));
    if (a === undefined) throw new Error(`no actor at ${hexKey(to)}`);
    return a(method, payload);
  }
  setTimer(height: bigint, handler: string, data: Uint8Array): bigint {
    const id = this.#nextTimer++;
    this.timers.set(id, { height, handler, data: data.slice() });
    return id;
  }
  cancelTimer(id: bigint): boolean {
    return this.timers.delete(id);
  }
  blockInfo(): BlockInfo {
    return { ...this.#block };
  }
  randomness(label: Uint8Array): Uint8Array {
    return deriveRandomness(this.#beacon, label);
  }
  emitEvent(topic: string, data: Uint8Array): void {
    this.events.push({ topic, data: data.slice() });
  }
  verifySignature(scheme: SignatureScheme, publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
    try {
      if (scheme === "ed25519") return ed25519.verify(signature, message, publicKey);
      if (scheme === "secp256k1") return secp256k1.verify(signature, message, publicKey);
      return bls.verify(signature, message, publicKey);
    } catch {
      return false;
    }
  }
  hash(algorithm: HashAlgorithm, data: Uint8Array): Uint8Array {
    return algorithm === "sha256" ? sha256(data) : keccak256(data);
  }
}
