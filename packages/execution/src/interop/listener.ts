// The EventListener system actor (0x14; spec §16.3, cips/interop.md): @cowboy/interop holds the state machine, this
// module backs its store with the chain state, checks the entitlement, and moves the CBY (deposits, stakes and fees
// are held in 0x14's own account).
import { decodeCbor, toHex, type CborValue } from "@cowboy/codec";
import { cancel, EVENT_LISTENER_ADDRESS, InteropError, type InteropStore, subscribe, topUp } from "@cowboy/interop";
import { HostError } from "@cowboy/pvm";
import { systemKey } from "@cowboy/state";
import type { StateAccess } from "../types.js";
import type { Accounts } from "../world.js";
import { DEFAULT_INTEROP_PARAMS, type InteropParams } from "./params.js";

export { DEFAULT_INTEROP_PARAMS, type InteropParams };

export { EVENT_LISTENER_ADDRESS };

/** The entitlement an actor needs to subscribe (spec §16, §15.3 rule 3). */
export const SUBSCRIBE_ENTITLEMENT = "bridge.subscribe_event";

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

/**
 * A synchronous call from actor `caller` into 0x14 with `value` already moved to 0x14's account. Methods:
 * `subscribe(contract, topics, from_block, confirmations, handler, fee_per_event)` (value = the deposit) → the
 * 32-byte subscription id; `cancel(subscription_id)` → the refunded deposit; `top_up(subscription_id)` → the deposit.
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
): CborValue {
  const store = listenerStore(state);
  const a = kwargs(payload);
  try {
    switch (method) {
      case "subscribe": {
        if (!hasEntitlement(state, params, caller, SUBSCRIBE_ENTITLEMENT))
          throw new HostError("PermissionError", `actor 0x${toHex(caller)} lacks the entitlement ${SUBSCRIBE_ENTITLEMENT}`);
        const topicsValue = a.get("topics") ?? [];
        if (!Array.isArray(topicsValue)) throw new HostError("ValueError", "topics must be a list of 32-byte values or None");
        const topics = topicsValue.map((t, i) => (t === null ? null : asBytes(t, 32, `topics[${i}]`)));
        const handler = a.get("handler");
        if (typeof handler !== "string") throw new HostError("ValueError", "handler must be a str");
        const sub = subscribe(
          store,
          {
            owner: caller,
            contract: asBytes(a.get("contract"), 20, "contract"),
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
      case "top_up":
        return topUp(store, asBytes(a.get("subscription_id"), 32, "subscription_id"), value).deposit;
      default:
        throw new HostError("LookupError", `the EventListener has no method '${method}'`);
    }
  } catch (error) {
    if (error instanceof InteropError) {
      const pyType = error.code === "NOT_OWNER" ? "PermissionError" : error.code === "NO_SUBSCRIPTION" ? "LookupError" : "ValueError";
      throw new HostError(pyType, error.message);
    }
    throw error;
  }
}
