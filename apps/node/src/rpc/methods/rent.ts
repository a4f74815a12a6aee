// The `rent` namespace (cips/rent.md): an actor's rent standing, and its storage as the rent_restore payload
// (what a restorer reads from an archive of the state before eviction). Read at the head through @cowboy/rent.
import { fromHex } from "@cowboy/codec";
import { debtOf, encodeStoragePairs, getRentRecord, getRestoreProgress, RENT_STATUS_NAMES, segmentCount, storagePairsOf, streamLength, type RentState } from "@cowboy/rent";
import type { Chain } from "../../chain/chain.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address } from "./params.js";

function headState(chain: Chain): RentState {
  const refuse = (): never => {
    throw new RpcError(RpcErrorCode.InternalError, "the RPC reads the state only");
  };
  return { get: (key) => chain.state.get(key), set: refuse, delete: refuse };
}

export function rentMethods({ chain }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getRent",
      summary:
        "an actor's rent record at the head: status, assessed epoch, prepaid, debt entries, quota, bond and, when dormant, the kept storage root, its 64 KiB segments and the next chunk a restoration expects; or null",
      params: [["address", address]],
      handler: ([a]) => {
        const state = headState(chain);
        const actor = fromHex(a);
        const r = getRentRecord(state, actor);
        if (r === undefined) return null;
        return {
          status: RENT_STATUS_NAMES[r.status],
          assessed_epoch: r.assessedEpoch.toString(),
          prepaid: r.prepaid.toString(),
          debt: debtOf(r).toString(),
          debt_entries: r.debt.map((d) => ({ epoch: d.epoch.toString(), rate: d.rate.toString(), amount: d.amount.toString() })),
          slots: r.slotCount.toString(),
          quota: r.quota.toString(),
          bond: r.bond.toString(),
          evicted:
            r.evicted === null
              ? null
              : {
                  root: hex(r.evicted.root),
                  bytes: r.evicted.bytes.toString(),
                  slots: r.evicted.slots.toString(),
                  height: r.evicted.height.toString(),
                  // Chunked restoration (cips/rent.md): the 64 KiB segments to send and the next one expected.
                  segments: segmentCount(streamLength(r.evicted.bytes, r.evicted.slots)),
                  next_chunk: (getRestoreProgress(state, actor)?.next ?? 0n).toString(),
                },
        };
      },
    }),
    defineMethod({
      name: "cowboy_getActorStorage",
      summary: "an actor's whole storage at the head as the rent_restore payload (0x hex); read it before an eviction to restore later",
      params: [["address", address]],
      handler: ([a]) => hex(encodeStoragePairs(storagePairsOf(headState(chain), fromHex(a)))),
    }),
  ];
}
