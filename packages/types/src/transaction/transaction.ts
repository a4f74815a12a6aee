import { CodecError, Reader, Writer, compareBytes, equalBytes, varintSizeNumber } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256, recoverAddress, secp256k1 } from "@cowboy/crypto";
import { ADDRESS_LENGTH, SIGNATURE_LENGTH } from "./constants.js";
import { TRANSACTION_FIELDS, transactionDataCodec, type AdditionalSigner, type TransactionData } from "./codec.js";
import { TransactionError } from "./errors.js";
import type { Instruction } from "./instruction.js";

const ZERO_SIGNATURE = new Uint8Array(SIGNATURE_LENGTH);
const SIGNER_SIZE = ADDRESS_LENGTH + SIGNATURE_LENGTH;

/** What `createTransaction` takes: the required fields, the rest defaulting as documented. */
export interface TransactionInput {
  readonly chainId: bigint;
  readonly instruction: Instruction;
  readonly from: Uint8Array;
  readonly cyclesLimit: bigint;
  readonly cellsLimit: bigint;
  readonly maxFeePerCycle: bigint;
  readonly maxFeePerCell: bigint;
  /** Default 0. */ readonly nonce?: bigint;
  /** Default 0. */ readonly maxPriorityFeePerCycle?: bigint;
  /** Default 0. */ readonly maxPriorityFeePerCell?: bigint;
  /** Default null (the only v1 value). */ readonly accessList?: null;
  /** Default empty. */ readonly metadata?: Uint8Array;
  /** Default null (only system-injected deferred transactions carry origin fields). */
  readonly originTxHash?: Uint8Array | null;
  readonly originRemainingCycles?: bigint | null;
  readonly originRemainingCells?: bigint | null;
  /** Default 65 zero bytes (unsigned). */ readonly signature?: Uint8Array;
  /** Default none. Addresses must be set before anyone signs: they are part of the signing hash. */
  readonly additionalSigners?: readonly AdditionalSigner[];
}

/**
 * An immutable transaction. Construct it with `createTransaction` or `createTransactionFromBytes`;
 * every instance holds a well-formed value whose canonical encoding is computed once.
 */
export class Transaction implements TransactionData {
  readonly chainId!: bigint;
  readonly nonce!: bigint;
  readonly instruction!: Instruction;
  readonly cyclesLimit!: bigint;
  readonly cellsLimit!: bigint;
  readonly maxFeePerCycle!: bigint;
  readonly maxFeePerCell!: bigint;
  readonly maxPriorityFeePerCycle!: bigint;
  readonly maxPriorityFeePerCell!: bigint;
  readonly from!: Uint8Array;
  readonly accessList!: null;
  readonly metadata!: Uint8Array;
  readonly originTxHash!: Uint8Array | null;
  readonly originRemainingCycles!: bigint | null;
  readonly originRemainingCells!: bigint | null;
  readonly signature!: Uint8Array;
  readonly additionalSigners!: readonly AdditionalSigner[];
  readonly #encoded: Uint8Array;
  #signingHash: Uint8Array | undefined;

  /** @internal use the factories; `encoded` must be the canonical encoding of `data`. */
  constructor(data: TransactionData, encoded: Uint8Array) {
    Object.assign(this, data);
    this.#encoded = encoded;
    Object.freeze(this.additionalSigners);
  }

  /** The canonical encoding (a copy: the transaction stays immutable). */
  encode(): Uint8Array {
    return this.#encoded.slice();
  }

  /** Length of the canonical encoding in bytes. */
  get size(): number {
    return this.#encoded.length;
  }

  /**
   * The canonical encoding with the primary signature and every additional signature zeroed
   * (signer addresses kept): the preimage of the signing hash.
   */
  signingPreimage(): Uint8Array {
    const out = this.#encoded.slice();
    const n = this.additionalSigners.length;
    const signersSize = varintSizeNumber(n) + n * SIGNER_SIZE;
    const signersAt = out.length - signersSize;
    out.fill(0, signersAt - SIGNATURE_LENGTH, signersAt);
    for (let i = 0; i < n; i++) {
      const sigAt = signersAt + varintSizeNumber(n) + i * SIGNER_SIZE + ADDRESS_LENGTH;
      out.fill(0, sigAt, sigAt + SIGNATURE_LENGTH);
    }
    return out;
  }

  /** keccak256 of the signing preimage (spec §2.5). Every signer signs this hash. */
  signingHash(): Uint8Array {
    this.#signingHash ??= keccak256(this.signingPreimage());
    return this.#signingHash.slice();
  }

  /** The transaction's identity (its block Merkle leaf): equal to the signing hash. */
  digest(): Uint8Array {
    return this.signingHash();
  }

  /**
   * A copy signed with `privateKey`: as the primary signature when the key's address is `from`,
   * else as the signature of the additional signer with that address.
   */
  sign(privateKey: Uint8Array): Transaction {
    const signer = addressFromPrivateKey(privateKey);
    const sig = secp256k1.sign(this.signingHash(), privateKey);
    if (equalBytes(signer, this.from)) return rebuild({ ...toData(this), signature: sig });
    const index = this.additionalSigners.findIndex((s) => equalBytes(s.address, signer));
    if (index < 0) {
      throw new TransactionError("SIGNER_MISMATCH", "the key signs for neither from nor any additional signer", "private_key");
    }
    const additionalSigners = this.additionalSigners.map((s, i) => (i === index ? { address: s.address, signature: sig } : s));
    return rebuild({ ...toData(this), additionalSigners });
  }

