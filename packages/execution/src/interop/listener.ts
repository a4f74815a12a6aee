// The EventListener system actor (0x14; spec §16.3, cips/interop.md): @cowboy/interop holds the state machine, this
// module backs its store with the chain state, checks the entitlement, and moves the CBY (deposits, stakes and fees
// are held in 0x14's own account).
import { decodeCbor, toHex, type CborValue } from "@cowboy/codec";
import {
  ASSET_ENTITLEMENT,
  assetOfSubscription,
  cancel,
  declareManifest,
  EVENT_LISTENER_ADDRESS,
  getManifest,
  InteropError,
  type InteropStore,
  permitsAsset,
  permitsContract,
  SUBSCRIBE_ENTITLEMENT,
  subscribe,
  topUp,
} from "@cowboy/interop";
import { TokenError } from "@cowboy/tokens";
import { HostError } from "@cowboy/pvm";
import { systemKey } from "@cowboy/state";
import type { StateAccess } from "../types.js";
import type { Accounts } from "../world.js";
import { bridgeBurn } from "./burn.js";
import { DEFAULT_INTEROP_PARAMS, type InteropParams } from "./params.js";

export { DEFAULT_INTEROP_PARAMS, type InteropParams };

export { EVENT_LISTENER_ADDRESS };

/** The entitlements an actor needs to subscribe and to bridge (spec §16, §15.3 rule 3). */
export { ASSET_ENTITLEMENT, SUBSCRIBE_ENTITLEMENT };

/** Spec §15.3 rule 3 in its interim form (see InteropParams.grantAllEntitlements). */
export function hasEntitlement(state: StateAccess, params: InteropParams, actor: Uint8Array, name: string): boolean {
  if (params.grantAllEntitlements) return true;
  return state.get(systemKey("entitlements", Uint8Array.of(...actor, ...new TextEncoder().encode(name)))) !== undefined;
}

/** The listener's store: its keys under the system registry "eth_events". */
export function listenerStore(state: StateAccess): InteropStore {
  return {
    get: (k) => state.get(systemKey("eth_events", k)),
    set: (k, v) => state.set(systemKey("eth_events", k), v),
    delete: (k) => state.delete(systemKey("eth_events", k)),
  };
}

export function isEventListener(address: Uint8Array): boolean {
  return address.length === 20 && address.every((b, i) => b === EVENT_LISTENER_ADDRESS[i]);
}

const asBytes = (v: CborValue | undefined, n: number, name: string): Uint8Array => {
  if (!(v instanceof Uint8Array) || v.length !== n) throw new HostError("ValueError", `${name} must be ${n} bytes`);
  return v;
};
const asInt = (v: CborValue | undefined, name: string, dflt?: bigint): bigint => {
  if (v === undefined && dflt !== undefined) return dflt;
  if (typeof v !== "bigint" || v < 0n) throw new HostError("ValueError", `${name} must be a non-negative int`);
  return v;
};

/** Keyword arguments of a call to 0x14 (cowboy_sdk sends a map for keywords). */
function kwargs(payload: Uint8Array): Map<CborValue, CborValue> {
  const v = payload.length === 0 ? new Map() : decodeCbor(payload);
  if (!(v instanceof Map)) throw new HostError("ValueError", "calls to the EventListener take keyword arguments only");
  return v;
}

/** What the caller's frame is: whether its constructor runs (the manifest is declared then) and the height. */
export interface ListenerCallContext {
  readonly inConstructor: boolean;
  readonly height: bigint;
}

const asList = (v: CborValue | undefined, name: string): CborValue[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new HostError("ValueError", `${name} must be a list`);
  return v;
};

/** §15.3 rule 3 and §16.4: the entitlement held, and (requireManifest) the manifest naming the target. */
function gate(state: StateAccess, params: InteropParams, caller: Uint8Array, name: string, permitted: boolean, what: string): void {
  if (!hasEntitlement(state, params, caller, name)) throw new HostError("PermissionError", `actor 0x${toHex(caller)} lacks the entitlement ${name}`);
  if (params.requireManifest && !permitted) throw new HostError("PermissionError", `actor 0x${toHex(caller)}: its deployment manifest does not name ${what} (${name})`);
}

