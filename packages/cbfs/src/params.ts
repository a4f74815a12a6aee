// CBFS format and protocol parameters (cips/cbfs.md §2, §6). The format numbers are frozen by the vectors in
// test-vectors/cbfs/; the protocol numbers are governance-tunable defaults read through one config object.

/** The manifest format version this package writes and reads. */
export const CBFS_FORMAT_VERSION = 1;
/** AES-256-GCM tag bytes appended to every segment. */
export const GCM_TAG_BYTES = 16;
/** Default data shards per stripe. */
export const DEFAULT_K = 4;
/** Default parity shards per stripe. */
export const DEFAULT_M = 2;
/** Default plaintext bytes per encrypted segment (the last segment may be shorter). */
export const DEFAULT_SEGMENT_SIZE = 64 * 1024;
/** Default bytes per shard block in a full stripe (a stripe carries K blocks of ciphertext). */
export const DEFAULT_BLOCK_SIZE = 1024 * 1024;
/** Default bytes per leaf of a shard's Merkle chunk tree. */
export const DEFAULT_CHUNK_SIZE = 16 * 1024;
/** Bounds a manifest may declare (decoders refuse anything outside them). */
export const LIMITS = {
  maxShardsPerStripe: 256,
  segmentSize: { min: 16, max: 16 * 1024 * 1024 },
  blockSize: { min: 16, max: 64 * 1024 * 1024 },
  chunkSize: { min: 16, max: 1024 * 1024 },
  /** 2^50 bytes of plaintext: far beyond any volume, small enough that every offset is a safe integer. */
  maxPlaintextLength: 2n ** 50n,
} as const;

/** Orphaned shards (superseded by a replace) are released this many blocks after the replace (spec §7.3). */
export const ORPHAN_SHARD_TTL = 86_400n;

/**
 * Files up to this size are coded in memory by `cowboy fs put`; larger ones are read stripe by stripe and their
 * shards spooled to disk (cips/cbfs.md §13). `--memory-mib` overrides it.
 */
export const DEFAULT_PUT_MEMORY_BYTES = 256 * 1024 * 1024;

/** Blocks of rent `cowboy fs put --rpc` prepays when anchoring, unless told otherwise (cips/cbfs.md §10). */
export const DEFAULT_ANCHOR_BLOCKS = 100_000n;
/** Validity window of the read CapToken a client issues to itself to read its own volume (cips/cbfs.md §10). */
export const SELF_TOKEN_BLOCKS = 600n;

/**
 * Most roots one `cowboy_getVolumes` call answers: a relay asks about the manifests it holds this many at a time
 * (its orphan check after each heartbeat, cips/cbfs.md §7).
 */
export const VOLUME_QUERY_LIMIT = 256;