  /** True when every signature (primary and additional) recovers to its stated address. */
  verify(): boolean {
    try {
      verifyTransactionSignatures(this);
      return true;
    } catch (err) {
      if (err instanceof TransactionError) return false;
      throw err;
    }
  }
}

function toData(tx: TransactionData): TransactionData {
  const out: Record<string, unknown> = {};
  for (const [name] of TRANSACTION_FIELDS) out[name] = tx[name];
  return out as unknown as TransactionData;
}

function rebuild(data: TransactionData): Transaction {
  const encoded = encodeChecked(data);
  return new Transaction(data, encoded);
}

/** Encodes `data`, turning a bad field into a TransactionError that names it. */
function encodeChecked(data: TransactionData): Uint8Array {
  let size = 0;
  for (const [name, json, codec] of TRANSACTION_FIELDS) {
    try {
      size += codec.encodeSize(data[name]);
    } catch (err) {
      if (err instanceof CodecError) throw new TransactionError("INVALID_FIELD", err.message, json);
      throw err;
    }
  }
  const w = new Writer(size);
  transactionDataCodec.write(w, data);
  return w.finish();
}

/**
 * Throws a TransactionError unless the primary signature recovers to `from` and each additional
 * signature recovers to its address. The field named is the first failing signature.
 */
export function verifyTransactionSignatures(tx: Transaction): void {
  const hash = tx.signingHash();
  const check = (sig: Uint8Array, expected: Uint8Array, field: string): void => {
    let recovered: Uint8Array;
    try {
      recovered = recoverAddress(hash, sig);
    } catch (err) {
      throw new TransactionError("INVALID_SIGNATURE", err instanceof Error ? err.message : "unrecoverable signature", field);
    }
    if (!equalBytes(recovered, expected)) {
      throw new TransactionError("SIGNER_MISMATCH", "signature recovers to a different address", field);
    }
  };
  check(tx.signature, tx.from, "signature");
  tx.additionalSigners.forEach((s, i) => {
    check(s.signature, s.address, `additional_signers[${i}].signature`);
  });
}

/** A transaction from its fields; missing optional fields take their defaults. */
export function createTransaction(input: TransactionInput): Transaction {
  if (input === null || typeof input !== "object") {
    throw new TransactionError("INVALID_FIELD", "expected a transaction object", "transaction");
  }
  const data: TransactionData = {
    chainId: input.chainId,
    nonce: input.nonce ?? 0n,
    instruction: input.instruction,
    cyclesLimit: input.cyclesLimit,
    cellsLimit: input.cellsLimit,
    maxFeePerCycle: input.maxFeePerCycle,
    maxFeePerCell: input.maxFeePerCell,
    maxPriorityFeePerCycle: input.maxPriorityFeePerCycle ?? 0n,
    maxPriorityFeePerCell: input.maxPriorityFeePerCell ?? 0n,
    from: input.from,
    accessList: input.accessList ?? null,
    metadata: input.metadata ?? new Uint8Array(0),
    originTxHash: input.originTxHash ?? null,
    originRemainingCycles: input.originRemainingCycles ?? null,
    originRemainingCells: input.originRemainingCells ?? null,
    signature: input.signature ?? ZERO_SIGNATURE,
    additionalSigners: (input.additionalSigners ?? []).map((s) => ({ address: s?.address, signature: s?.signature ?? ZERO_SIGNATURE })),
  };
  // Copy byte fields so later mutation of the caller's arrays cannot change the transaction.
  const owned = copyBytes(data);
  return new Transaction(owned, encodeChecked(owned));
}

function copyBytes(d: TransactionData): TransactionData {
  const c = (b: Uint8Array): Uint8Array => (b instanceof Uint8Array ? b.slice() : b);
  return {
    ...d,
    from: c(d.from),
    metadata: c(d.metadata),
    originTxHash: d.originTxHash === null ? null : c(d.originTxHash),
    signature: c(d.signature),
    additionalSigners: d.additionalSigners.map((s) => ({ address: c(s.address), signature: c(s.signature) })),
  };
}

/** Decodes a canonical encoding strictly (CodecError on any deviation, trailing bytes included). */
export function createTransactionFromBytes(bytes: Uint8Array): Transaction {
  const reader = new Reader(bytes);
  const data = transactionDataCodec.read(reader);
  reader.end();
  // Decoding is strict, so the input is the canonical encoding: keep a private copy of it.
  return new Transaction(data, bytes.slice());
}

/** Guard: a Transaction built by this package. */
export function isTransaction(value: unknown): value is Transaction {
  return value instanceof Transaction;
}

/** True when `signers` is strictly ascending by address (hence free of duplicates). */
export function signersStrictlyAscending(signers: readonly AdditionalSigner[]): boolean {
  for (let i = 1; i < signers.length; i++) {
    if (compareBytes(signers[i - 1]!.address, signers[i]!.address) >= 0) return false;
  }
  return true;
}
