import { CodecError, atMost, bytes, decode, encode, range, struct, vec, type Codec } from "@cowboy/codec";
import { MAX_TX_SIZE } from "../transaction/constants.js";
import { createTransactionFromBytes, type Transaction } from "../transaction/transaction.js";
import { headerCodec, headerHash, type Header } from "./header.js";
import { merkleRoot, type Keccak256 } from "./merkle.js";

/**
 * Most transactions one block can carry: the 80,000,000-Cycle block cap over the smallest
 * intrinsic cost (5,000 Cycles) is 16,000; the bound is rounded up and checked before allocating.
 */
export const MAX_BLOCK_TRANSACTIONS = 20_000;

/**
 * A transaction inside a block: its canonical encoding as a length-prefixed byte string, so the
 * 128 KiB max_tx_size is enforced by the length bound before anything is parsed.
 */
const txBytes = bytes(range(1, MAX_TX_SIZE));

export const blockTransactionCodec: Codec<Transaction> = {
  encodeSize: (tx) => txBytes.encodeSize(tx.encode()),
  write: (w, tx) => txBytes.write(w, tx.encode()),
  read(r) {
    const raw = txBytes.read(r);
    const at = r.offset - raw.length;
    try {
      return createTransactionFromBytes(raw);
    } catch (error) {
      // Report the offset in the block, not in the transaction.
      if (error instanceof CodecError) throw new CodecError(error.code, at + error.offset, "in a block transaction");
      throw error;
    }
  },
};

export const blockCodec = struct({
  header: headerCodec,
  transactions: vec(blockTransactionCodec, atMost(MAX_BLOCK_TRANSACTIONS)),
});

export interface Block {
  readonly header: Header;
  readonly transactions: readonly Transaction[];
}

export function encodeBlock(block: Block): Uint8Array {
  return encode(blockCodec, block);
}

export function decodeBlock(bytes: Uint8Array): Block {
  return decode(blockCodec, bytes);
}

/** The block's hash is its header's hash. */
export function blockHash(block: Block): Uint8Array {
  return headerHash(block.header);
}

/** The transactions root of a list of transactions (leaves: their digests). */
export function transactionsRoot(transactions: readonly Transaction[], keccak?: Keccak256): Uint8Array {
  return merkleRoot(
    transactions.map((tx) => tx.digest()),
    keccak,
  );
}
