// The mempool's journal (issue 18: "accepted transactions survive a crash"), after geth's
// transaction journal: every admitted transaction is appended to a file in the data directory;
// on restart the node reads it back and admits each again (re-validated against the new head),
// then rewrites the file with what the pool holds. The pool rotates it the same way once it holds
// far more records than the pool does. Format: the magic `CBYTXJ1\n`, then records of a u32
// big-endian length and the transaction's canonical bytes. A write is a write(2) without fsync:
// it survives the process dying (SIGKILL), not the machine losing power.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { createTransactionFromBytes, MAX_TX_SIZE, type Transaction } from "@cowboy/types";

const MAGIC = new TextEncoder().encode("CBYTXJ1\n");

/** What the mempool needs of a journal. */
export interface TxJournal {
  /** Records one admitted transaction. */
  append(tx: Transaction): void;
  /** Replaces the whole journal with `txs` (what the pool holds now). */
  rotate(txs: Iterable<Transaction>): void;
  /** Records written since the last rotation (or the open). */
  readonly records: number;
}

/** What a journal held when it was opened. */
export interface JournalContents {
  readonly transactions: Transaction[];
  /** Bytes at the end that did not form a whole, decodable record (a write cut short by a crash). */
  readonly discardedBytes: number;
}

function record(tx: Transaction): Uint8Array {
  const bytes = tx.encode();
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length);
  out.set(bytes, 4);
  return out;
}

/** Reads a journal's bytes: every whole record up to the first that is torn or does not decode. */
export function readJournal(bytes: Uint8Array): JournalContents {
  const transactions: Transaction[] = [];
  if (bytes.length < MAGIC.length || !MAGIC.every((b, i) => bytes[i] === b)) return { transactions, discardedBytes: bytes.length };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = MAGIC.length;
  while (at + 4 <= bytes.length) {
    const length = view.getUint32(at);
    if (length === 0 || length > MAX_TX_SIZE || at + 4 + length > bytes.length) break;
    try {
      transactions.push(createTransactionFromBytes(bytes.subarray(at + 4, at + 4 + length)));
    } catch {
      break;
    }
    at += 4 + length;
  }
  return { transactions, discardedBytes: bytes.length - at };
}

/** The journal file at `path`. */
export class FileJournal implements TxJournal {
  #fd: number;
  #records = 0;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.#fd = fd;
  }

  /** Opens (or creates) the journal at `path` and returns what it held; the caller re-admits those, then rotates. */
  static open(path: string): { journal: FileJournal; contents: JournalContents } {
    const contents = existsSync(path) ? readJournal(new Uint8Array(readFileSync(path))) : { transactions: [], discardedBytes: 0 };
    // Start from a clean file holding what was read, so a torn tail never precedes new records.
    const journal = new FileJournal(path, -1);
    journal.#fd = journal.#rewrite(contents.transactions);
    return { journal, contents };
  }

  get records(): number {
    return this.#records;
  }

  append(tx: Transaction): void {
    const bytes = record(tx);
    writeSync(this.#fd, bytes, 0, bytes.length);
    this.#records++;
  }

  rotate(txs: Iterable<Transaction>): void {
    closeSync(this.#fd);
    this.#fd = this.#rewrite(txs);
  }

  close(): void {
    if (this.#fd >= 0) closeSync(this.#fd);
    this.#fd = -1;
  }

  /** Writes `txs` to a new file, makes it durable, renames it over the journal; returns it open for appending. */
  #rewrite(txs: Iterable<Transaction>): number {
    const next = `${this.path}.new`;
    const fd = openSync(next, "w");
    writeSync(fd, MAGIC);
    let count = 0;
    for (const tx of txs) {
      const bytes = record(tx);
      writeSync(fd, bytes, 0, bytes.length);
      count++;
    }
    fsyncSync(fd);
    closeSync(fd);
    renameSync(next, this.path);
    this.#records = count;
    return openSync(this.path, "a");
  }
}
