// The `tokens` namespace (cips/tokens.md "RPC"): platform tokens at the Token Registry 0x06, read at the head
// through @cowboy/tokens (which owns the layout). Amounts and ids are decimal strings.
import { fromHex } from "@cowboy/codec";
import { allowanceOf, balanceOf, getToken, type TokenState } from "@cowboy/tokens";
import type { Chain } from "../../chain/chain.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address, u64 } from "./params.js";

function headState(chain: Chain): TokenState {
  const refuse = (): never => {
    throw new RpcError(RpcErrorCode.InternalError, "the RPC reads the state only");
  };
  return { get: (key) => chain.state.get(key), set: refuse, delete: refuse };
}

export function tokenMethods({ chain }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getToken",
      summary: "a platform token's record at the head: id, creator (mint authority), name, symbol, decimals, supply, max_supply, hook; or null",
      params: [["id", u64]],
      handler: ([id]) => {
        const t = getToken(headState(chain), BigInt(id));
        if (t === undefined) return null;
        return {
          id: t.id.toString(),
          creator: hex(t.creator),
          name: t.name,
          symbol: t.symbol,
          decimals: t.decimals,
          supply: t.supply.toString(),
          max_supply: t.maxSupply === null ? null : t.maxSupply.toString(),
          hook: t.hook === null ? null : hex(t.hook),
        };
      },
    }),
    defineMethod({
      name: "cowboy_tokenBalance",
      summary: "a holder's balance of a platform token at the head (base units of the token, decimal string)",
      params: [
        ["id", u64],
        ["holder", address],
      ],
      handler: ([id, holder]) => balanceOf(headState(chain), BigInt(id), fromHex(holder)).toString(),
    }),
    defineMethod({
      name: "cowboy_tokenAllowance",
      summary: "how much of owner's token a spender may still move with token_transfer_from (decimal string)",
      params: [
        ["id", u64],
        ["owner", address],
        ["spender", address],
      ],
      handler: ([id, owner, spender]) => allowanceOf(headState(chain), BigInt(id), fromHex(owner), fromHex(spender)).toString(),
    }),
  ];
}
