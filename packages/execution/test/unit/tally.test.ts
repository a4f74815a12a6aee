// One BlockTally for building and importing: a block the builder fills to the edge of a lane or of
// the Cells cap imports, and one more transaction makes the importer refuse it at that transaction.
import { toHex } from "@cowboy/codec";
import { createFeeMarketConfig, type FeeMarketConfig } from "@cowboy/fee-market";
import { decodeBlock, encodeBlock, headerHash, type Header, type Receipt, type Transaction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { applyBlock, applyGenesis, BlockError, BlockTally, buildBlock, type ChainParams } from "../../src/index.js";
import { addressOf, memoryState, params as defaults, transfer } from "../utils/helpers.js";

const PROPOSER = new Uint8Array(20).fill(0xee);
const SENDERS = [0, 1, 2, 3, 4];
const TRANSFER = 21_000n;
const METADATA = new Uint8Array(100).fill(7);

/** Small targets so the lanes and the Cells cap can be reached with a handful of transfers. */
function paramsWith(overrides: { user?: bigint; cellsCap?: bigint }): ChainParams {
  const feeMarket: FeeMarketConfig = createFeeMarketConfig({
    cyclesTarget: TRANSFER,
    cellsTarget: 100n,
    laneBudgets: { system: 0n, runner: 0n, timer: 0n, user: overrides.user ?? 1_000_000n },
    cellsCap: overrides.cellsCap ?? 1_000_000n,
  });
  return { ...defaults, feeMarket };
}

function chain(params: ChainParams) {
  const { store, fork } = memoryState();
  const genesis = applyGenesis(
    fork,
    { timestampMs: 1_000n, allocations: SENDERS.map((i) => ({ address: addressOf(i), balance: 10n ** 15n })), cycleBasefee: 10_000n, cellBasefee: 10_000n },
    params,
  );
  store.commit(fork, 0n, headerHash(genesis));
  return { store, parent: genesis };
}

function build(params: ChainParams, candidates: Transaction[]) {
  const { store, parent } = chain(params);
  const built = buildBlock({ state: store.fork(), parent, candidates, params, proposer: PROPOSER, timestampMs: 2_000n });
  return { store, parent, built, wire: decodeBlock(encodeBlock(built.block)) };
}

function importError(params: ChainParams, store: ReturnType<typeof chain>["store"], parent: Header, block: ReturnType<typeof decodeBlock>): BlockError {
  try {
    applyBlock({ state: store.fork(), parent, block, params });
  } catch (error) {
    if (error instanceof BlockError) return error;
    throw error;
  }
  throw new Error("the block was accepted");
}

const plain = () => SENDERS.map((i) => transfer(i, addressOf(9), 1n, 0n));
const withMetadata = () => SENDERS.map((i) => transfer(i, addressOf(9), 1n, 0n, { metadata: METADATA }));
const receiptBytes = (receipts: readonly Receipt[]) => receipts.map((r) => [r.status, r.cycles_used, r.cells_used, r.fee_paid, toHex(r.return_data)]);

describe("BlockTally", () => {
  it("fits exactly up to a lane's capacity and the Cells cap, and not one unit more", () => {
    const tally = new BlockTally(paramsWith({ user: 2n * TRANSFER, cellsCap: 150n }).feeMarket);
    expect(tally.misfit("user", 2n * TRANSFER, 150n)).toBeNull();
    expect(tally.misfit("user", 2n * TRANSFER + 1n, 0n)).toBe("lane");
    expect(tally.misfit("user", 0n, 151n)).toBe("cells");
    expect(tally.misfit("system", 1n, 0n)).toBe("lane"); // switched off
  });
});

describe("the builder and the importer share the tally", () => {
  it("a user lane filled to exactly its budget imports; the transaction past it is LANE_FULL for the builder and LANE_OVERFLOW for the importer", () => {
    const tight = paramsWith({ user: 3n * TRANSFER });
    const { store, parent, built, wire } = build(tight, plain());
    expect(built.block.transactions).toHaveLength(3);
    expect(built.block.header.lane_usage.user).toBe(3n * TRANSFER);
    expect(built.skipped.map(([, r]) => [r.code, r.permanent])).toEqual([
      ["LANE_FULL", false],
      ["LANE_FULL", false],
    ]);
    const applied = applyBlock({ state: store.fork(), parent, block: wire, params: tight });
    expect(toHex(applied.stateRoot)).toBe(toHex(built.block.header.state_root));
    expect(receiptBytes(applied.execution.receipts)).toEqual(receiptBytes(built.execution.receipts));
    expect(applied.execution.laneUsage).toEqual(built.execution.laneUsage);

    // The same candidates built with room for four: valid under its own parameters, refused under the tight ones.
    const wide = build(paramsWith({ user: 4n * TRANSFER }), plain());
    expect(wide.built.block.transactions).toHaveLength(4);
    const error = importError(tight, wide.store, wide.parent, wide.wire);
    expect([error.code, error.meta.txIndex]).toEqual(["LANE_OVERFLOW", 3]);
    expect(error.message).toBe(`transaction 3: the user lane has no room for ${TRANSFER} Cycles`);
  });

  it("a block filled to exactly the Cells cap imports; the transaction past it is refused by both", () => {
    const tight = paramsWith({ cellsCap: 300n });
    const { store, parent, built, wire } = build(tight, withMetadata());
    expect(built.block.transactions).toHaveLength(3);
    expect(built.block.header.cells_used).toBe(300n);
    expect(built.skipped.map(([, r]) => r.code)).toEqual(["LANE_FULL", "LANE_FULL"]);
    const applied = applyBlock({ state: store.fork(), parent, block: wire, params: tight });
    expect(toHex(applied.stateRoot)).toBe(toHex(built.block.header.state_root));
    expect(applied.execution.cellsUsed).toBe(300n);

    const oneShort = build(paramsWith({ cellsCap: 299n }), withMetadata());
    expect(oneShort.built.block.transactions).toHaveLength(2);

    const wide = build(paramsWith({ cellsCap: 400n }), withMetadata());
    expect(wide.built.block.header.cells_used).toBe(400n);
    const error = importError(tight, wide.store, wide.parent, wide.wire);
    expect([error.code, error.meta.txIndex, error.message]).toEqual(["LANE_OVERFLOW", 3, "transaction 3: the block's Cells cap 300 is exceeded"]);
  });
});
