import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bitsToDouble } from "../../../src/numeric/index.js";

export function loadVector<T>(name: string): T {
  const url = new URL(`./vectors/${name}`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), "utf8")) as T;
}

/** Vectors carry doubles as 16 hex digits of their IEEE-754 bit pattern. */
export const hexToDouble = (h: string): number => bitsToDouble(BigInt(`0x${h}`));
export const doubleToHex = (x: number): string => {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigUint64(0).toString(16).padStart(16, "0");
};

export type Outcome<T> = { ok: T } | { error: string; message: string };

/** Runs fn and shapes its result like the vectors' outcome objects. */
export function capture<T>(fn: () => T): Outcome<T> {
  try {
    return { ok: fn() };
  } catch (e) {
    const err = e as { pyType?: string; message: string };
    if (err.pyType === undefined) throw e;
    return { error: err.pyType, message: err.message };
  }
}

/** Python's hex(n) output back to a bigint ('-0x1f' → -31n). */
export const pyHexToBigint = (h: string): bigint => (h.startsWith("-") ? -BigInt(h.slice(1)) : BigInt(h));
