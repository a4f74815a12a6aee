import { atMost, bytes, decode, encode, fixedBytes, struct, u64, u8, uint, vec, CodecError, transform, type Infer } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { isFastUint, isU64, varintSize, writeBytes, writeU64, writeVarint } from "./fast-write.js";

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
  return encodeReceiptFast(receipt) ?? encode(receiptCodec, receipt);
}

/**
 * Every block builds and hashes one receipt per transaction, so the common shape (a known status,
 * usage below 2^49, fields within their bounds) is written in one pass into an exactly sized
 * buffer; undefined sends anything else to the generic codec, which writes the same bytes and
 * throws the same errors (property-tested against it).
 */
function encodeReceiptFast(receipt: Receipt): Uint8Array | undefined {
  if (receipt === null || typeof receipt !== "object") return undefined;
  const { status, cycles_used: cycles, cells_used: cells, fee_paid: paid, fee_burned: burned, fee_tipped: tipped, return_data: data, events } = receipt;
  if (!(status === 0 || status === 1 || status === 2 || status === 3)) return undefined;
  if (!isFastUint(cycles) || !isFastUint(cells) || !isU64(paid) || !isU64(burned) || !isU64(tipped)) return undefined;
  if (!(data instanceof Uint8Array) || data.length > MAX_RETURN_DATA || !Array.isArray(events) || events.length > MAX_EVENTS) return undefined;
  const c = Number(cycles);
  const e = Number(cells);
  let size = 1 + varintSize(c) + varintSize(e) + 24 + varintSize(data.length) + data.length + varintSize(events.length);
  for (const event of events) {
    if (event === null || typeof event !== "object") return undefined;
    const { emitter, topic, data: eventData } = event;
    if (!(emitter instanceof Uint8Array) || emitter.length !== 20) return undefined;
    if (!(topic instanceof Uint8Array) || topic.length > MAX_EVENT_TOPIC) return undefined;
    if (!(eventData instanceof Uint8Array) || eventData.length > MAX_EVENT_DATA) return undefined;
    size += 20 + varintSize(topic.length) + topic.length + varintSize(eventData.length) + eventData.length;
  }
  const out = new Uint8Array(size);
  out[0] = status;
  let at = writeVarint(out, 1, c);
  at = writeVarint(out, at, e);
  at = writeU64(out, at, paid);
  at = writeU64(out, at, burned);
  at = writeU64(out, at, tipped);
  at = writeBytes(out, writeVarint(out, at, data.length), data);
  at = writeVarint(out, at, events.length);
  for (const event of events) {
    at = writeBytes(out, at, event.emitter);
    at = writeBytes(out, writeVarint(out, at, event.topic.length), event.topic);
    at = writeBytes(out, writeVarint(out, at, event.data.length), event.data);
  }
  return out;
}

export function decodeReceipt(bytes: Uint8Array): Receipt {
  return decode(receiptCodec, bytes);
}

/** The receipt's digest: the leaf of the receipts root. */
export function receiptDigest(receipt: Receipt, keccak: (data: Uint8Array) => Uint8Array = keccak256): Uint8Array {
  return keccak(encodeReceipt(receipt));
}
