// The client's view of a relay (cips/cbfs.md §6): a small interface so the client runs over HTTP in a node,
// over an in-process relay in tests, or over QUIC later, unchanged.

/** What a relay says about itself at GET /info. */
export interface RelayInfo {
  readonly endpoint: string;
  readonly address: Uint8Array;
  readonly operator: Uint8Array;
  readonly stake: bigint;
  readonly capacity: bigint;
  readonly used: bigint;
}

export interface ByteRange {
  /** First byte, inclusive. */
  readonly start: number;
  /** Last byte, inclusive (HTTP's convention). */
  readonly end: number;
}

export interface RelayTransport {
  info(endpoint: string): Promise<RelayInfo>;
  /**
   * Stores a shard; resolves once the relay has verified its root and made it durable. Given the volume (manifest
   * root) it belongs to, resolves to the relay's storage receipt (cips/cbfs.md §11), when the relay gives one.
   */
  putShard(endpoint: string, root: Uint8Array, chunkSize: number, shard: Uint8Array, volume?: Uint8Array): Promise<Uint8Array | undefined>;
  /** A shard (or the given range of it); undefined when the relay does not hold it. */
  getShard(endpoint: string, root: Uint8Array, range?: ByteRange): Promise<Uint8Array | undefined>;
  putManifest(endpoint: string, root: Uint8Array, manifest: Uint8Array, ownerSignature: Uint8Array): Promise<void>;
  getManifest(endpoint: string, root: Uint8Array): Promise<Uint8Array | undefined>;
  /** Deletes a manifest and the shards it names that the relay holds; the signature is the owner's "rm". */
  deleteManifest(endpoint: string, root: Uint8Array, ownerSignature: Uint8Array): Promise<void>;
}
