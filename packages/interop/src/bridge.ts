// Wrapped-asset hooks of spec §16.2 (cips/interop.md "Bridge hooks"). A wrapped asset is a platform token at 0x06
// whose mint authority is the EventListener 0x14, i.e. the oracle quorum: registering it opens a subscription, owned
// by 0x14, to the bridge contract's `Locked(token, recipient, amount)` logs for one Ethereum token; each log the
// quorum delivers mints to the recipient, exactly once and in order (the subscription's cursor). A holder's burn
// records an unlock request the third-party bridge reads. This module keeps the records; execution mints and burns.
import { type CborValue, decodeCbor, encodeCbor, U64_MAX } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import type { InteropConfig } from "./config.js";
import { InteropError } from "./errors.js";
import type { EthLog } from "./records.js";
import { EVENT_LISTENER_ADDRESS, type InteropStore, keys, readU64be, u64be } from "./store.js";
import { subscribe } from "./subscriptions.js";

/** topic0 of `event Locked(address indexed token, address indexed recipient, uint256 amount)`. */
export const LOCKED_TOPIC: Uint8Array = keccak256(new TextEncoder().encode("Locked(address,address,uint256)"));
/** The handler name of an asset's subscription: never called, the delivery mints instead. */
export const BRIDGE_MINT_HANDLER = "bridge_mint";
/** The Ethereum "token" address that stands for native ETH. */
export const NATIVE_ETH: Uint8Array = new Uint8Array(20);
/** Most decimals an Ethereum token may declare here (10^36 still leaves u64 room after scaling). */
export const MAX_ETH_DECIMALS = 36n;

export interface WrappedAsset {
  /** The subscription that watches the bridge's Locked logs for this token. */
  readonly subscription: Uint8Array;
  /** The platform token id at 0x06. */
  readonly token: bigint;
  /** The Ethereum contract that locks and unlocks (the third-party bridge). */
  readonly bridge: Uint8Array;
  /** The Ethereum ERC-20 locked, or NATIVE_ETH. */
  readonly ethToken: Uint8Array;
  /** One Cowboy base unit is `scale` Ethereum base units: 10^(eth decimals − token decimals). */
  readonly scale: bigint;
  readonly minted: bigint;
  readonly burned: bigint;
}

export interface UnlockRequest {
  readonly sequence: bigint;
  readonly token: bigint;
  readonly bridge: Uint8Array;
  readonly ethToken: Uint8Array;
  /** The Cowboy holder that burned. */
  readonly holder: Uint8Array;
  /** Who receives the unlocked asset on Ethereum. */
  readonly ethRecipient: Uint8Array;
  /** Burned, in Cowboy base units. */
  readonly amount: bigint;
  /** To unlock, in Ethereum base units (amount × scale). */
  readonly ethAmount: bigint;
  readonly height: bigint;
}

export interface RegisterAssetRequest {
  readonly bridge: Uint8Array;
  readonly ethToken: Uint8Array;
  /** The platform token already created at 0x06 with 0x14 as its creator. */
  readonly token: bigint;
  readonly decimals: bigint;
  readonly ethDecimals: bigint;
  readonly fromBlock: bigint;
  readonly confirmations: bigint;
}

const bad = (m: string) => new InteropError("INVALID_ARGUMENT", m);
const addr20 = (v: unknown, name: string): Uint8Array => {
  if (!(v instanceof Uint8Array) || v.length !== 20) throw bad(`${name} must be 20 bytes`);
  return v;
};
const word = (a: Uint8Array): Uint8Array => Uint8Array.of(...new Uint8Array(12), ...a);

function encodeAsset(a: WrappedAsset): Uint8Array {
  return encodeCbor({ subscription: a.subscription, token: a.token, bridge: a.bridge, eth_token: a.ethToken, scale: a.scale, minted: a.minted, burned: a.burned });
}
function decodeAsset(b: Uint8Array): WrappedAsset {
  const m = decodeCbor(b) as Map<CborValue, CborValue>;
  return {
    subscription: m.get("subscription") as Uint8Array,
    token: m.get("token") as bigint,
    bridge: m.get("bridge") as Uint8Array,
    ethToken: m.get("eth_token") as Uint8Array,
    scale: m.get("scale") as bigint,
    minted: m.get("minted") as bigint,
    burned: m.get("burned") as bigint,
  };
}

