// The `traces` namespace (apps/node/README.md "Logs, traces and timer history"): the debug trace of
// a transaction (Python traceback and print() output), kept by the node outside consensus data.
import { fromHex } from "@cowboy/codec";
import { receiptStatusName } from "@cowboy/types";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hash32 } from "./params.js";

export function traceMethods({ chain, observations }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getTrace",
      summary:
        "the debug trace of an included transaction: {status, error: {type, message, traceback: [{file, line, function}]} | null, output (print)}; null when the transaction is not included",
      params: [["hash", hash32]],
      handler: ([h]) => {
        if (observations === undefined) throw new RpcError(RpcErrorCode.Unavailable, "this node keeps no observation index");
        const location = chain.blocks.txLocation(fromHex(h));
        if (location === undefined || location.height > chain.head.height) return null;
        const kept = observations.trace(h);
        if (kept !== undefined) return kept;
        // Only failures and runs that printed are kept: anything else succeeded silently.
        const receipt = chain.blocks.receipts(location.blockHash)?.[location.index];
        return receipt === undefined ? null : { status: receiptStatusName(receipt.status), error: null, output: "" };
      },
    }),
  ];
}
