// Subscriptions (spec §16.3; cips/interop.md "Subscriptions"): an actor asks 0x14 for the logs of one Ethereum
// contract matching up to four topic filters, from a block, each delivered once it is `confirmations` deep, paying
// `feePerEvent` per delivery from a CBY deposit. The owner may top up or cancel (the rest of the deposit returns).
import { keccak256 } from "@cowboy/crypto";
import type { InteropConfig } from "./config.js";
import { InteropError } from "./errors.js";
import { decodeSubscription, encodeSubscription, type Subscription } from "./records.js";
import { type InteropStore, keys, readU64be, u64be } from "./store.js";

export interface SubscribeRequest {
  readonly owner: Uint8Array;
  readonly contract: Uint8Array;
  readonly topics: readonly (Uint8Array | null)[];
  readonly fromBlock: bigint;
  readonly confirmations: bigint;
  readonly handler: string;
  /** Already debited from the owner by the caller. */
  readonly deposit: bigint;
  readonly feePerEvent: bigint;
}

const HANDLER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const SUBSCRIPTION_DOMAIN = new TextEncoder().encode("cowboy/eth-subscription/v1");

/** id = keccak256("cowboy/eth-subscription/v1" ‖ u64be(sequence)): unique per chain, known before the call. */
export function subscriptionId(sequence: bigint): Uint8Array {
  return keccak256(Uint8Array.of(...SUBSCRIPTION_DOMAIN, ...u64be(sequence)));
}

export function getSubscription(store: InteropStore, id: Uint8Array): Subscription {
  const b = store.get(keys.subscription(id));
  if (b === undefined) throw new InteropError("NO_SUBSCRIPTION", "no such subscription");
  return decodeSubscription(b);
}

export function putSubscription(store: InteropStore, s: Subscription): void {
  store.set(keys.subscription(s.id), encodeSubscription(s));
}

export function subscribe(store: InteropStore, req: SubscribeRequest, cfg: InteropConfig): Subscription {
  const bad = (m: string) => new InteropError("INVALID_ARGUMENT", m);
  if (!(req.owner instanceof Uint8Array) || req.owner.length !== 20) throw bad("owner must be 20 bytes");
  if (!(req.contract instanceof Uint8Array) || req.contract.length !== 20) throw bad("contract must be 20 bytes");
  if (!Array.isArray(req.topics) || req.topics.length > 4) throw bad("at most 4 topic filters");
  for (const t of req.topics) if (t !== null && (!(t instanceof Uint8Array) || t.length !== 32)) throw bad("a topic filter is 32 bytes or null");
  if (req.confirmations > cfg.maxConfirmations || req.confirmations < 0n) throw bad(`confirmations must be 0..${cfg.maxConfirmations}`);
  if (req.fromBlock < 0n || req.deposit < 0n || req.feePerEvent < 0n) throw bad("amounts and blocks must not be negative");
  if (!HANDLER.test(req.handler)) throw bad("handler must be a Python identifier of at most 64 characters");
  const counterBytes = store.get(keys.counter());
  const sequence = counterBytes === undefined ? 0n : new DataView(counterBytes.buffer, counterBytes.byteOffset).getBigUint64(0);
  store.set(keys.counter(), u64be(sequence + 1n));
  const s: Subscription = {
    id: subscriptionId(sequence),
    owner: req.owner.slice(),
    contract: req.contract.slice(),
    topics: req.topics.map((t) => t?.slice() ?? null),
    fromBlock: req.fromBlock,
    confirmations: req.confirmations,
    handler: req.handler,
    deposit: req.deposit,
    feePerEvent: req.feePerEvent,
    cursor: null,
    delivered: 0n,
  };
  putSubscription(store, s);
  return s;
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Adds `amount` (already debited by the caller) to the deposit; anyone may fund a subscription. */
export function topUp(store: InteropStore, id: Uint8Array, amount: bigint): Subscription {
  if (amount <= 0n) throw new InteropError("INVALID_ARGUMENT", "a top-up must be positive");
  const s = { ...getSubscription(store, id), deposit: getSubscription(store, id).deposit + amount };
  putSubscription(store, s);
  return s;
}

/** Ends the subscription; returns the deposit left, for the caller to credit to the owner. Pending reports lapse. */
export function cancel(store: InteropStore, id: Uint8Array, by: Uint8Array): bigint {
  const s = getSubscription(store, id);
  if (!same(s.owner, by)) throw new InteropError("NOT_OWNER", "only the subscribing actor may cancel its subscription");
  store.delete(keys.subscription(id));
  return s.deposit;
}

/** The live subscriptions in creation order, optionally only those of `owner` (a read for RPC: O(created)). */
export function listSubscriptions(store: InteropStore, owner?: Uint8Array): Subscription[] {
  const created = readU64be(store.get(keys.counter()));
  const out: Subscription[] = [];
  for (let i = 0n; i < created; i++) {
    const b = store.get(keys.subscription(subscriptionId(i)));
    if (b === undefined) continue;
    const s = decodeSubscription(b);
    if (owner === undefined || same(s.owner, owner)) out.push(s);
  }
  return out;
}

/** True when `log` is one the subscription asked for (contract, topics, from block). */
export function matches(s: Subscription, log: { contract: Uint8Array; topics: readonly Uint8Array[]; blockNumber: bigint }): boolean {
  if (!same(s.contract, log.contract) || log.blockNumber < s.fromBlock) return false;
  return s.topics.every((t, i) => t === null || (log.topics[i] !== undefined && same(t, log.topics[i]!)));
}