/** Checks a registration before the token is created (so a refusal creates nothing). */
export function checkAssetRequest(store: InteropStore, req: Omit<RegisterAssetRequest, "token">, cfg: InteropConfig): void {
  addr20(req.bridge, "bridge");
  addr20(req.ethToken, "eth_token");
  if (req.ethDecimals < 0n || req.ethDecimals > MAX_ETH_DECIMALS) throw bad(`eth_decimals must be 0..${MAX_ETH_DECIMALS}`);
  if (req.decimals < 0n || req.decimals > req.ethDecimals) throw bad("decimals must be 0..eth_decimals (a wrapped unit is a whole number of Ethereum units)");
  if (req.confirmations > cfg.maxConfirmations) throw bad(`confirmations must be 0..${cfg.maxConfirmations}`);
  if (store.get(keys.assetByPair(req.bridge, req.ethToken)) !== undefined)
    throw new InteropError("ASSET_EXISTS", "this bridge already has a wrapped asset for this Ethereum token");
}

/** Records a wrapped asset and opens its Locked-log subscription (owned by 0x14, no deposit, no fee). */
export function registerAsset(store: InteropStore, req: RegisterAssetRequest, cfg: InteropConfig): WrappedAsset {
  checkAssetRequest(store, req, cfg);
  const sub = subscribe(
    store,
    {
      owner: EVENT_LISTENER_ADDRESS,
      contract: req.bridge,
      topics: [LOCKED_TOPIC, word(req.ethToken)],
      fromBlock: req.fromBlock,
      confirmations: req.confirmations,
      handler: BRIDGE_MINT_HANDLER,
      deposit: 0n,
      feePerEvent: 0n,
    },
    cfg,
  );
  const asset: WrappedAsset = {
    subscription: sub.id,
    token: req.token,
    bridge: req.bridge.slice(),
    ethToken: req.ethToken.slice(),
    scale: 10n ** (req.ethDecimals - req.decimals),
    minted: 0n,
    burned: 0n,
  };
  store.set(keys.asset(sub.id), encodeAsset(asset));
  store.set(keys.assetByToken(req.token), sub.id);
  store.set(keys.assetByPair(req.bridge, req.ethToken), sub.id);
  store.set(keys.assetList(), Uint8Array.of(...(store.get(keys.assetList()) ?? []), ...sub.id));
  return asset;
}

/** The asset whose lock events `subscription` watches, if it is one. */
export function assetOfSubscription(store: InteropStore, subscription: Uint8Array): WrappedAsset | undefined {
  const b = store.get(keys.asset(subscription));
  return b === undefined ? undefined : decodeAsset(b);
}

/** The wrapped asset of platform token `token`, if it is one. */
export function assetOfToken(store: InteropStore, token: bigint): WrappedAsset | undefined {
  const id = store.get(keys.assetByToken(token));
  return id === undefined ? undefined : assetOfSubscription(store, id);
}

/** Every wrapped asset, in registration order. */
export function wrappedAssets(store: InteropStore): WrappedAsset[] {
  const list = store.get(keys.assetList()) ?? new Uint8Array(0);
  const out: WrappedAsset[] = [];
  for (let i = 0; i + 32 <= list.length; i += 32) {
    const a = assetOfSubscription(store, list.slice(i, i + 32));
    if (a !== undefined) out.push(a);
  }
  return out;
}

/**
 * What a delivered Locked log mints: the recipient (topic 2, an address left-padded to 32 bytes) and the amount
 * (data, one uint256) divided by the scale. A log that does not say so exactly — another shape, a recipient that is not
 * an address, an amount that is not a whole number of wrapped units or exceeds u64 — throws INVALID_ARGUMENT; the
 * log is consumed all the same (the caller reports the failure), so it can never be minted later.
 */
