import { usageError } from "./errors.js";

/** 10^9 base units per CBY (cips/fee-market.md). */
export const DECIMALS = 9;
const SCALE = 10n ** BigInt(DECIMALS);
const U64_MAX = (1n << 64n) - 1n;

/** Parses an amount: base units ("1500") or CBY with a unit ("2.5cby", "1 CBY"), as a u64. */
export function parseAmount(text: string, option: string): bigint {
  const trimmed = text.trim().replace(/_/g, "");
  const match = /^([0-9]+)(?:\.([0-9]+))?\s*(cby)?$/i.exec(trimmed);
  if (match === null) throw usageError(`${option} must be base units (e.g. 1500) or CBY with a unit (e.g. 2.5cby), got '${text}'`);
  const [, whole, fraction, unit] = match;
  let value: bigint;
  if (unit === undefined) {
    if (fraction !== undefined) throw usageError(`${option}: base units are whole numbers; write '${text}cby' for CBY`);
    value = BigInt(whole!);
  } else {
    if ((fraction ?? "").length > DECIMALS) throw usageError(`${option}: CBY has ${DECIMALS} decimals, got '${text}'`);
    value = BigInt(whole!) * SCALE + BigInt((fraction ?? "").padEnd(DECIMALS, "0"));
  }
  if (value > U64_MAX) throw usageError(`${option} exceeds the largest amount (2^64-1 base units)`);
  return value;
}

/** Formats base units as CBY with trailing zeros removed, e.g. 2500000000n → "2.5". */
export function formatCby(units: bigint): string {
  const whole = units / SCALE;
  const fraction = (units % SCALE).toString().padStart(DECIMALS, "0").replace(/0+$/, "");
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`;
}
