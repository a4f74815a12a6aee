// Amount and integer arguments. The CBY unit and the amount syntax are @cowboy/types' (one owner
// for wallets, the node and the CLI); here they only become usage errors (exit 2).
import { U64_MAX } from "@cowboy/codec";
import { AmountSyntaxError, parseAmount as parseAmountText } from "@cowboy/types";
import { usageError } from "./errors.js";

export { CBY_DECIMALS as DECIMALS, formatCby } from "@cowboy/types";

/** Parses an amount: base units ("1500") or CBY with a unit ("2.5cby", "1 CBY"), as a u64. */
export function parseAmount(text: string, option: string): bigint {
  try {
    return parseAmountText(text, option);
  } catch (error) {
    if (error instanceof AmountSyntaxError) throw usageError(error.message);
    throw error;
  }
}

/** A u64 in decimal (no sign, no leading zeros), or undefined when the option was not given. */
export function parseU64(text: string | undefined, what: string): bigint | undefined {
  if (text === undefined) return undefined;
  if (!/^(0|[1-9][0-9]*)$/.test(text) || BigInt(text) > U64_MAX) throw usageError(`${what} must be a u64 decimal, got '${text}'`);
  return BigInt(text);
}
