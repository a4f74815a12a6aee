import { CowboyError } from "@cowboy/codec";

/** Stable failure codes of @cowboy/tokens (cips/tokens.md "Errors"). */
export type TokenErrorCode =
  /** A configuration object breaks one of its rules. */
  | "INVALID_TOKENS_CONFIG"
  /** An argument has the wrong type, size or range (name, symbol, decimals, amount, address). */
  | "INVALID_ARGUMENT"
  /** No token has this id. */
  | "NO_SUCH_TOKEN"
  /** The holder's token balance does not cover the amount. */
  | "INSUFFICIENT_BALANCE"
  /** transfer_from: the spender's allowance does not cover the amount. */
  | "INSUFFICIENT_ALLOWANCE"
  /** mint by anyone but the token's creator (its mint authority). */
  | "NOT_MINT_AUTHORITY"
  /** mint past the token's maximum supply, or a supply beyond u64. */
  | "SUPPLY_CAP"
  /** The token's validation hook refused the transfer, failed, or ran out of its Cycle cap. */
  | "HOOK_REJECTED"
  /** A stored token record does not decode (a corrupt state). */
  | "CORRUPT_STATE";

/** A refusal of @cowboy/tokens: `code` says which rule, the message says why. */
export class TokenError extends CowboyError<TokenErrorCode> {
  override readonly name: string = "TokenError";
}
