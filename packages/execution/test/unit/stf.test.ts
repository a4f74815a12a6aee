import { equalBytes, toHex } from "@cowboy/codec";
import { createTransaction, decodeBlock, encodeBlock, headerHash, ReceiptStatus, transactionsRoot, type Header } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_MARKET_CONFIG, keyedHashOrdering } from "@cowboy/fee-market";
import { Accounts, applyBlock, applyGenesis, BlockError, buildBlock, vrfOrderKeepingNonces, type GenesisConfig, type StateAccess } from "../../src/index.js";

const MIN_BASEFEE = DEFAULT_FEE_MARKET_CONFIG.minBasefee;
import type { Fork, StateStore } from "@cowboy/state";
import { accountKey, addressOf, key, memoryState, params, transfer } from "../utils/helpers.js";

const CBY = 1_000_000_000n;
const PROPOSER = new Uint8Array(20).fill(0xee);
const genesisConfig: GenesisConfig = {
  timestampMs: 1_700_000_000_000n,
  allocations: [0, 1, 2].map((i) => ({ address: addressOf(i), balance: 1_000n * CBY })),
  cycleBasefee: MIN_BASEFEE,
  cellBasefee: MIN_BASEFEE,
};

/** Genesis committed to a fresh in-memory store; `state` is a fork of it (the proposer's), `store` opens more. */
function genesis(): { store: StateStore; state: Fork; header: Header } {
  const { store, fork } = memoryState();
  const header = applyGenesis(fork, genesisConfig, params);
  store.commit(fork, 0n, headerHash(header));
  return { store, state: store.fork(), header };
}

const balanceOf = (state: StateAccess, address: Uint8Array) => new Accounts(state, accountKey).get(address).balance;
const nonceOf = (state: StateAccess, address: Uint8Array) => new Accounts(state, accountKey).get(address).nonce;

function blockError(fn: () => unknown): BlockError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BlockError);
    return error as BlockError;
  }
  throw new Error("expected a BlockError");
}

describe("genesis", () => {
  it("funds the allocations and is deterministic", () => {
    const a = genesis();
    const b = genesis();
    expect(toHex(headerHash(a.header))).toBe(toHex(headerHash(b.header)));
    expect(balanceOf(a.state, addressOf(1))).toBe(1_000n * CBY);
    expect(a.header.height).toBe(0n);
    expect(toHex(a.header.state_root)).toBe(toHex(a.store.root()));
  });

  it("refuses a duplicate allocation and a zero balance", () => {
    const dup = { ...genesisConfig, allocations: [...genesisConfig.allocations, genesisConfig.allocations[0]!] };
    expect(blockError(() => applyGenesis(memoryState().fork, dup, params)).code).toBe("INVALID_GENESIS");
    const zero = { ...genesisConfig, allocations: [{ address: addressOf(5), balance: 0n }] };
    expect(blockError(() => applyGenesis(memoryState().fork, zero, params)).message).toContain("allocations[0].balance");
  });
});

describe("consensus fields", () => {
  it("carries the round, the parent's certificate and the parent beacon, which an importer re-applies to the same root", () => {
    const { store, state, header: parent } = genesis();
    const beacon = new Uint8Array(96).fill(7);
    const certificate = new Uint8Array(200).fill(9);
    const built = buildBlock({ state, parent, candidates: [], params, proposer: PROPOSER, timestampMs: parent.timestamp_ms + 1000n, round: 5n, beacon, certificate });
    expect(built.block.header.round).toBe(5n);
    expect(built.block.header.beacon).toEqual(beacon);
    expect(built.block.header.certificate).toEqual(certificate);
    const applied = applyBlock({ state: store.fork(), parent, block: decodeBlock(encodeBlock(built.block)), params });
    expect(toHex(applied.stateRoot)).toBe(toHex(built.block.header.state_root));
  });

  it("refuses a beacon or certificate over the header's bounds", () => {
    const { state, header: parent } = genesis();
    const base = { state, parent, candidates: [], params, proposer: PROPOSER, timestampMs: parent.timestamp_ms + 1000n };
    expect(() => buildBlock({ ...base, beacon: new Uint8Array(257) })).toThrow(/beacon/);
    expect(() => buildBlock({ ...base, certificate: new Uint8Array(4097) })).toThrow(/certificate/);
  });
});

