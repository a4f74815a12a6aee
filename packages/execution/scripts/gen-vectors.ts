// Writes test-vectors/execution/blocks.json: a genesis and a chain of blocks of signed transfers,
// with every header (state root, transactions and receipts roots, basefees, usage) and receipt.
// Deterministic: keys derive from fixed strings, timestamps are fixed.
// Run: pnpm tsx --conditions=@cowboy/source packages/execution/scripts/gen-vectors.ts
import { writeFileSync } from "node:fs";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { accountKey, MemoryBackend, StateStore } from "@cowboy/state";
import { createTransaction, encodeBlock, encodeHeader, encodeReceipt, headerHash, type Header, type Transaction } from "@cowboy/types";
import { applyGenesis, buildBlock, defaultChainParams } from "../src/index.js";

const CHAIN_ID = 31_337n;
const params = defaultChainParams(CHAIN_ID, accountKey);
const keys = Array.from({ length: 4 }, (_, i) => keccak256(new TextEncoder().encode(`execution vector key ${i}`)));
const addresses = keys.map((k) => addressFromPrivateKey(k));
const genesis = {
  timestampMs: 1_767_225_600_000n,
  allocations: addresses.map((address, i) => ({ address, balance: BigInt(i + 1) * 1_000_000_000_000_000n })),
  cycleBasefee: DEFAULT_FEE_MARKET_CONFIG.minBasefee,
  cellBasefee: DEFAULT_FEE_MARKET_CONFIG.minBasefee,
};
const proposer = new Uint8Array(20).fill(0xbe);
const outsider = new Uint8Array(20).fill(0x77);

function transfer(from: number, to: Uint8Array, amount: bigint, nonce: bigint, tip = 0n, metadata = new Uint8Array(0)): Transaction {
  return createTransaction({
    chainId: CHAIN_ID,
    nonce,
    instruction: { type: "transfer", to, amount },
    from: addresses[from]!,
    cyclesLimit: 30_000n,
    cellsLimit: BigInt(metadata.length),
    maxFeePerCycle: 25_000n,
    maxFeePerCell: 25_000n,
    maxPriorityFeePerCycle: tip,
    maxPriorityFeePerCell: tip,
    metadata,
  }).sign(keys[from]!);
}

const scripted: Transaction[][] = [
  [transfer(0, addresses[1]!, 1_000n, 0n), transfer(1, outsider, 5n, 0n, 7n)],
  [],
  [transfer(0, outsider, 1n, 1n, 1n, new TextEncoder().encode("hello")), transfer(0, outsider, 2n, 2n), transfer(2, addresses[3]!, 123_456_789n, 0n, 100n)],
  [transfer(3, addresses[0]!, 0n, 0n)],
];

const store = StateStore.open(new MemoryBackend());
const fork = store.fork();
let parent: Header = applyGenesis(fork, genesis, params);
store.commit(fork, 0n, headerHash(parent));
const genesisHeader = parent;
const blocks = scripted.map((txs, i) => {
  const f = store.fork();
  const built = buildBlock({ state: f, parent, candidates: txs, params, proposer, timestampMs: parent.timestamp_ms + 1_000n });
  if (built.skipped.length > 0) throw new Error(`block ${i + 1} skipped ${built.skipped.length} transactions`);
  store.commit(f, built.block.header.height, headerHash(built.block.header));
  parent = built.block.header;
  return {
    block: toHex(encodeBlock(built.block)),
    hash: toHex(headerHash(built.block.header)),
    state_root: toHex(built.block.header.state_root),
    receipts: built.execution.receipts.map((r) => toHex(encodeReceipt(r))),
  };
});

const doc = {
  version: 1,
  chain_id: CHAIN_ID.toString(),
  proposer: toHex(proposer),
  private_keys: keys.map(toHex),
  genesis: {
    timestamp_ms: genesis.timestampMs.toString(),
    allocations: genesis.allocations.map((a) => ({ address: toHex(a.address), balance: a.balance.toString() })),
    header: toHex(encodeHeader(genesisHeader)),
  },
  blocks,
};

writeFileSync(new URL("../../../test-vectors/execution/blocks.json", import.meta.url), `${JSON.stringify(doc, null, 1)}\n`);
console.log(`wrote ${blocks.length} blocks`);
