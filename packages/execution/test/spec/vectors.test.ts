import { readVector } from "@cowboy/checks/vectors";
import { fromHex, toHex } from "@cowboy/codec";
import { MemoryBackend, StateStore } from "@cowboy/state";
import { decodeBlock, decodeHeader, encodeHeader, encodeReceipt, headerHash } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { applyBlock, applyGenesis, defaultChainParams } from "../../src/index.js";
import { accountKey } from "../utils/helpers.js";

const doc = readVector<any>("execution/blocks.json");

describe("execution vectors", () => {
  it("rebuild genesis and re-apply every block to the recorded roots and receipts", () => {
    const params = defaultChainParams(BigInt(doc.chain_id), accountKey);
    const store = StateStore.open(new MemoryBackend());
    const fork = store.fork();
    const genesis = applyGenesis(
      fork,
      {
        timestampMs: BigInt(doc.genesis.timestamp_ms),
        allocations: doc.genesis.allocations.map((a: { address: string; balance: string }) => ({ address: fromHex(a.address), balance: BigInt(a.balance) })),
        cycleBasefee: 10_000n,
        cellBasefee: 10_000n,
      },
      params,
    );
    expect(toHex(encodeHeader(genesis))).toBe(doc.genesis.header);
    store.commit(fork, 0n, headerHash(genesis));
    let parent = decodeHeader(fromHex(doc.genesis.header));
    for (const v of doc.blocks) {
      const block = decodeBlock(fromHex(v.block));
      expect(toHex(headerHash(block.header))).toBe(v.hash);
      const importing = store.fork();
      const { stateRoot, execution } = applyBlock({ state: importing, parent, block, params });
      expect(toHex(stateRoot)).toBe(v.state_root);
      expect(execution.receipts.map((r) => toHex(encodeReceipt(r)))).toEqual(v.receipts);
      store.commit(importing, block.header.height, headerHash(block.header));
      parent = block.header;
    }
    expect(doc.blocks).toHaveLength(4);
  });
});
