// The platform-token instructions (System sub_types 82–87, cips/tokens.md "Instructions"): the sender is the
// caller; a validation hook runs as a capped frame of the transaction. A refusal reverts with
// `TokenError: CODE: why`, the hook's Cycles still charged.
import { TokenError } from "@cowboy/tokens";
import type { TokenHostOp } from "@cowboy/pvm";
import type { TokenInstruction } from "@cowboy/types";
import { encodeCbor } from "@cowboy/codec";
import { errorBytes, exceptionLine } from "../actors/exceptions.js";
import { HOOK_METHOD, hookRunner, runTokenOp, tokensConfigOf } from "../actors/tokenHost.js";
import { runActorInstruction } from "./actorInstruction.js";
import type { InstructionContext, InstructionResult } from "./instruction.js";

function opOf(ins: TokenInstruction): TokenHostOp {
  switch (ins.type) {
    case "token_create":
      return {
        op: "create",
        name: ins.name,
        symbol: ins.symbol,
        decimals: Number(ins.decimals > 255n ? 256n : ins.decimals),
        initialSupply: ins.initialSupply,
        maxSupply: ins.maxSupply,
        hook: ins.hook,
      };
    case "token_transfer":
      return { op: "transfer", token: ins.token, to: ins.to, amount: ins.amount };
    case "token_transfer_from":
      return { op: "transfer_from", token: ins.token, owner: ins.owner, to: ins.to, amount: ins.amount };
    case "token_approve":
      return { op: "approve", token: ins.token, spender: ins.spender, amount: ins.amount };
    case "token_mint":
      return { op: "mint", token: ins.token, to: ins.to, amount: ins.amount };
    case "token_burn":
      return { op: "burn", token: ins.token, amount: ins.amount };
  }
}

export function tokenInstruction(ctx: InstructionContext, ins: TokenInstruction): InstructionResult {
  const from = ctx.tx.from;
  return runActorInstruction(ctx, (run) => {
    const used = { cycles: 0, cells: 0 };
    const hook = hookRunner((h, payload, cap) => run.hook(from, h, HOOK_METHOD, payload, cap), tokensConfigOf(ctx.params).hookCycleCap, used);
    try {
      const value = runTokenOp(ctx.state, ctx.params, from, opOf(ins), hook);
      // token_create returns the new id (canonical CBOR); the others nothing.
      return { ok: true, returnData: ins.type === "token_create" ? encodeCbor(value) : new Uint8Array(0), events: [] };
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      return { ok: false, returnData: errorBytes(exceptionLine({ type: "TokenError", message: `${error.code}: ${error.message}` })), events: [] };
    }
  });
}
