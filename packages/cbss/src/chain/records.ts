// The Secrets Manager's records and their canonical bytes (cips/cbss.md §6 "Records"): each is a codec
// struct with fields in the order written here; decoding is strict.
import { CodecError, atMost, bytes, decode, fixedBytes, range, struct, u8, u16, u32, u64, uint, utf8, vec, type Codec } from "@cowboy/codec";
import { CbssError } from "../errors.js";

const addr = fixedBytes(20);
const label = utf8(range(1, 64));

/** Who may have a secret released, evaluated on chain state (cips/cbss.md §7). Empty lists do not restrict, except `actors` (see evaluatePolicy). */
export interface SecretPolicy {
  /** Accounts or actors whose jobs may use the secret (empty: only jobs posted by the owner). */
  readonly actors: readonly Uint8Array[];
  /** Job kinds allowed (empty: any). */
  readonly jobKinds: readonly string[];
  /** Capabilities every runner must have declared (empty: none). */
  readonly runnerRequires: readonly string[];
  /** Releases allowed in all (0: unlimited). */
  readonly maxReleases: bigint;
  /** Last block at which a release is allowed (0: no expiry). */
  readonly untilBlock: bigint;
}

export const policyCodec: Codec<SecretPolicy> = struct({
  actors: vec(addr, atMost(255)),
  jobKinds: vec(label, atMost(255)),
  runnerRequires: vec(label, atMost(255)),
  maxReleases: uint,
  untilBlock: uint,
}) as unknown as Codec<SecretPolicy>;

export const ProxyStatus = { Active: 0, Unbonding: 1 } as const;
export type ProxyStatus = (typeof ProxyStatus)[keyof typeof ProxyStatus];

export interface ProxyRecord {
  readonly blsPublicKey: Uint8Array;
  /** X25519 key shares and release responses are encrypted to. */
  readonly transportKey: Uint8Array;
  /** Where runners reach the proxy (e.g. http://127.0.0.1:7400). */
  readonly endpoint: string;
  readonly stake: bigint;
  readonly status: ProxyStatus;
  readonly registeredAt: bigint;
  readonly unbondingEndsAt: bigint;
  /** Total slashed so far. */
  readonly slashed: bigint;
}

export const proxyRecordCodec: Codec<ProxyRecord> = struct({
  blsPublicKey: fixedBytes(48),
  transportKey: fixedBytes(32),
  endpoint: utf8(atMost(256)),
  stake: u64,
  status: u8,
  registeredAt: uint,
  unbondingEndsAt: uint,
  slashed: u64,
}) as unknown as Codec<ProxyRecord>;

/** A committee for one epoch: member i (1-based) holds share i of the group key. */
export interface Committee {
  readonly epoch: bigint;
  readonly threshold: number;
  readonly members: readonly Uint8Array[];
  /** Feldman commitments (48-byte G1 each); commitments[0] is the group key. */
  readonly commitments: readonly Uint8Array[];
  /** Share i sealed to member i's transport key (cips/cbss.md §5), or empty after a DKG. */
  readonly encryptedShares: readonly Uint8Array[];
  readonly publishedAt: bigint;
}

export const committeeCodec: Codec<Committee> = struct({
  epoch: uint,
  threshold: u16,
  members: vec(addr, range(1, 1024)),
  commitments: vec(fixedBytes(48), range(1, 1024)),
  encryptedShares: vec(bytes(atMost(256)), atMost(1024)),
  publishedAt: uint,
}) as unknown as Codec<Committee>;

/** A secret's head: its latest version and the money and counts of all versions. */
export interface SecretHead {
  readonly version: number;
  /** Height of the revoke (0: live). */
  readonly revokedAt: bigint;
  /** Base units held at 0x04 to pay proxies' release fees. */
  readonly deposit: bigint;
  /** Distinct releases (job, runner) reported for the latest version. */
  readonly releases: bigint;
  readonly createdAt: bigint;
}

export const secretHeadCodec: Codec<SecretHead> = struct({
  version: u32,
  revokedAt: uint,
  deposit: u64,
  releases: u64,
  createdAt: uint,
}) as unknown as Codec<SecretHead>;

/** One version: its envelope (sealed to its own identity) and its policy, immutable once written but for `endedAt`. */
export interface SecretVersion {
  readonly envelope: Uint8Array;
  readonly policy: SecretPolicy;
  readonly createdAt: bigint;
  /** Height at which a rotate or revoke ended it (0: current). */
  readonly endedAt: bigint;
}

export const secretVersionCodec: Codec<SecretVersion> = struct({
  envelope: bytes(atMost(65_536)),
  policy: policyCodec,
  createdAt: uint,
  endedAt: uint,
}) as unknown as Codec<SecretVersion>;

/** A release a proxy reports: which secret version went to which runner for which job, checked at `height`. */
export interface ReleaseReceipt {
  readonly owner: Uint8Array;
  readonly name: string;
  readonly version: number;
  readonly jobId: Uint8Array;
  readonly runner: Uint8Array;
  readonly height: bigint;
}

export const receiptCodec: Codec<ReleaseReceipt> = struct({
  owner: addr,
  name: label,
  version: u32,
  jobId: fixedBytes(32),
  runner: addr,
  height: uint,
}) as unknown as Codec<ReleaseReceipt>;

/** The instruction body of cbss_submit_receipts: a batch. */
export const receiptBatchCodec: Codec<readonly ReleaseReceipt[]> = vec(receiptCodec, range(1, 4096));

/** One entry of a secret's receipt log. */
export interface ReceiptLogEntry {
  readonly version: number;
  readonly jobId: Uint8Array;
  readonly runner: Uint8Array;
  readonly proxy: Uint8Array;
  /** Height the proxy checked the policy at. */
  readonly height: bigint;
  /** Height of the block that recorded it. */
  readonly recordedAt: bigint;
  /** Fee paid to the proxy for it. */
  readonly paid: bigint;
}

export const receiptLogCodec: Codec<readonly ReceiptLogEntry[]> = vec(
  struct({ version: u32, jobId: fixedBytes(32), runner: addr, proxy: addr, height: uint, recordedAt: uint, paid: u64 }) as unknown as Codec<ReceiptLogEntry>,
  atMost(1 << 16),
);

export const addressListCodec: Codec<readonly Uint8Array[]> = vec(addr, atMost(1 << 20));
export const nameListCodec: Codec<readonly string[]> = vec(label, atMost(1 << 16));

/** Decodes state bytes, mapping a codec failure to CORRUPT_STATE. */
export function decodeRecord<T>(codec: Codec<T>, what: string, b: Uint8Array): T {
  try {
    return decode(codec, b);
  } catch (error) {
    if (error instanceof CodecError) throw new CbssError("CORRUPT_STATE", `${what}: ${error.message}`);
    throw error;
  }
}

/** Decodes instruction-supplied bytes, mapping a codec failure to INVALID_ENCODING. */
export function decodeInput<T>(codec: Codec<T>, what: string, b: Uint8Array): T {
  try {
    return decode(codec, b);
  } catch (error) {
    if (error instanceof CodecError) throw new CbssError("INVALID_ENCODING", `${what}: ${error.message}`);
    throw error;
  }
}
