// The `accounts` namespace: balances, nonces, account records and their proofs.
import { fromHex } from "@cowboy/codec";
import { accountKey, encodeProof } from "@cowboy/state";
import { accountToJson, decodeAccount } from "@cowboy/types";
import { z } from "zod";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address } from "./params.js";

export function accountMethods({ chain, mempool }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getBalance",
      summary: "an account's balance in base units at the head",
      params: [["address", address]],
      handler: ([a]) => chain.account(fromHex(a)).balance.toString(),
    }),
    defineMethod({
      name: "cowboy_getNonce",
      summary: 'an account\'s next nonce at the head, or counting its pending transactions with "pending"',
      params: [
        ["address", address],
        ["tag", z.enum(["latest", "pending"]).optional()],
      ],
      handler: ([a, tag]) => {
        const from = fromHex(a);
        return (tag === "pending" ? mempool.pendingNonce(from, chain.accounts) : chain.account(from).nonce).toString();
      },
    }),
    defineMethod({
      name: "cowboy_getAccount",
      summary: "an account record at the head (nonce, balance, code hash, storage bytes)",
      params: [["address", address]],
      handler: ([a]) => accountToJson(chain.account(fromHex(a))),
    }),
    defineMethod({
      name: "cowboy_getAccountProof",
      summary: "an account record with its inclusion (or exclusion) proof against the head's state root",
      params: [["address", address]],
      handler: ([a]) => {
        const proof = chain.state.prove(accountKey(fromHex(a)));
        return {
          address: a,
          height: chain.head.height.toString(),
          state_root: hex(chain.state.root()),
          account: proof.value === null ? null : accountToJson(decodeAccount(proof.value)),
          proof: hex(encodeProof(proof)),
        };
      },
    }),
  ];
}
