// Timer history (apps/node/README.md "Logs, traces and timer history"; cips/actors.md "Timers"):
// why each of an address's timers ended, and the receipt-like records of a timer's fires, from the
// node's observation index (outside consensus data).
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { address, hash32 } from "./params.js";

export function timerHistoryMethods({ observations }: NodeContext): RpcMethod[] {
  const store = () =>
    observations ??
    (() => {
      throw new RpcError(RpcErrorCode.Unavailable, "this node keeps no observation index");
    })();
  return [
    defineMethod({
      name: "cowboy_getTimerHistory",
      summary: "the timers an address owned that ended, oldest first: [{timerId, handler, reason: insufficient_funds | expired | cancelled | completed, height}]",
      params: [["address", address]],
      handler: ([a]) => store().timerHistory(a),
    }),
    defineMethod({
      name: "cowboy_getTimerFires",
      summary: "the receipt-like records of a timer's fires, oldest first: status, usage, events and debug trace",
      params: [["timerId", hash32]],
      handler: ([id]) => store().fires(id),
    }),
  ];
}
