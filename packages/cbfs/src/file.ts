// Whole-file encode and decode (cips/cbfs.md §2–§5): plaintext → segment stream → stripes → K data +
// M parity shards each → chunk-tree roots → manifest → root; and back, from any K verified shards per
// stripe. Relays only ever receive the shards and the manifest: ciphertext and hashes.
import { CbfsError } from "./errors.js";
import { type CodingParams, type Manifest, checkParams, encodeManifest, manifestRoot } from "./manifest.js";
import { shardRoot } from "./merkle.js";
import { stripeCount, stripeLayout } from "./layout.js";
import { CBFS_FORMAT_VERSION, DEFAULT_BLOCK_SIZE, DEFAULT_CHUNK_SIZE, DEFAULT_K, DEFAULT_M, DEFAULT_SEGMENT_SIZE, LIMITS } from "./params.js";
import { type ReedSolomon, createReedSolomon } from "./reed-solomon.js";
import { ciphertextLength, decryptSegments, encryptSegments } from "./segments.js";

/** Options of `encodeFile`; every field but `key` has the CIP's default. */
export interface EncodeOptions extends Partial<CodingParams> {
  /** The per-file AES-256 key (32 bytes, fresh for every file the client writes). */
  readonly key: Uint8Array;
}

export interface EncodedFile {
  readonly manifest: Manifest;
  readonly manifestBytes: Uint8Array;
  readonly root: Uint8Array;
  /** shards[stripe][index]: the bytes whose chunk-tree root is manifest.shardRoots[stripe][index]. */
  readonly shards: Uint8Array[][];
}

export function resolveParams(options: Partial<CodingParams>): CodingParams {
  const p = {
    k: options.k ?? DEFAULT_K,
    m: options.m ?? DEFAULT_M,
    segmentSize: options.segmentSize ?? DEFAULT_SEGMENT_SIZE,
    blockSize: options.blockSize ?? DEFAULT_BLOCK_SIZE,
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
  };
  checkParams(p);
  return p;
}

/** The K data blocks of stripe `s`, sliced from the segment stream (the last stripe zero-padded). */
export function stripeDataBlocks(stream: Uint8Array, plaintextLength: number, p: CodingParams, s: number): Uint8Array[] {
  const { offset, dataBytes, blockSize } = stripeLayout(plaintextLength, p, s);
  return Array.from({ length: p.k }, (_, j) => {
    const start = offset + j * blockSize;
    const end = Math.min(start + blockSize, offset + dataBytes);
    if (end - start === blockSize) return stream.subarray(start, end);
    const block = new Uint8Array(blockSize);
    if (end > start) block.set(stream.subarray(start, end));
    return block;
  });
}

export function encodeFile(plaintext: Uint8Array, options: EncodeOptions): EncodedFile {
  const p = resolveParams(options);
  if (BigInt(plaintext.length) > LIMITS.maxPlaintextLength) throw new CbfsError("INVALID_PARAMS", "file too large");
  const rs = createReedSolomon(p.k, p.m);
  const stream = encryptSegments(options.key, plaintext, p.segmentSize);
  const shards: Uint8Array[][] = [];
  for (let s = 0; s < stripeCount(plaintext.length, p); s++) {
    const data = stripeDataBlocks(stream, plaintext.length, p, s);
    shards.push([...data, ...rs.encode(data)]);
  }
  const manifest: Manifest = {
    version: CBFS_FORMAT_VERSION,
    ...p,
    plaintextLength: BigInt(plaintext.length),
    shardRoots: shards.map((stripe) => stripe.map((shard) => shardRoot(shard, p.chunkSize))),
  };
  const manifestBytes = encodeManifest(manifest);
  return { manifest, manifestBytes, root: manifestRoot(manifestBytes), shards };
}

/** True when `shard` is exactly shard `index` of stripe `stripe` of the manifest. */
export function verifyShard(manifest: Manifest, stripe: number, index: number, shard: Uint8Array): boolean {
  const expected = manifest.shardRoots[stripe]?.[index];
  if (expected === undefined) return false;
  const { blockSize } = stripeLayout(Number(manifest.plaintextLength), manifest, stripe);
  if (shard.length !== blockSize) return false;
  const got = shardRoot(shard, manifest.chunkSize);
  return got.every((b, i) => b === expected[i]);
}

/**
 * All K+M shards of one stripe from any K of them (undefined = missing). Every given shard is verified
 * against the manifest first (SHARD_MISMATCH names the first bad one); rebuilt shards are verified too.
 */
export function recoverStripe(manifest: Manifest, stripe: number, shards: readonly (Uint8Array | undefined)[], rs?: ReedSolomon): Uint8Array[] {
  const codec = rs ?? createReedSolomon(manifest.k, manifest.m);
  shards.forEach((shard, i) => {
    if (shard !== undefined && !verifyShard(manifest, stripe, i, shard)) {
      throw new CbfsError("SHARD_MISMATCH", `shard ${i} of stripe ${stripe} does not match the manifest`);
    }
  });
  const all = codec.reconstruct(shards);
  all.forEach((shard, i) => {
    if (shards[i] === undefined && !verifyShard(manifest, stripe, i, shard)) {
      throw new CbfsError("SHARD_MISMATCH", `rebuilt shard ${i} of stripe ${stripe} does not match the manifest`);
    }
  });
  return all;
}

/**
 * Reassembles the segment stream from each stripe's K data blocks (already verified) and decrypts it.
 * Checks the last stripe's padding is zero.
 */
export function decodeStripes(manifest: Manifest, key: Uint8Array, dataBlocks: readonly (readonly Uint8Array[])[]): Uint8Array {
  const length = Number(manifest.plaintextLength);
  const total = ciphertextLength(length, manifest.segmentSize);
  const stream = new Uint8Array(total);
  for (let s = 0; s < dataBlocks.length; s++) {
    const { offset, dataBytes, blockSize } = stripeLayout(length, manifest, s);
    const blocks = dataBlocks[s]!;
    for (let j = 0; j < manifest.k; j++) {
      const start = offset + j * blockSize;
      const take = Math.max(0, Math.min(blockSize, offset + dataBytes - start));
      const block = blocks[j]!;
      stream.set(block.subarray(0, take), start);
      for (let i = take; i < block.length; i++) if (block[i] !== 0) throw new CbfsError("SHARD_MISMATCH", `stripe ${s} has non-zero padding`);
    }
  }
  return decryptSegments(key, stream, manifest.segmentSize);
}

/** The plaintext from shards[stripe][index] (undefined = missing; any K per stripe suffice). */
export function decodeFile(manifest: Manifest, key: Uint8Array, shards: readonly (readonly (Uint8Array | undefined)[])[]): Uint8Array {
  if (shards.length !== manifest.shardRoots.length) {
    throw new CbfsError("NOT_ENOUGH_SHARDS", `the manifest has ${manifest.shardRoots.length} stripes, ${shards.length} were given`);
  }
  const rs = createReedSolomon(manifest.k, manifest.m);
  const data = shards.map((stripe, s) => recoverStripe(manifest, s, stripe, rs).slice(0, manifest.k));
  return decodeStripes(manifest, key, data);
}