describe("a block of transfers", () => {
  const recipient = new Uint8Array(20).fill(0x22);

  it("is built, then re-applied by another node to the same header, receipts and balances", () => {
    const { store, state, header: parent } = genesis();
    const verifier = store.fork();
    const txs = [transfer(0, recipient, 5n * CBY, 0n, { tip: 3n }), transfer(0, recipient, 1n, 1n), transfer(1, addressOf(2), 7n, 0n)];
    const built = buildBlock({ state, parent, candidates: txs, params, proposer: PROPOSER, timestampMs: parent.timestamp_ms + 1000n });
    expect(built.skipped).toEqual([]);
    expect(built.block.transactions).toHaveLength(3);
    // whatever the VRF order, sender 0's transfers keep their nonce order
    const fromZero = built.block.transactions.filter((tx) => toHex(tx.from) === toHex(addressOf(0)));
    expect(fromZero.map((tx) => tx.nonce)).toEqual([0n, 1n]);

    const wire = decodeBlock(encodeBlock(built.block));
    const applied = applyBlock({ state: verifier, parent, block: wire, params });
    expect(toHex(applied.stateRoot)).toBe(toHex(built.block.header.state_root));
    expect(applied.execution.receipts).toEqual(built.execution.receipts);

    const fee = 21_000n * MIN_BASEFEE;
    const tipped = 21_000n * 3n;
    expect(balanceOf(verifier, recipient)).toBe(5n * CBY + 1n);
    expect(balanceOf(verifier, addressOf(0))).toBe(1_000n * CBY - 5n * CBY - 1n - 2n * fee - tipped);
    expect(balanceOf(verifier, PROPOSER)).toBe(tipped);
    expect(nonceOf(verifier, addressOf(0))).toBe(2n);
    expect(built.block.header.cycles_used).toBe(63_000n);
    expect(built.block.header.lane_usage.user).toBe(63_000n);
    expect(built.execution.burned).toBe(3n * fee);
    for (const receipt of applied.execution.receipts) {
      expect(receipt.status).toBe(ReceiptStatus.Success);
      expect(receipt.fee_paid).toBe(receipt.fee_burned + receipt.fee_tipped);
    }
    // Supply only shrinks by what was burned.
    const supply = [0, 1, 2].reduce((sum, i) => sum + balanceOf(verifier, addressOf(i)), 0n) + balanceOf(verifier, recipient) + balanceOf(verifier, PROPOSER);
    expect(supply).toBe(3_000n * CBY - built.execution.burned);
  });

  it("skips what it cannot include, with the reason, and the rest of that sender", () => {
    const { state, header: parent } = genesis();
    const poor = transfer(1, recipient, 2_000n * CBY, 0n);
    const gap = transfer(2, recipient, 1n, 5n);
    const cheap = transfer(0, recipient, 1n, 0n, { maxFee: 9_999n });
    const afterCheap = transfer(0, recipient, 1n, 1n);
    const built = buildBlock({ state, parent, candidates: [poor, gap, cheap, afterCheap], params, proposer: PROPOSER, timestampMs: parent.timestamp_ms + 1n });
    expect(built.block.transactions).toEqual([]);
    const codes = built.skipped.map(([tx, reason]) => [toHex(tx.digest()), reason.code]);
    expect(codes).toContainEqual([toHex(poor.digest()), "INSUFFICIENT_BALANCE"]);
    expect(codes).toContainEqual([toHex(gap.digest()), "NONCE_TOO_HIGH"]);
    expect(codes).toContainEqual([toHex(cheap.digest()), "FEE_BELOW_BASEFEE"]);
    expect(codes).toContainEqual([toHex(afterCheap.digest()), "NONCE_TOO_HIGH"]);
    expect(toHex(built.block.header.state_root)).toBe(toHex(parent.state_root));
  });

  it("charges metadata as Cells", () => {
    const { state, header: parent } = genesis();
    const tx = transfer(0, recipient, 1n, 0n, { metadata: new Uint8Array(10) });
    const built = buildBlock({ state, parent, candidates: [tx], params, proposer: PROPOSER, timestampMs: parent.timestamp_ms + 1n });
    expect(built.execution.receipts[0]!.cells_used).toBe(10n);
    expect(built.block.header.cells_used).toBe(10n);
  });
});

