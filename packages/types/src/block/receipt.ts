import { atMost, bytes, decode, encode, fixedBytes, struct, u64, u8, uint, vec, CodecError, transform, type Infer } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";

// A transaction's receipt (cips/execution.md, "Receipts").

/** Return data is capped at 64 KiB (spec §5.4 / issue 6: the value placed in the receipt). */
export const MAX_RETURN_DATA = 65_536;
export const MAX_EVENTS = 1_024;
export const MAX_EVENT_TOPIC = 256;
export const MAX_EVENT_DATA = 65_536;

/** How a transaction ended. Fees are charged in every case. */
export const ReceiptStatus = {
  Success: 0,
  Reverted: 1,
  OutOfCycles: 2,
  OutOfCells: 3,
} as const;
export type ReceiptStatus = (typeof ReceiptStatus)[keyof typeof ReceiptStatus];

const STATUS_NAMES = ["success", "reverted", "out_of_cycles", "out_of_cells"] as const;
export type ReceiptStatusName = (typeof STATUS_NAMES)[number];

export function receiptStatusName(status: ReceiptStatus): ReceiptStatusName {
  return STATUS_NAMES[status];
}

const statusCodec = transform(
  u8,
  (tag): ReceiptStatus => {
    if (tag > 3) throw new CodecError("UNKNOWN_DISCRIMINANT", 0, `receipt status ${tag}`);
    return tag as ReceiptStatus;
  },
  (status) => status,
);

export const eventCodec = struct({
  emitter: fixedBytes(20),
  topic: bytes(atMost(MAX_EVENT_TOPIC)),
  data: bytes(atMost(MAX_EVENT_DATA)),
});
export type Event = Infer<typeof eventCodec>;

export const receiptCodec = struct({
  status: statusCodec,
  cycles_used: uint,
  cells_used: uint,
  fee_paid: u64,
  fee_burned: u64,
  fee_tipped: u64,
  return_data: bytes(atMost(MAX_RETURN_DATA)),
  events: vec(eventCodec, atMost(MAX_EVENTS)),
});
export type Receipt = Infer<typeof receiptCodec>;

export function encodeReceipt(receipt: Receipt): Uint8Array {
  return encode(receiptCodec, receipt);
}

export function decodeReceipt(bytes: Uint8Array): Receipt {
  return decode(receiptCodec, bytes);
}

/** The receipt's digest: the leaf of the receipts root. */
export function receiptDigest(receipt: Receipt, keccak: (data: Uint8Array) => Uint8Array = keccak256): Uint8Array {
  return keccak(encodeReceipt(receipt));
}
