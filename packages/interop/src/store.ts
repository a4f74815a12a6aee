// Where the EventListener keeps its state: a key-value view the execution layer backs with the authenticated state
// (under the system registry "eth_events" of address 0x14). Keys are this module's; one concept per key:
//   "o" ‖ operator(20)                      → oracle record
//   "O"                                     → the registered operators, sorted, concatenated (20 bytes each)
//   "n"                                     → u64be: subscriptions created so far (ids are derived from it)
//   "s" ‖ id(32)                            → subscription record
//   "p" ‖ id(32) ‖ u64be block ‖ u64be log  → the pending reports for one log position
//   "e" ‖ evidence id(32)                   → 01: this equivocation was slashed
//   "a" ‖ subscription id(32)               → a wrapped asset whose lock events that subscription watches
//   "t" ‖ u64be token id                    → that asset's subscription id
//   "A" ‖ bridge(20) ‖ Ethereum token(20)   → that asset's subscription id (one asset per pair)
//   "L"                                     → every asset's subscription id, in registration order (32 bytes each)
//   "U"                                     → u64be: unlock requests recorded so far
//   "u" ‖ u64be sequence                    → an unlock request
//   "m" ‖ actor(20)                         → the actor's interop manifest (declared once, in its constructor)
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";

export interface InteropStore {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}

/** The EventListener's system-actor address (spec §9: the next free slot, 0x14). */
export const EVENT_LISTENER_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.eventListener);

const tag = (c: string): number => c.charCodeAt(0);

export function readU64be(b: Uint8Array | undefined): bigint {
  return b === undefined ? 0n : new DataView(b.buffer, b.byteOffset, b.byteLength).getBigUint64(0);
}

export function u64be(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
}

export const keys = {
  oracle: (operator: Uint8Array): Uint8Array => Uint8Array.of(tag("o"), ...operator),
  oracleList: (): Uint8Array => Uint8Array.of(tag("O")),
  counter: (): Uint8Array => Uint8Array.of(tag("n")),
  subscription: (id: Uint8Array): Uint8Array => Uint8Array.of(tag("s"), ...id),
  pending: (id: Uint8Array, block: bigint, logIndex: bigint): Uint8Array => Uint8Array.of(tag("p"), ...id, ...u64be(block), ...u64be(logIndex)),
  evidence: (id: Uint8Array): Uint8Array => Uint8Array.of(tag("e"), ...id),
  asset: (subscription: Uint8Array): Uint8Array => Uint8Array.of(tag("a"), ...subscription),
  assetByToken: (token: bigint): Uint8Array => Uint8Array.of(tag("t"), ...u64be(token)),
  assetByPair: (bridge: Uint8Array, ethToken: Uint8Array): Uint8Array => Uint8Array.of(tag("A"), ...bridge, ...ethToken),
  assetList: (): Uint8Array => Uint8Array.of(tag("L")),
  unlockCounter: (): Uint8Array => Uint8Array.of(tag("U")),
  unlock: (sequence: bigint): Uint8Array => Uint8Array.of(tag("u"), ...u64be(sequence)),
  manifest: (actor: Uint8Array): Uint8Array => Uint8Array.of(tag("m"), ...actor),
};

/** An in-memory store for tests and simulations. */
export class MemoryInteropStore implements InteropStore {
  readonly map = new Map<string, Uint8Array>();
  #k = (key: Uint8Array): string => Array.from(key, (b) => b.toString(16).padStart(2, "0")).join("");
  get(key: Uint8Array): Uint8Array | undefined {
    return this.map.get(this.#k(key))?.slice();
  }
  set(key: Uint8Array, value: Uint8Array): void {
    this.map.set(this.#k(key), value.slice());
  }
  delete(key: Uint8Array): void {
    this.map.delete(this.#k(key));
  }
}