describe("applyBlock refuses", () => {
  const recipient = new Uint8Array(20).fill(0x33);
  function builtBlock() {
    const { store, state, header: parent } = genesis();
    const built = buildBlock({ state, parent, candidates: [transfer(0, recipient, 1n, 0n)], params, proposer: PROPOSER, timestampMs: parent.timestamp_ms + 1n });
    return { parent, openFork: () => store.fork(), block: built.block };
  }

  it("a wrong state root, and writes nothing the caller keeps", () => {
    const { parent, openFork, block } = builtBlock();
    const bad = { ...block, header: { ...block.header, state_root: new Uint8Array(32) } };
    expect(blockError(() => applyBlock({ state: openFork(), parent, block: bad, params })).code).toBe("ROOT_MISMATCH");
  });

  it("a wrong parent, height, timestamp or basefee", () => {
    const { parent, openFork, block } = builtBlock();
    const cases: Array<[Partial<Header>, string]> = [
      [{ parent_hash: new Uint8Array(32) }, "BAD_PARENT"],
      [{ height: 2n }, "BAD_HEIGHT"],
      [{ timestamp_ms: parent.timestamp_ms }, "BAD_TIMESTAMP"],
      [{ cycle_basefee: MIN_BASEFEE + 1n }, "BAD_BASEFEE"],
    ];
    for (const [change, code] of cases) {
      expect(blockError(() => applyBlock({ state: openFork(), parent, block: { ...block, header: { ...block.header, ...change } }, params })).code).toBe(code);
    }
  });

  it("a forged signature, a foreign chain id, a replayed nonce and a tampered transactions root", () => {
    const { parent, openFork, block } = builtBlock();
    const tx = block.transactions[0]!;
    const forged = createTransaction({ ...tx, signature: transfer(1, recipient, 1n, 0n).signature });
    expect(blockError(() => applyBlock({ state: openFork(), parent, block: { ...block, transactions: [forged] }, params })).message).toMatch(/^transaction 0: SIGNER_MISMATCH/);
    const foreign = createTransaction({ ...tx, chainId: 7n }).sign(key(0));
    expect(blockError(() => applyBlock({ state: openFork(), parent, block: { ...block, transactions: [foreign] }, params })).message).toMatch(/CHAIN_ID_MISMATCH/);
    expect(blockError(() => applyBlock({ state: openFork(), parent, block: { ...block, transactions: [tx, tx] }, params })).code).toBe("ROOT_MISMATCH");
    const error = blockError(() => applyBlock({ state: openFork(), parent, block: { ...block, header: { ...block.header, transactions_root: new Uint8Array(32) } }, params }));
    expect(error.code).toBe("ROOT_MISMATCH");
  });

  it("a replayed transaction even with a matching transactions root", () => {
    const { parent, openFork, block } = builtBlock();
    const tx = block.transactions[0]!;
    const replay = { ...block, transactions: [tx, tx] };
    const header = { ...block.header, transactions_root: transactionsRoot(replay.transactions) };
    const error = blockError(() => applyBlock({ state: openFork(), parent, block: { ...replay, header }, params }));
    expect(error.code).toBe("BAD_TRANSACTION");
    expect(error.meta.txIndex).toBe(1);
    expect(error.message).toContain("NONCE_TOO_LOW");
  });
});

describe("VRF ordering of the selected set", () => {
  it("keeps each sender's nonces ascending, is deterministic, and depends on the proposer and height", () => {
    const txs = [0, 1, 2].flatMap((sender) => [0n, 1n, 2n].map((nonce) => transfer(sender, new Uint8Array(20).fill(9), 1n, nonce)));
    const order = (proposerKey: number, height: bigint) =>
      vrfOrderKeepingNonces(txs, keyedHashOrdering(new Uint8Array(20).fill(proposerKey)), height).map((tx) => toHex(tx.digest()));
    const a = order(1, 5n);
    expect(order(1, 5n)).toEqual(a);
    expect(new Set(a)).toEqual(new Set(txs.map((tx) => toHex(tx.digest()))));
    expect(order(2, 5n)).not.toEqual(a);
    expect(order(1, 6n)).not.toEqual(a);
    const ordered = vrfOrderKeepingNonces(txs, keyedHashOrdering(new Uint8Array(20).fill(1)), 5n);
    for (const sender of [0, 1, 2]) {
      expect(ordered.filter((tx) => toHex(tx.from) === toHex(addressOf(sender))).map((tx) => tx.nonce)).toEqual([0n, 1n, 2n]);
    }
  });
});

describe("blocks in sequence", () => {
  it("follow each other and keep the basefee at its floor below target", () => {
    const { store, header: genesisHeader } = genesis();
    let parent = genesisHeader;
    for (let height = 1; height <= 3; height++) {
      const tx = transfer(0, addressOf(1), BigInt(height), BigInt(height - 1));
      const fork = store.fork();
      const built = buildBlock({ state: fork, parent, candidates: [tx], params, proposer: PROPOSER, timestampMs: parent.timestamp_ms + 1000n });
      store.commit(fork, built.block.header.height, headerHash(built.block.header));
      // another node re-applies the committed block from the parent state and agrees
      expect(toHex(built.block.header.state_root)).toBe(toHex(store.root()));
      expect(built.block.header.height).toBe(BigInt(height));
      expect(equalBytes(built.block.header.parent_hash, headerHash(parent))).toBe(true);
      expect(built.block.header.cycle_basefee).toBe(MIN_BASEFEE);
      parent = built.block.header;
    }
    expect(nonceOf(store.fork(), addressOf(0))).toBe(3n);
  });
});
