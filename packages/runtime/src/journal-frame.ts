// The on-disk frame of a FileStorage journal record (issue 17, "durable storage (journal)"; layout in
// README.md, "FileStorage"): u32 LE record length, u32 LE CRC-32 over those 4 length bytes then the
// record, then the record. A frame that is short, too long or fails its CRC ends the valid prefix.
import { crc32 } from "./crc32.js";
import { MAX_JOURNAL_RECORD_BYTES } from "./journal-name.js";

export const FRAME_HEADER_BYTES = 8;

function checksum(header: Uint8Array, record: Uint8Array): number {
  return crc32(record, crc32(header.subarray(0, 4)));
}

/** The frame of one record. */
export function encodeFrame(record: Uint8Array): Uint8Array {
  const frame = new Uint8Array(FRAME_HEADER_BYTES + record.length);
  const view = new DataView(frame.buffer);
  view.setUint32(0, record.length, true);
  view.setUint32(4, checksum(frame, record), true);
  frame.set(record, FRAME_HEADER_BYTES);
  return frame;
}

export interface DecodedFrames {
  /** The records of the valid prefix, in order (views into the input). */
  readonly records: Uint8Array[];
  /** The byte length of the valid prefix: everything after it is a torn or corrupt tail. */
  readonly validBytes: number;
}

/** Splits `bytes` into records, stopping at the first frame that is incomplete or fails its checks. */
export function decodeFrames(bytes: Uint8Array): DecodedFrames {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: Uint8Array[] = [];
  let offset = 0;
  while (offset + FRAME_HEADER_BYTES <= bytes.length) {
    const length = view.getUint32(offset, true);
    const end = offset + FRAME_HEADER_BYTES + length;
    if (length > MAX_JOURNAL_RECORD_BYTES || end > bytes.length) break;
    const header = bytes.subarray(offset, offset + FRAME_HEADER_BYTES);
    const record = bytes.subarray(offset + FRAME_HEADER_BYTES, end);
    if (checksum(header, record) !== view.getUint32(offset + 4, true)) break;
    records.push(record);
    offset = end;
  }
  return { records, validBytes: offset };
}
