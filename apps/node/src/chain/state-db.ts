import type { StateAccess } from "@cowboy/execution";

/**
 * What the node needs of the authenticated state store (@cowboy/state): forks on the committed
 * head, an atomic commit that records the block height and hash with the state, and reads and
 * proofs of the committed state.
 */
export interface StateDb {
  /** The last committed block, or undefined for a fresh store. */
  head(): { height: bigint; blockHash: Uint8Array; root: Uint8Array } | undefined;
  /** A writable fork of the committed state. */
  fork(): StateAccess;
  /** Writes `fork` as the state after block `height`, atomically. */
  commit(fork: StateAccess, height: bigint, blockHash: Uint8Array): void;
  /** Reads a key of the committed state. */
  get(key: Uint8Array): Uint8Array | undefined;
  close(): Promise<void>;
}
