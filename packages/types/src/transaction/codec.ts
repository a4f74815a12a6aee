import { CodecError, atMost, bytes, fixedBytes, option, tuple, uint, vec, type Codec } from "@cowboy/codec";
import { ADDRESS_LENGTH, HASH_LENGTH, MAX_ADDITIONAL_SIGNERS, MAX_TX_SIZE, SIGNATURE_LENGTH } from "./constants.js";
import { instructionCodec, type Instruction } from "./instruction.js";

/** One entry of `additional_signers`. */
export interface AdditionalSigner {
  readonly address: Uint8Array;
  readonly signature: Uint8Array;
}

/** The 17 fields of a transaction (spec §2.1), as plain data. */
export interface TransactionData {
  readonly chainId: bigint;
  readonly nonce: bigint;
  readonly instruction: Instruction;
  readonly cyclesLimit: bigint;
  readonly cellsLimit: bigint;
  readonly maxFeePerCycle: bigint;
  readonly maxFeePerCell: bigint;
  readonly maxPriorityFeePerCycle: bigint;
  readonly maxPriorityFeePerCell: bigint;
  readonly from: Uint8Array;
  /** Reserved in v1: always null (the encoder writes only the absent tag). */
  readonly accessList: null;
  readonly metadata: Uint8Array;
  readonly originTxHash: Uint8Array | null;
  readonly originRemainingCycles: bigint | null;
  readonly originRemainingCells: bigint | null;
  readonly signature: Uint8Array;
  readonly additionalSigners: readonly AdditionalSigner[];
}

/**
 * access_list is reserved in v1 (spec §2.1): it is written as the absent tag 0x00, and a present
 * tag 0x01 is refused as RESERVED_FIELD rather than parsed, because v1 defines no body for it.
 */
const accessListCodec: Codec<null> = {
  fixedSize: 1,
  encodeSize(v) {
    if (v !== null) throw new CodecError("RESERVED_FIELD", 0, "access_list must be null in v1");
    return 1;
  },
  write(w, v) {
    if (v !== null) throw new CodecError("RESERVED_FIELD", w.length, "access_list must be null in v1");
    w.u8(0);
  },
  read(r) {
    const start = r.offset;
    const tag = r.u8();
    if (tag === 0) return null;
    if (tag === 1) throw new CodecError("RESERVED_FIELD", start, "access_list is reserved in v1");
    throw new CodecError("INVALID_OPTION_TAG", start, `tag 0x${tag.toString(16).padStart(2, "0")}`);
  },
};

const address = fixedBytes(ADDRESS_LENGTH);
const signature = fixedBytes(SIGNATURE_LENGTH);
const signerPair = tuple([address, signature]);
const signerCodec: Codec<AdditionalSigner> = {
  fixedSize: ADDRESS_LENGTH + SIGNATURE_LENGTH,
  encodeSize: (v) => signerPair.encodeSize([v?.address, v?.signature] as [Uint8Array, Uint8Array]),
  write: (w, v) => signerPair.write(w, [v?.address, v?.signature] as [Uint8Array, Uint8Array]),
  read: (r) => {
    const [a, s] = signerPair.read(r);
    return { address: a, signature: s };
  },
};

type Field = readonly [keyof TransactionData, string, Codec<any>];

/** The frozen field order of §2.5, with each field's JSON name and codec. */
export const TRANSACTION_FIELDS: readonly Field[] = [
  ["chainId", "chain_id", uint],
  ["nonce", "nonce", uint],
  ["instruction", "instruction", instructionCodec],
  ["cyclesLimit", "cycles_limit", uint],
  ["cellsLimit", "cells_limit", uint],
  ["maxFeePerCycle", "max_fee_per_cycle", uint],
  ["maxFeePerCell", "max_fee_per_cell", uint],
  ["maxPriorityFeePerCycle", "max_priority_fee_per_cycle", uint],
  ["maxPriorityFeePerCell", "max_priority_fee_per_cell", uint],
  ["from", "from", address],
  ["accessList", "access_list", accessListCodec],
  ["metadata", "metadata", bytes(atMost(MAX_TX_SIZE))],
  ["originTxHash", "origin_tx_hash", option(fixedBytes(HASH_LENGTH))],
  ["originRemainingCycles", "origin_remaining_cycles", option(uint)],
  ["originRemainingCells", "origin_remaining_cells", option(uint)],
  ["signature", "signature", signature],
  ["additionalSigners", "additional_signers", vec(signerCodec, atMost(MAX_ADDITIONAL_SIGNERS))],
];

/** The canonical codec of a transaction: its fields concatenated in the frozen order. */
export const transactionDataCodec: Codec<TransactionData> = {
  encodeSize(v) {
    let size = 0;
    for (const [name, , c] of TRANSACTION_FIELDS) size += c.encodeSize(v[name]);
    return size;
  },
  write(w, v) {
    for (const [name, , c] of TRANSACTION_FIELDS) c.write(w, v[name]);
  },
  read(r) {
    const out: Record<string, unknown> = {};
    for (const [name, , c] of TRANSACTION_FIELDS) out[name] = c.read(r);
    return out as unknown as TransactionData;
  },
};
