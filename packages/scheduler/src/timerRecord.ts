import { abytesIn, au64, bytes, CodecError, concatBytes, decode, encode, fixedBytes, option, struct, u64, u8, uint, utf8 } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { SchedulerError } from "./errors.js";

/** Priority tiers of the default Gas Bidding Agent (§5.1b): 0.8×, 1.0×, 1.5×, 2.5× the p50 tip. */
export const PriorityTier = { Economy: 0, Standard: 1, Fast: 2, Urgent: 3 } as const;
export type PriorityTier = (typeof PriorityTier)[keyof typeof PriorityTier];

/** Longest handler name, in UTF-8 bytes. Handler names are Python identifiers. */
export const MAX_HANDLER_BYTES = 64;
/** Upper bound of a record's payload the decoder accepts (the config may allow less). */
export const MAX_RECORD_DATA = 1 << 20;
/** Format version byte that starts every stored timer record. */
export const TIMER_RECORD_VERSION = 1;

/** One active timer as stored in the state. Amounts are bigint (u64). */
export interface TimerRecord {
  /**
   * Who created the timer and controls it: counts against this address's timer cap, may cancel it,
   * and is the message sender the handler sees. An actor's own timers have owner = target.
   */
  readonly owner: Uint8Array;
  /** The actor whose handler runs (a transaction may schedule a timer on another actor). */
  readonly target: Uint8Array;
  /** Handler method name (a Python identifier). */
  readonly handler: string;
  /** Opaque payload passed to the handler. */
  readonly data: Uint8Array;
  /** Height at which the timer is next due. */
  readonly fireHeight: bigint;
  /** Blocks between fires; 0 for a one-shot timer. */
  readonly interval: bigint;
  /** Account pre-charged at each fire. */
  readonly feePayer: Uint8Array;
  /** Cycles the handler may use per fire. */
  readonly gasLimitPerFire: bigint;
  /** Cells the handler may use per fire. */
  readonly maxCellsPerFire: bigint;
  /** Last height at which the timer may fire (TTL); 2^64 − 1 for none. */
  readonly expiresAt: bigint;
  /** CIP-1 static bid: max fee per Cycle (0: use the GBA or the default GBA). */
  readonly maxFeePerCycle: bigint;
  /** CIP-1 static bid: max priority fee per Cycle. */
  readonly maxPriorityFeePerCycle: bigint;
  /** Tier hint for the default GBA. */
  readonly tier: PriorityTier;
  /** Gas Bidding Agent actor, or null for the static bid / default GBA. */
  readonly gba: Uint8Array | null;
  /** Height of the block that created the timer. */
  readonly createdAt: bigint;
}

const address = fixedBytes(20);

const recordWire = struct({
  version: u8,
  owner: address,
  target: address,
  handler: utf8({ min: 1, max: MAX_HANDLER_BYTES }),
  data: bytes({ min: 0, max: MAX_RECORD_DATA }),
  fireHeight: u64,
  interval: u64,
  feePayer: address,
  gasLimitPerFire: u64,
  maxCellsPerFire: u64,
  expiresAt: u64,
  maxFeePerCycle: uint,
  maxPriorityFeePerCycle: uint,
  tier: u8,
  gba: option(address),
  createdAt: u64,
});

const HANDLER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks a record's fields; throws INVALID_ARGUMENT naming the first bad one. */
export function checkRecord(r: TimerRecord): void {
  if (r === null || typeof r !== "object") throw new SchedulerError("INVALID_ARGUMENT", "timer: expected an object");
  abytesIn(r.owner, "owner", 20, 20);
  abytesIn(r.target, "target", 20, 20);
  abytesIn(r.feePayer, "feePayer", 20, 20);
  if (typeof r.handler !== "string" || !HANDLER_NAME.test(r.handler) || r.handler.length > MAX_HANDLER_BYTES) {
    throw new SchedulerError("INVALID_ARGUMENT", `handler: expected a Python identifier of at most ${MAX_HANDLER_BYTES} characters`);
  }
  if (!(r.data instanceof Uint8Array) || r.data.length > MAX_RECORD_DATA) throw new SchedulerError("INVALID_ARGUMENT", "data: expected a Uint8Array");
  au64(r.fireHeight, "fireHeight");
  au64(r.interval, "interval");
  au64(r.gasLimitPerFire, "gasLimitPerFire");
  au64(r.maxCellsPerFire, "maxCellsPerFire");
  au64(r.expiresAt, "expiresAt");
  au64(r.maxFeePerCycle, "maxFeePerCycle");
  au64(r.maxPriorityFeePerCycle, "maxPriorityFeePerCycle");
  au64(r.createdAt, "createdAt");
  if (r.tier !== 0 && r.tier !== 1 && r.tier !== 2 && r.tier !== 3)
    throw new SchedulerError("INVALID_ARGUMENT", "tier: expected 0 (economy), 1 (standard), 2 (fast) or 3 (urgent)");
  if (r.gba !== null) abytesIn(r.gba, "gba", 20, 20);
}

/** The canonical bytes of a timer record (cips/scheduler.md "Timer record"). */
export function encodeTimerRecord(r: TimerRecord): Uint8Array {
  checkRecord(r);
  return encode(recordWire, { version: TIMER_RECORD_VERSION, ...r });
}

/** Decodes a stored record strictly; CORRUPT_STATE on any defect. */
export function decodeTimerRecord(b: Uint8Array): TimerRecord {
  try {
    const { version, ...r } = decode(recordWire, b);
    if (version !== TIMER_RECORD_VERSION) throw new SchedulerError("CORRUPT_STATE", `timer record: unknown version ${version}`);
    const record = r as TimerRecord;
    checkRecord(record);
    return record;
  } catch (e) {
    if (e instanceof SchedulerError) throw e.code === "CORRUPT_STATE" ? e : new SchedulerError("CORRUPT_STATE", `timer record: ${e.message}`);
    if (e instanceof CodecError) throw new SchedulerError("CORRUPT_STATE", `timer record: ${e.message}`);
    throw e;
  }
}

/** Domain separator hashed in front of every timer id preimage. */
export const TIMER_ID_DOMAIN = new TextEncoder().encode("cowboy:timer:v1");

/** A timer's id: keccak256("cowboy:timer:v1" ‖ owner(20) ‖ nonce (u64 big-endian)). */
export function timerId(owner: Uint8Array, nonce: bigint): Uint8Array {
  abytesIn(owner, "owner", 20, 20);
  au64(nonce, "nonce");
  return keccak256(concatBytes(TIMER_ID_DOMAIN, owner, encode(u64, nonce)));
}
