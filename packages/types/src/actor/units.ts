// The CBY unit (cips/fee-market.md "Units"): every amount on chain is a u64 of base units, and one
// CBY is 10^9 of them. Text forms live here so wallets, the CLI and the node read and print the same.
import { CowboyError, U64_MAX } from "@cowboy/codec";

/** Decimal places of CBY. */
export const CBY_DECIMALS = 9;
/** Base units in one CBY. */
export const BASE_UNITS_PER_CBY = 10n ** BigInt(CBY_DECIMALS);

/** Why an amount's text was refused; the message names the input and the expected form. */
export class AmountSyntaxError extends CowboyError<"INVALID_AMOUNT", { readonly text: string }> {
  override readonly name = "AmountSyntaxError";
  constructor(text: string, message: string) {
    super("INVALID_AMOUNT", message, { text });
  }
}

/**
 * Parses an amount: base units (`"1500"`) or CBY with a unit (`"2.5cby"`, `"1 CBY"`), `_` allowed
 * as a digit separator. Throws AmountSyntaxError (the message starts with `what`) unless the
 * result is a u64.
 */
export function parseAmount(text: string, what = "amount"): bigint {
  const trimmed = text.trim().replace(/_/g, "");
  const match = /^([0-9]+)(?:\.([0-9]+))?\s*(cby)?$/i.exec(trimmed);
  if (match === null) throw new AmountSyntaxError(text, `${what} must be base units (e.g. 1500) or CBY with a unit (e.g. 2.5cby), got '${text}'`);
  const [, whole, fraction, unit] = match;
  let value: bigint;
  if (unit === undefined) {
    if (fraction !== undefined) throw new AmountSyntaxError(text, `${what}: base units are whole numbers; write '${text}cby' for CBY`);
    value = BigInt(whole!);
  } else {
    if ((fraction ?? "").length > CBY_DECIMALS) throw new AmountSyntaxError(text, `${what}: CBY has ${CBY_DECIMALS} decimals, got '${text}'`);
    value = BigInt(whole!) * BASE_UNITS_PER_CBY + BigInt((fraction ?? "").padEnd(CBY_DECIMALS, "0"));
  }
  if (value > U64_MAX) throw new AmountSyntaxError(text, `${what} exceeds the largest amount (2^64-1 base units)`);
  return value;
}

/** Base units as CBY with trailing zeros removed: 2500000000n → "2.5". */
export function formatCby(units: bigint): string {
  const whole = units / BASE_UNITS_PER_CBY;
  const fraction = (units % BASE_UNITS_PER_CBY).toString().padStart(CBY_DECIMALS, "0").replace(/0+$/, "");
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`;
}
