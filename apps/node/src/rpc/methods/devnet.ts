// The `devnet` namespace: methods that exist only on a development chain (the faucet).
import { fromHex } from "@cowboy/codec";
import { nextBlockBasefees, transferTransaction } from "@cowboy/execution";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import { admit, type NodeContext } from "./context.js";
import { address, u64 } from "./params.js";

/** What the faucet sends when no amount is named: 100 CBY. */
const FAUCET_DEFAULT = 100n * BASE_UNITS_PER_CBY;

export function devnetMethods(ctx: NodeContext): RpcMethod[] {
  const { chain, mempool } = ctx;
  return [
    defineMethod({
      name: "cowboy_faucet",
      summary: "devnet only: sends `amount` base units (default 100 CBY) from dev account 0; returns the tx hash",
      params: [
        ["address", address],
        ["amount", u64.optional()],
      ],
      handler: async ([a, amount]) => {
        const payer = ctx.devAccounts?.[0];
        if (payer === undefined) throw new RpcError(RpcErrorCode.Unavailable, "the faucet exists only on a devnet");
        const tx = transferTransaction(chain.params, {
          from: payer.address,
          to: fromHex(a),
          amount: amount === undefined ? FAUCET_DEFAULT : BigInt(amount),
          nonce: mempool.pendingNonce(payer.address, chain.accounts),
          basefees: nextBlockBasefees(chain.head, chain.params),
        }).sign(payer.privateKey);
        return admit(ctx, tx, false);
      },
    }),
  ];
}