/**
 * A synchronous call from actor `caller` into 0x14 with `value` already moved to 0x14's account. Methods:
 * `subscribe(contract, topics, from_block, confirmations, handler, fee_per_event)` (value = the deposit) → the
 * 32-byte subscription id; `cancel(subscription_id)` → the refunded deposit; `top_up(subscription_id)` → the deposit;
 * `declare_manifest(contracts, assets)` (constructor only, once) → None; `bridge_burn(token, amount, eth_recipient)`
 * → the unlock request's sequence.
 * Refusals are HostErrors (the caller's Python sees them; the frame's value moves back with its checkpoint).
 */
export function callEventListener(
  state: StateAccess,
  accounts: Accounts,
  params: InteropParams,
  caller: Uint8Array,
  method: string,
  payload: Uint8Array,
  value: bigint,
  frame: ListenerCallContext = { inConstructor: false, height: 0n },
): CborValue {
  const store = listenerStore(state);
  const a = kwargs(payload);
  try {
    switch (method) {
      case "subscribe": {
        const contract = asBytes(a.get("contract"), 20, "contract");
        gate(state, params, caller, SUBSCRIBE_ENTITLEMENT, permitsContract(getManifest(store, caller), contract), `the contract 0x${toHex(contract)}`);
        const topicsValue = a.get("topics") ?? [];
        if (!Array.isArray(topicsValue)) throw new HostError("ValueError", "topics must be a list of 32-byte values or None");
        const topics = topicsValue.map((t, i) => (t === null ? null : asBytes(t, 32, `topics[${i}]`)));
        const handler = a.get("handler");
        if (typeof handler !== "string") throw new HostError("ValueError", "handler must be a str");
        const sub = subscribe(
          store,
          {
            owner: caller,
            contract,
            topics,
            fromBlock: asInt(a.get("from_block"), "from_block", 0n),
            confirmations: asInt(a.get("confirmations"), "confirmations", 12n),
            handler,
            deposit: value,
            feePerEvent: asInt(a.get("fee_per_event"), "fee_per_event", 0n),
          },
          params,
        );
        return sub.id;
      }
      case "cancel": {
        const refund = cancel(store, asBytes(a.get("subscription_id"), 32, "subscription_id"), caller);
        accounts.debit(EVENT_LISTENER_ADDRESS, refund);
        accounts.credit(caller, refund);
        return refund;
      }
      case "top_up": {
        const id = asBytes(a.get("subscription_id"), 32, "subscription_id");
        // A wrapped asset's subscription takes no deposit (no fee, owned by 0x14): CBY sent to it could never return.
        if (assetOfSubscription(store, id) !== undefined) throw new HostError("ValueError", "a wrapped asset's subscription takes no deposit");
        return topUp(store, id, value).deposit;
      }
      case "declare_manifest": {
        if (!frame.inConstructor) throw new HostError("PermissionError", "a deployment manifest is declared by the actor's constructor (__init__) only");
        const contracts = asList(a.get("contracts"), "contracts").map((c, i) => asBytes(c, 20, `contracts[${i}]`));
        const assets = asList(a.get("assets"), "assets").map((t, i) => asInt(t, `assets[${i}]`));
        declareManifest(store, caller, { contracts, assets }, params);
        return null;
      }
      case "bridge_burn": {
        const token = asInt(a.get("token"), "token");
        gate(state, params, caller, ASSET_ENTITLEMENT, permitsAsset(getManifest(store, caller), token), `the wrapped asset ${token}`);
        const eth = asBytes(a.get("eth_recipient"), 20, "eth_recipient");
        return bridgeBurn(state, store, token, caller, asInt(a.get("amount"), "amount"), eth, frame.height).sequence;
      }
      default:
        throw new HostError("LookupError", `the EventListener has no method '${method}'`);
    }
  } catch (error) {
    if (error instanceof TokenError) throw new HostError("ValueError", `${error.code}: ${error.message}`);
    if (error instanceof InteropError) {
      const pyType = error.code === "NOT_OWNER" ? "PermissionError" : error.code === "NO_SUBSCRIPTION" || error.code === "NO_ASSET" ? "LookupError" : "ValueError";
      throw new HostError(pyType, error.message);
    }
    throw error;
  }
}
