// The `dev` namespace (issue 20, apps/node/README.md "Dev methods"): the anvil-style controls of a
// devnet in manual mode (--block-time 0). Every method answers -32003 on any other chain.
import { CodecError, fromHex } from "@cowboy/codec";
import { TransactionError, transactionFromJson, type Transaction } from "@cowboy/types";
import { z } from "zod";
import type { DevControl } from "../../chain/dev-control.js";
import { MempoolError } from "../../mempool/errors.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address, u64 } from "./params.js";

/** The most blocks one dev_mine makes. */
export const MAX_DEV_MINE = 10_000;

export function devMethods(ctx: NodeContext): RpcMethod[] {
  const dev = (): DevControl => {
    if (ctx.dev === undefined) throw new RpcError(RpcErrorCode.Unavailable, "dev_* methods exist only on a devnet in manual mode (cowboyd --block-time 0)");
    return ctx.dev;
  };
  const { chain, mempool } = ctx;
  return [
    defineMethod({
      name: "dev_mine",
      summary: "mines `n` blocks now (default 1) from the pending transactions; returns the new head height",
      params: [["n", z.number().int().min(1).max(MAX_DEV_MINE).optional()]],
      handler: ([n]) => {
        dev().mine(n ?? 1);
        return chain.head.height.toString();
      },
    }),
    defineMethod({
      name: "dev_setNextBlockTimestamp",
      summary: "the next block's timestamp in seconds since the epoch (later blocks continue from it); must be after the head's",
      params: [
        [
          "seconds",
          z
            .number()
            .int()
            .min(0)
            .max(Number.MAX_SAFE_INTEGER / 1000),
        ],
      ],
      handler: ([seconds]) => {
        if (!dev().setNextBlockTimestamp(BigInt(seconds) * 1000n)) {
          throw new RpcError(RpcErrorCode.InvalidParams, `timestamp ${seconds} s is not after the head's ${chain.head.timestamp_ms} ms`);
        }
        return true;
      },
    }),
    defineMethod({
      name: "dev_snapshot",
      summary: "records the head; returns an id for dev_revert",
      params: [],
      handler: () => dev().snapshot(),
    }),
    defineMethod({
      name: "dev_revert",
      summary: "returns state, blocks and mempool to snapshot `id` (blocks above it are discarded; the snapshot and later ones are used up); false for an unknown id",
      params: [["id", z.number().int().min(1)]],
      handler: ([id]) => dev().revert(id),
    }),
    defineMethod({
      name: "dev_setBalance",
      summary: "sets an account's balance (base units) at the start of the next block; with automine on, that block is mined now",
      params: [
        ["address", address],
        ["amount", u64],
      ],
      handler: ([a, amount]) => {
        dev().setBalance(fromHex(a), BigInt(amount));
        return true;
      },
    }),
    defineMethod({
      name: "dev_impersonateAccount",
      summary: "lets dev_sendTransaction send transactions from `address` without its key",
      params: [["address", address]],
      handler: ([a]) => {
        dev().impersonate(fromHex(a));
        return true;
      },
    }),
    defineMethod({
      name: "dev_stopImpersonatingAccount",
      summary: "ends an impersonation; false when the address was not impersonated",
      params: [["address", address]],
      handler: ([a]) => dev().stopImpersonating(fromHex(a)),
    }),
    defineMethod({
      name: "dev_setAutomine",
      summary: "on: every admitted transaction is mined in a block at once (and what is pending now); off: blocks only by dev_mine",
      params: [["on", z.boolean()]],
      handler: ([on]) => {
        dev().setAutomine(on);
        return true;
      },
    }),
    defineMethod({
      name: "dev_sendTransaction",
      summary: "admits a transaction (JSON form) from an impersonated sender without checking its signature (send 65 zero bytes); returns its hash",
      params: [["transaction", z.record(z.string(), z.unknown())]],
      handler: ([json]) => {
        const control = dev();
        let tx: Transaction;
        try {
          tx = transactionFromJson(json);
        } catch (error) {
          if (error instanceof TransactionError || error instanceof CodecError) throw new RpcError(RpcErrorCode.InvalidParams, `invalid transaction: ${error.message}`);
          throw error;
        }
        if (!control.isImpersonated(tx.from)) throw new RpcError(RpcErrorCode.InvalidParams, `${hex(tx.from)} is not impersonated (dev_impersonateAccount first)`);
        try {
          // No signature failures: the impersonated sender's signature is not checked (the builder trusts admission).
          mempool.add(tx, chain.accounts, []);
        } catch (error) {
          if (error instanceof MempoolError) throw new RpcError(RpcErrorCode.TransactionRejected, `${error.code}: ${error.message}`);
          throw error;
        }
        ctx.onTransaction?.(tx);
        return hex(tx.digest());
      },
    }),
  ];
}
