import { atMost, bytes, decode, encode, fixedBytes, struct, u64, uint, type Infer } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";

// The block header (cips/execution.md, "Blocks"). Room for the consensus certificate and the
// beacon is reserved now, so adding consensus changes no field order.

export const MAX_CERTIFICATE_BYTES = 4_096;
export const MAX_BEACON_BYTES = 256;

/** Cycles used per lane, in the order system, timer, runner, user. */
export const laneUsageCodec = struct({ system: uint, timer: uint, runner: uint, user: uint });
export type LaneUsage = Infer<typeof laneUsageCodec>;

export const headerCodec = struct({
  parent_hash: fixedBytes(32),
  height: uint,
  round: uint,
  proposer: fixedBytes(20),
  timestamp_ms: uint,
  state_root: fixedBytes(32),
  transactions_root: fixedBytes(32),
  receipts_root: fixedBytes(32),
  cycle_basefee: u64,
  cell_basefee: u64,
  lane_usage: laneUsageCodec,
  cycles_used: uint,
  cells_used: uint,
  certificate: bytes(atMost(MAX_CERTIFICATE_BYTES)),
  beacon: bytes(atMost(MAX_BEACON_BYTES)),
});
export type Header = Infer<typeof headerCodec>;

export function encodeHeader(header: Header): Uint8Array {
  return encode(headerCodec, header);
}

export function decodeHeader(bytes: Uint8Array): Header {
  return decode(headerCodec, bytes);
}

/** The block hash: keccak256 of the header's canonical encoding. */
export function headerHash(header: Header): Uint8Array {
  return keccak256(encodeHeader(header));
}
