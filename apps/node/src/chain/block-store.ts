import { atMost, decode, encode, fixedBytes, struct, toHex, uint, varuint32, vec } from "@cowboy/codec";
import { blockHash, decodeBlock, encodeBlock, MAX_BLOCK_TRANSACTIONS, receiptCodec, type Block, type Receipt } from "@cowboy/types";
import { open, type Database, type RootDatabase } from "lmdb";

const receiptsCodec = vec(receiptCodec, atMost(MAX_BLOCK_TRANSACTIONS));
const locationCodec = struct({ block_hash: fixedBytes(32), height: uint, index: varuint32() });

/** Where a transaction landed. */
export interface TxLocation {
  readonly blockHash: Uint8Array;
  readonly height: bigint;
  readonly index: number;
}

/**
 * Blocks, receipts and the transaction index, in lmdb. A block is written (durably, in one
 * transaction) before the state that results from it is committed, so the state's committed height
 * always names a block that is here; a block above it after a crash is removed when the chain opens
 * (`discardAbove`), so nothing ever serves it.
 */
export class BlockStore {
  readonly #root: RootDatabase;
  readonly #db: Database<Uint8Array, string>;

  private constructor(root: RootDatabase) {
    this.#root = root;
    this.#db = root.openDB<Uint8Array, string>({ name: "chain", encoding: "binary" });
  }

  static open(path: string): BlockStore {
    return new BlockStore(open({ path, encoding: "binary", compression: false }));
  }

  /**
   * Stores `block` with its receipts and the certificate that finalized it, and indexes it by
   * height, by consensus view (header.round) and its transactions by hash, synchronously and durably.
   */
  put(block: Block, receipts: readonly Receipt[], certificate: Uint8Array = new Uint8Array(0)): void {
    const hash = blockHash(block);
    const hex = toHex(hash);
    this.#db.transactionSync(() => {
      this.#db.putSync(`b:${hex}`, encodeBlock(block));
      this.#db.putSync(`r:${hex}`, encode(receiptsCodec, receipts));
      this.#db.putSync(`h:${block.header.height}`, hash);
      this.#db.putSync(`c:${hex}`, certificate);
      if (block.header.height > 0n) this.#db.putSync(`v:${block.header.round}`, hash);
      block.transactions.forEach((tx, index) => {
        this.#db.putSync(`t:${toHex(tx.digest())}`, encode(locationCodec, { block_hash: hash, height: block.header.height, index }));
      });
    });
  }

  /**
   * Removes every block above `height` with its receipts and the index entries that point at it:
   * the blocks a crash left stored without the state commit that would have made them the head
   * (called when the chain opens at its committed height). Returns how many it removed.
   */
  discardAbove(height: bigint): number {
    let removed = 0;
    this.#db.transactionSync(() => {
      for (let h = height + 1n; ; h++) {
        const hash = this.hashAt(h);
        if (hash === undefined) break;
        const hex = toHex(hash);
        for (const tx of this.blockByHash(hash)?.transactions ?? []) {
          const key = `t:${toHex(tx.digest())}`;
          const raw = this.#get(key);
          if (raw !== undefined && toHex(decode(locationCodec, raw).block_hash) === hex) this.#db.removeSync(key);
        }
        this.#db.removeSync(`b:${hex}`);
        this.#db.removeSync(`r:${hex}`);
        this.#db.removeSync(`h:${h}`);
        removed++;
      }
    });
    return removed;
  }

  /**
   * lmdb hands back Buffers over memory it may reuse (and Buffer#slice does not copy), so every
   * value is copied into a plain Uint8Array before anything keeps a reference to it.
   */
  #get(key: string): Uint8Array | undefined {
    const raw = this.#db.get(key);
    return raw === undefined ? undefined : new Uint8Array(raw);
  }

  blockByHash(hash: Uint8Array): Block | undefined {
    const raw = this.#get(`b:${toHex(hash)}`);
    return raw === undefined ? undefined : decodeBlock(raw);
  }

  hashAt(height: bigint): Uint8Array | undefined {
    return this.#get(`h:${height}`);
  }

  blockAt(height: bigint): Block | undefined {
    const hash = this.hashAt(height);
    return hash === undefined ? undefined : this.blockByHash(hash);
  }

  /** The certificate stored with a block (empty for genesis and single-validator blocks). */
  certificate(blockHashBytes: Uint8Array): Uint8Array | undefined {
    return this.#get(`c:${toHex(blockHashBytes)}`);
  }

  /** The hash of the stored block proposed in consensus view `view`. */
  hashAtView(view: bigint): Uint8Array | undefined {
    return this.#get(`v:${view}`);
  }

  receipts(blockHashBytes: Uint8Array): readonly Receipt[] | undefined {
    const raw = this.#get(`r:${toHex(blockHashBytes)}`);
    return raw === undefined ? undefined : decode(receiptsCodec, raw);
  }

  txLocation(txHash: Uint8Array): TxLocation | undefined {
    const raw = this.#get(`t:${toHex(txHash)}`);
    if (raw === undefined) return undefined;
    const loc = decode(locationCodec, raw);
    // An entry left by a block that a crash kept from becoming canonical points elsewhere.
    const canonical = this.hashAt(loc.height);
    if (canonical === undefined || toHex(canonical) !== toHex(loc.block_hash)) return undefined;
    return { blockHash: loc.block_hash, height: loc.height, index: loc.index };
  }

  async close(): Promise<void> {
    await this.#root.close();
  }
}
