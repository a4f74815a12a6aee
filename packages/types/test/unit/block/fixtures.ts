import type { Header } from "../../../src/index.js";

/** A header with every field set to a distinct, recognisable value. */
export function sampleHeader(overrides: Partial<Header> = {}): Header {
  return {
    parent_hash: new Uint8Array(32).fill(1),
    height: 7n,
    round: 0n,
    proposer: new Uint8Array(20).fill(2),
    timestamp_ms: 1_700_000_000_000n,
    state_root: new Uint8Array(32).fill(3),
    transactions_root: new Uint8Array(32).fill(4),
    receipts_root: new Uint8Array(32).fill(5),
    cycle_basefee: 10_000n,
    cell_basefee: 10_000n,
    lane_usage: { system: 0n, timer: 0n, runner: 0n, user: 21_000n },
    cycles_used: 21_000n,
    cells_used: 0n,
    certificate: new Uint8Array(0),
    beacon: new Uint8Array(0),
    ...overrides,
  };
}
