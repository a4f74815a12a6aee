// JSON helpers of the RPC: hex for bytes, decoded canonical values, blocks.
import { CodecError, cborToJson, decodeCbor, toHex } from "@cowboy/codec";
import { headerToJson, transactionToJson, type Block } from "@cowboy/types";

export const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

/** JSON text of canonical bytes, or null when they do not decode (then only the hex is shown). */
export function valueJson(bytes: Uint8Array): string | null {
  try {
    return cborToJson(decodeCbor(bytes));
  } catch (error) {
    if (error instanceof CodecError) return null;
    throw error;
  }
}

export function blockJson(block: Block, full: boolean) {
  return {
    header: headerToJson(block.header),
    transactions: block.transactions.map((tx) => (full ? { hash: hex(tx.digest()), ...transactionToJson(tx) } : hex(tx.digest()))),
  };
}
