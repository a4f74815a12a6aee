// JSON helpers of the RPC: hex for bytes, blocks (decoded canonical values: codec's cborJsonOf).
import { toHex } from "@cowboy/codec";
import { headerToJson, transactionToJson, type Block } from "@cowboy/types";

export const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export function blockJson(block: Block, full: boolean) {
  return {
    header: headerToJson(block.header),
    transactions: block.transactions.map((tx) => (full ? { hash: hex(tx.digest()), ...transactionToJson(tx) } : hex(tx.digest()))),
  };
}
