// Platform tokens from actors and transactions (cips/tokens.md): the ChainHost's `token` host call and the
// validation-hook runner both paths share. A hook is the token's actor method
// `validate_transfer(token, sender, to, amount)`; anything but a True return refuses the transfer.
import { encodeCbor } from "@cowboy/codec";
import type { CallBudget, CallOutcome, TokenHostOp, TokenHostResult } from "@cowboy/pvm";
import { approve, balanceOf, burn, createToken, DEFAULT_TOKENS_CONFIG, mint, TokenError, transfer, transferFrom, type TokensConfig, type TransferHook } from "@cowboy/tokens";
import type { ChainParams, StateAccess } from "../types.js";

export const HOOK_METHOD = "validate_transfer";
const CBOR_TRUE = 0xf5;

export function tokensConfigOf(params: ChainParams): TokensConfig {
  return params.tokens ?? DEFAULT_TOKENS_CONFIG;
}

/** The positional arguments of a hook call: the CBOR array [token, from, to, amount]. */
export function hookPayload(token: bigint, from: Uint8Array, to: Uint8Array, amount: bigint): Uint8Array {
  return encodeCbor([token, from, to, amount]);
}

/** A TransferHook over `call` (a capped frame): counts what the hooks used into `used`. */
export function hookRunner(call: (hook: Uint8Array, payload: Uint8Array, cap: number) => CallOutcome, cap: bigint, used: { cycles: number; cells: number }): TransferHook {
  return (hook, token, from, to, amount) => {
    const r = call(hook, hookPayload(token.id, from, to, amount), Number(cap));
    used.cycles += r.cycles;
    used.cells += r.cells;
    if (!r.ok) throw new TokenError("HOOK_REJECTED", `the validation hook of token ${token.id} failed (${r.error}); it may use at most ${cap} Cycles`);
    if (r.data.length !== 1 || r.data[0] !== CBOR_TRUE) throw new TokenError("HOOK_REJECTED", `the validation hook of token ${token.id} refused the transfer`);
  };
}

/** Runs one token operation for `caller`; a refusal comes back as the TokenError, nothing written. */
export function runTokenOp(state: StateAccess, params: ChainParams, caller: Uint8Array, op: TokenHostOp, hook: TransferHook): bigint {
  const checkpoint = state.checkpoint();
  try {
    const value = apply(state, params, caller, op, hook);
    state.commitCheckpoint(checkpoint);
    return value;
  } catch (error) {
    state.revertTo(checkpoint);
    throw error;
  }
}

function apply(state: StateAccess, params: ChainParams, caller: Uint8Array, op: TokenHostOp, hook: TransferHook): bigint {
  switch (op.op) {
    case "create":
      return createToken(state, caller, op, tokensConfigOf(params)).id;
    case "transfer":
      transfer(state, op.token, caller, op.to, op.amount, hook);
      return 0n;
    case "transfer_from":
      transferFrom(state, op.token, caller, op.owner, op.to, op.amount, hook);
      return 0n;
    case "approve":
      approve(state, op.token, caller, op.spender, op.amount);
      return 0n;
    case "balance_of":
      return balanceOf(state, op.token, op.holder);
    case "mint":
      mint(state, op.token, caller, op.to, op.amount);
      return 0n;
    case "burn":
      burn(state, op.token, caller, op.amount);
      return 0n;
  }
}

/** The host call: `nested` runs the hook as a synchronous call from the actor's frame. */
export function tokenHostCall(
  state: StateAccess,
  params: ChainParams,
  self: Uint8Array,
  op: TokenHostOp,
  budget: CallBudget,
  nested: (hook: Uint8Array, payload: Uint8Array, budget: CallBudget) => CallOutcome,
): TokenHostResult {
  const used = { cycles: 0, cells: 0 };
  const cap = tokensConfigOf(params).hookCycleCap;
  const hook = hookRunner(
    (h, payload, c) => nested(h, payload, { cycles: Math.min(c, budget.cycles - used.cycles), cells: budget.cells - used.cells, stack: budget.stack }),
    cap,
    used,
  );
  try {
    const value = runTokenOp(state, params, self, op, hook);
    return { ok: true, value, ...used };
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    return { ok: false, error: `${error.code}: ${error.message}`, ...used };
  }
}