export function decodeLock(asset: WrappedAsset, log: EthLog): { recipient: Uint8Array; amount: bigint } {
  if (log.topics.length !== 3) throw bad(`a Locked log has 3 topics, this one ${log.topics.length}`);
  const r = log.topics[2]!;
  if (r.subarray(0, 12).some((x) => x !== 0)) throw bad("the recipient topic is not an address");
  if (log.data.length !== 32) throw bad(`a Locked log's data is one uint256 (32 bytes), this one ${log.data.length}`);
  const ethAmount = log.data.reduce((n, x) => (n << 8n) | BigInt(x), 0n);
  if (ethAmount % asset.scale !== 0n) throw bad(`${ethAmount} is not a whole number of wrapped units (1 unit = ${asset.scale})`);
  const amount = ethAmount / asset.scale;
  if (amount === 0n || amount > U64_MAX) throw bad(`the amount ${amount} is not a positive u64`);
  return { recipient: r.slice(12), amount };
}

/** Adds a mint to the asset's totals. */
export function recordMint(store: InteropStore, asset: WrappedAsset, amount: bigint): WrappedAsset {
  const updated = { ...asset, minted: asset.minted + amount };
  store.set(keys.asset(asset.subscription), encodeAsset(updated));
  return updated;
}

/** Records an unlock request for `amount` already burned from `holder`; returns it. */
export function requestUnlock(store: InteropStore, asset: WrappedAsset, holder: Uint8Array, ethRecipient: Uint8Array, amount: bigint, height: bigint): UnlockRequest {
  addr20(holder, "holder");
  addr20(ethRecipient, "eth_recipient");
  if (amount <= 0n) throw bad("an unlock burns a positive amount");
  const sequence = readU64be(store.get(keys.unlockCounter()));
  const request: UnlockRequest = {
    sequence,
    token: asset.token,
    bridge: asset.bridge,
    ethToken: asset.ethToken,
    holder: holder.slice(),
    ethRecipient: ethRecipient.slice(),
    amount,
    ethAmount: amount * asset.scale,
    height,
  };
  store.set(keys.unlockCounter(), u64be(sequence + 1n));
  store.set(keys.unlock(sequence), encodeUnlock(request));
  store.set(keys.asset(asset.subscription), encodeAsset({ ...asset, burned: asset.burned + amount }));
  return request;
}

/** The canonical bytes of an unlock request: the data of its `cowboy:bridge_unlock` receipt event. */
export function encodeUnlock(u: UnlockRequest): Uint8Array {
  return encodeCbor({
    sequence: u.sequence,
    token: u.token,
    bridge: u.bridge,
    eth_token: u.ethToken,
    holder: u.holder,
    eth_recipient: u.ethRecipient,
    amount: u.amount,
    eth_amount: u.ethAmount,
    height: u.height,
  });
}

export function decodeUnlock(b: Uint8Array): UnlockRequest {
  const m = decodeCbor(b) as Map<CborValue, CborValue>;
  const f = (k: string) => m.get(k);
  return {
    sequence: f("sequence") as bigint,
    token: f("token") as bigint,
    bridge: f("bridge") as Uint8Array,
    ethToken: f("eth_token") as Uint8Array,
    holder: f("holder") as Uint8Array,
    ethRecipient: f("eth_recipient") as Uint8Array,
    amount: f("amount") as bigint,
    ethAmount: f("eth_amount") as bigint,
    height: f("height") as bigint,
  };
}

export function getUnlock(store: InteropStore, sequence: bigint): UnlockRequest | undefined {
  const b = store.get(keys.unlock(sequence));
  return b === undefined ? undefined : decodeUnlock(b);
}

/** How many unlock requests were recorded (sequences 0..count−1). */
export function unlockCount(store: InteropStore): bigint {
  return readU64be(store.get(keys.unlockCounter()));
}
