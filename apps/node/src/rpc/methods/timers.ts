// The `timers` namespace: an address's active timers.
import { fromHex } from "@cowboy/codec";
import { timersOf, timerToJson } from "@cowboy/scheduler";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { address } from "./params.js";

export function timerMethods({ chain }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getTimers",
      summary: "the active timers an address owns (created), in creation order, with their next fire height, per-fire limits and bid; [] on a chain without timers",
      params: [["address", address]],
      handler: ([a]) => {
        if (chain.params.scheduler === undefined) return [];
        return timersOf(chain.state.fork(), fromHex(a)).map(({ id, record }) => timerToJson(id, record));
      },
    }),
  ];
}
