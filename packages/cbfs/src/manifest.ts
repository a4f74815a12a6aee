// The CBFS manifest and its root (cips/cbfs.md §5). Canonical bytes, all integers big-endian:
//   version u8 (=1) ‖ k u8 ‖ m u8 ‖ segmentSize u32 ‖ blockSize u32 ‖ chunkSize u32 ‖ plaintextLength u64
//   ‖ for each stripe in order, for each shard 0..k+m-1: its 32-byte chunk-tree root.
// The stripe count follows from the lengths, so nothing is stated twice; a decoder refuses any other
// length. root = sha256(0x02 ‖ bytes) (0x00/0x01 prefix chunk-tree leaves and nodes).
import { CodecError, Reader, Writer } from "@cowboy/codec";
import { CbfsError } from "./errors.js";
import { sha256 } from "./hash.js";
import { stripeCount } from "./layout.js";
import { CBFS_FORMAT_VERSION, LIMITS } from "./params.js";

export interface Manifest {
  readonly version: number;
  readonly k: number;
  readonly m: number;
  readonly segmentSize: number;
  readonly blockSize: number;
  readonly chunkSize: number;
  readonly plaintextLength: bigint;
  /** shardRoots[stripe][shard]: K data shards then M parity shards. */
  readonly shardRoots: readonly (readonly Uint8Array[])[];
}

export interface CodingParams {
  readonly k: number;
  readonly m: number;
  readonly segmentSize: number;
  readonly blockSize: number;
  readonly chunkSize: number;
}

/** Throws INVALID_PARAMS unless the coding parameters lie within LIMITS. */
export function checkParams(p: CodingParams): void {
  const within = (v: number, r: { min: number; max: number }) => Number.isInteger(v) && v >= r.min && v <= r.max;
  if (!Number.isInteger(p.k) || !Number.isInteger(p.m) || p.k < 1 || p.m < 0 || p.k + p.m > LIMITS.maxShardsPerStripe) {
    throw new CbfsError("INVALID_PARAMS", `K=${p.k}, M=${p.m}: need K ≥ 1, M ≥ 0, K + M ≤ ${LIMITS.maxShardsPerStripe}`);
  }
  if (!within(p.segmentSize, LIMITS.segmentSize)) throw new CbfsError("INVALID_PARAMS", `segmentSize ${p.segmentSize} is out of range`);
  if (!within(p.blockSize, LIMITS.blockSize)) throw new CbfsError("INVALID_PARAMS", `blockSize ${p.blockSize} is out of range`);
  if (!within(p.chunkSize, LIMITS.chunkSize)) throw new CbfsError("INVALID_PARAMS", `chunkSize ${p.chunkSize} is out of range`);
}

const HEADER_BYTES = 1 + 1 + 1 + 4 + 4 + 4 + 8;

export function encodeManifest(manifest: Manifest): Uint8Array {
  const w = new Writer(HEADER_BYTES + manifest.shardRoots.length * (manifest.k + manifest.m) * 32);
  w.u8(manifest.version).u8(manifest.k).u8(manifest.m).u32(manifest.segmentSize).u32(manifest.blockSize).u32(manifest.chunkSize);
  w.u64(manifest.plaintextLength);
  for (const stripe of manifest.shardRoots) for (const root of stripe) w.bytes(root);
  return w.finish();
}

export function decodeManifest(bytes: Uint8Array): Manifest {
  try {
    const r = new Reader(bytes);
    const version = r.u8();
    if (version !== CBFS_FORMAT_VERSION) throw new CbfsError("INVALID_MANIFEST", `manifest version ${version} is not ${CBFS_FORMAT_VERSION}`);
    const params = { k: r.u8(), m: r.u8(), segmentSize: r.u32(), blockSize: r.u32(), chunkSize: r.u32() };
    checkParams(params);
    const plaintextLength = r.u64();
    if (plaintextLength > LIMITS.maxPlaintextLength) throw new CbfsError("INVALID_MANIFEST", `plaintext length ${plaintextLength} exceeds the limit`);
    const stripes = stripeCount(Number(plaintextLength), params);
    const n = params.k + params.m;
    if (r.remaining !== stripes * n * 32) {
      throw new CbfsError("INVALID_MANIFEST", `manifest carries ${r.remaining} root bytes, its header implies ${stripes * n * 32}`);
    }
    const shardRoots = Array.from({ length: stripes }, () => Array.from({ length: n }, () => r.bytes(32).slice()));
    r.end();
    return { version, ...params, plaintextLength, shardRoots };
  } catch (error) {
    if (error instanceof CbfsError && error.code === "INVALID_MANIFEST") throw error;
    if (error instanceof CbfsError || error instanceof CodecError) throw new CbfsError("INVALID_MANIFEST", `not a manifest: ${error.message}`, { cause: error });
    throw error;
  }
}

const ROOT_TAG = Uint8Array.of(2);

/** The manifest root anchored at 0x0A: sha256(0x02 ‖ canonical bytes). */
export function manifestRoot(manifestBytes: Uint8Array): Uint8Array {
  return sha256(ROOT_TAG, manifestBytes);
}
