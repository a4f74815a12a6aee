// The `interop` namespace (cips/interop.md "RPC"): the EventListener 0x14 read at the head through @cowboy/interop
// (which owns the layout): Ethereum event subscriptions, oracles, wrapped assets and unlock requests. Amounts, blocks
// and ids are decimal strings; bytes are 0x-hex.
import { fromHex } from "@cowboy/codec";
import { listenerStore, type StateAccess } from "@cowboy/execution";
import {
  assetOfToken,
  getOracle,
  getSubscription,
  getUnlock,
  InteropError,
  type InteropStore,
  listSubscriptions,
  oracles,
  type Subscription,
  unlockCount,
  type UnlockRequest,
  type WrappedAsset,
  wrappedAssets,
} from "@cowboy/interop";
import { z } from "zod";
import type { Chain } from "../../chain/chain.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address, hash32, u64 } from "./params.js";

/** Most unlock requests one call returns. */
const MAX_UNLOCKS_PER_CALL = 1_000n;

function headStore(chain: Chain): InteropStore {
  const refuse = (): never => {
    throw new RpcError(RpcErrorCode.InternalError, "the RPC reads the state only");
  };
  return listenerStore({ get: (key: Uint8Array) => chain.state.get(key), set: refuse, delete: refuse } as unknown as StateAccess);
}

function subscriptionJson(s: Subscription) {
  return {
    id: hex(s.id),
    owner: hex(s.owner),
    contract: hex(s.contract),
    topics: s.topics.map((t) => (t === null ? null : hex(t))),
    from_block: s.fromBlock.toString(),
    confirmations: s.confirmations.toString(),
    handler: s.handler,
    deposit: s.deposit.toString(),
    fee_per_event: s.feePerEvent.toString(),
    cursor: s.cursor === null ? null : { block: s.cursor.block.toString(), log_index: s.cursor.logIndex.toString() },
    delivered: s.delivered.toString(),
  };
}

function assetJson(a: WrappedAsset) {
  return {
    token: a.token.toString(),
    subscription: hex(a.subscription),
    bridge: hex(a.bridge),
    eth_token: hex(a.ethToken),
    scale: a.scale.toString(),
    minted: a.minted.toString(),
    burned: a.burned.toString(),
  };
}

function unlockJson(u: UnlockRequest) {
  return {
    sequence: u.sequence.toString(),
    token: u.token.toString(),
    bridge: hex(u.bridge),
    eth_token: hex(u.ethToken),
    holder: hex(u.holder),
    eth_recipient: hex(u.ethRecipient),
    amount: u.amount.toString(),
    eth_amount: u.ethAmount.toString(),
    height: u.height.toString(),
  };
}

export function interopMethods({ chain }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getEthSubscription",
      summary: "an Ethereum event subscription at the EventListener 0x14 (owner, contract, topics, confirmations, deposit, cursor, ...); or null",
      params: [["id", hash32]],
      handler: ([id]) => {
        try {
          return subscriptionJson(getSubscription(headStore(chain), fromHex(id.slice(2))));
        } catch (error) {
          if (error instanceof InteropError && error.code === "NO_SUBSCRIPTION") return null;
          throw error;
        }
      },
    }),
    defineMethod({
      name: "cowboy_listEthSubscriptions",
      summary: "the live Ethereum event subscriptions in creation order, optionally only one subscriber's (a wrapped asset's is owned by 0x14)",
      params: [["filter", z.strictObject({ subscriber: address.optional() }).optional()]],
      handler: ([filter]) => {
        const owner = filter?.subscriber === undefined ? undefined : fromHex(filter.subscriber.slice(2));
        return listSubscriptions(headStore(chain), owner).map(subscriptionJson);
      },
    }),
    defineMethod({
      name: "cowboy_listEthOracles",
      summary: "the oracles with a stake at 0x14: address, stake, since, unbonding_until (null while active)",
      params: [],
      handler: () => {
        const store = headStore(chain);
        return oracles(store).map((o) => {
          const r = getOracle(store, o)!;
          return { address: hex(o), stake: r.stake.toString(), since: r.since.toString(), unbonding_until: r.unbondingUntil === null ? null : r.unbondingUntil.toString() };
        });
      },
    }),
    defineMethod({
      name: "cowboy_getEthOracle",
      summary: "one oracle's record, active or unbonding (stake, since, unbonding_until); or null",
      params: [["address", address]],
      handler: ([a]) => {
        const r = getOracle(headStore(chain), fromHex(a.slice(2)));
        return r === undefined
          ? null
          : { address: a, stake: r.stake.toString(), since: r.since.toString(), unbonding_until: r.unbondingUntil === null ? null : r.unbondingUntil.toString() };
      },
    }),
    defineMethod({
      name: "cowboy_listBridgeAssets",
      summary: "the wrapped assets (§16.2) in registration order: token id at 0x06, its Locked-log subscription, bridge, eth_token, scale, minted, burned",
      params: [],
      handler: () => wrappedAssets(headStore(chain)).map(assetJson),
    }),
    defineMethod({
      name: "cowboy_getBridgeAsset",
      summary: "the wrapped asset of platform token id; or null",
      params: [["token", u64]],
      handler: ([token]) => {
        const a = assetOfToken(headStore(chain), BigInt(token));
        return a === undefined ? null : assetJson(a);
      },
    }),
    defineMethod({
      name: "cowboy_listUnlockRequests",
      summary: "unlock requests recorded by burns, from sequence `from` (default 0), at most `limit` (default and max 1000): what the bridge unlocks on Ethereum",
      params: [["range", z.strictObject({ from: u64.optional(), limit: u64.optional() }).optional()]],
      handler: ([range]) => {
        const store = headStore(chain);
        const from = BigInt(range?.from ?? "0");
        const limit = range?.limit === undefined ? MAX_UNLOCKS_PER_CALL : BigInt(range.limit) < MAX_UNLOCKS_PER_CALL ? BigInt(range.limit) : MAX_UNLOCKS_PER_CALL;
        const end = unlockCount(store);
        const out = [];
        for (let i = from; i < end && i < from + limit; i++) {
          const u = getUnlock(store, i);
          if (u !== undefined) out.push(unlockJson(u));
        }
        return out;
      },
    }),
  ];
}
