// The per-actor rent record and the global rent record (cips/rent.md "State layout"). The canonical
// bytes are the codec's struct, fields in the order written here.
import { CodecError, atMost, decode, encode, fixedBytes, option, struct, transform, u8, u64, uint, vec, type Codec } from "@cowboy/codec";
import { RentError } from "./errors.js";

/** Where an actor is in the rent lifecycle. */
export const RentStatus = { Current: 0, Overdue: 1, Warning: 2, Dormant: 3 } as const;
export type RentStatus = (typeof RentStatus)[keyof typeof RentStatus];
export const RENT_STATUS_NAMES = ["current", "overdue", "warning", "dormant"] as const;
export type RentStatusName = (typeof RENT_STATUS_NAMES)[number];

/** Unpaid rent of one assessment, stamped with the rent epoch it was first owed in and the rate then. */
export interface DebtEntry {
  readonly epoch: bigint;
  readonly rate: bigint;
  readonly amount: bigint;
}

export interface RentRecord {
  readonly status: RentStatus;
  /** The last rent epoch charged (rent for epoch e is due at the first assessment in or after e). */
  readonly assessedEpoch: bigint;
  /** Rent paid ahead (by sponsors), drawn before the balance. */
  readonly prepaid: bigint;
  /** Unpaid rent, oldest first. */
  readonly debt: readonly DebtEntry[];
  /** How many slots the actor's slot list holds. */
  readonly slotCount: bigint;
  /** The allocated storage quota in bytes (the base quota unless a bond bought more). */
  readonly quota: bigint;
  /** The storage bond locked for the quota above the base. */
  readonly bond: bigint;
  /** Set while dormant: the storage root kept at eviction, its byte and slot counts, and the eviction height. */
  readonly evicted: EvictedStorage | null;
}

export interface EvictedStorage {
  readonly root: Uint8Array;
  readonly bytes: bigint;
  readonly slots: bigint;
  readonly height: bigint;
}

/** Entries a record may hold: the cursor assesses an actor at most once per epoch, and eviction clears them. */
export const MAX_DEBT_ENTRIES = 64;

const status: Codec<RentStatus> = transform(
  u8,
  (byte) => {
    if (byte > RentStatus.Dormant) throw new CodecError("INVALID_VALUE", 0, `rent status ${byte}`);
    return byte as RentStatus;
  },
  (s) => s,
);

const debtCodec = struct({ epoch: uint, rate: u64, amount: u64 }) as unknown as Codec<DebtEntry>;
const evictedCodec = struct({ root: fixedBytes(32), bytes: uint, slots: uint, height: uint }) as unknown as Codec<EvictedStorage>;

/** status u8 ‖ assessedEpoch ‖ prepaid u64 ‖ debt vec ‖ slotCount ‖ quota ‖ bond u64 ‖ evicted option. */
export const rentRecordCodec: Codec<RentRecord> = struct({
  status,
  assessedEpoch: uint,
  prepaid: u64,
  debt: vec(debtCodec, atMost(MAX_DEBT_ENTRIES)),
  slotCount: uint,
  quota: uint,
  bond: u64,
  evicted: option(evictedCodec),
}) as unknown as Codec<RentRecord>;

/** The global record: the actor ring and its cursor, the current rate and the rent-liable bytes (S). */
export interface RentMeta {
  readonly actorCount: bigint;
  readonly cursor: bigint;
  /** The rate in force (base units per byte per year), adjusted each rent epoch when a target is set. */
  readonly rate: bigint;
  /** The configured rate `rate` was derived from (a governance change of the config resets `rate`). */
  readonly baseRate: bigint;
  /** The rent epoch whose rate `rate` is. */
  readonly rateEpoch: bigint;
  /** Bytes of storage held by all actors (S of the rate adjustment). */
  readonly totalBytes: bigint;
}

export const rentMetaCodec: Codec<RentMeta> = struct({
  actorCount: uint,
  cursor: uint,
  rate: u64,
  baseRate: u64,
  rateEpoch: uint,
  totalBytes: uint,
}) as unknown as Codec<RentMeta>;

function decoded<T>(codec: Codec<T>, bytes: Uint8Array, what: string): T {
  try {
    return decode(codec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new RentError("CORRUPT_STATE", `${what}: ${error.message}`);
    throw error;
  }
}

export const encodeRentRecord = (r: RentRecord): Uint8Array => encode(rentRecordCodec, r);
export const decodeRentRecord = (b: Uint8Array): RentRecord => decoded(rentRecordCodec, b, "rent record");
export const encodeRentMeta = (m: RentMeta): Uint8Array => encode(rentMetaCodec, m);
export const decodeRentMeta = (b: Uint8Array): RentMeta => decoded(rentMetaCodec, b, "rent meta");
