import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CowboyError, toHex } from "@cowboy/codec";
import { defaultChainParams } from "@cowboy/execution";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { blockHash, createTransaction, decodeBlock, encodeBlock, headerHash, type Transaction } from "@cowboy/types";
import { afterEach, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis } from "../../src/chain/genesis.js";

const genesis = devnetGenesis();
const params = defaultChainParams(genesis.chainId, accountKey);
const dev = devAccounts();
const open: Array<{ chain: Chain; dir: string }> = [];
afterEach(async () => {
  for (const { chain, dir } of open.splice(0)) {
    await chain.blocks.close();
    await chain.state.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function openChain(): Chain {
  const dir = mkdtempSync(join(tmpdir(), "cowboy-chain-"));
  const chain = Chain.open(params, BlockStore.open(join(dir, "blocks")), StateStore.open(LmdbBackend.open(join(dir, "state"))), genesis);
  open.push({ chain, dir });
  return chain;
}

const transfer = (from: number, nonce: bigint, amount: bigint): Transaction =>
  createTransaction({
    chainId: genesis.chainId,
    instruction: { type: "transfer", to: dev[9]!.address, amount },
    from: dev[from]!.address,
    nonce,
    cyclesLimit: 21_000n,
    cellsLimit: 0n,
    maxFeePerCycle: 100_000n,
    maxFeePerCell: 100_000n,
  }).sign(dev[from]!.privateKey);

const PROPOSER = new Uint8Array(20).fill(0xaa);

describe("a chain of verified blocks, finalized one at a time", () => {
  it("builds three blocks ahead of finality on the leader, verifies them on a voter, and commits both to the same roots", () => {
    const leader = openChain();
    const voter = openChain();
    const genesisHash = headerHash(leader.head);
    const b1 = leader.build({ parentHash: genesisHash, candidates: [transfer(0, 0n, 5n)], proposer: PROPOSER, timestampMs: 1n, round: 1n });
    const b2 = leader.build({ parentHash: blockHash(b1.block), candidates: [transfer(0, 1n, 6n)], proposer: PROPOSER, timestampMs: 2n, round: 2n });
    const b3 = leader.build({ parentHash: blockHash(b2.block), candidates: [transfer(1, 0n, 7n)], proposer: PROPOSER, timestampMs: 3n, round: 4n });
    expect(leader.head.height).toBe(0n); // nothing committed yet
    expect(leader.pendingCount).toBe(3);
    for (const b of [b1, b2, b3]) voter.verify(decodeBlock(encodeBlock(b.block)));
    for (const [chain, b] of [b1, b2, b3].flatMap((b) => [[leader, b] as const, [voter, b] as const])) {
      const done = chain.finalize(b.block, new Uint8Array([1, 2, 3]));
      expect(done.receipts).toEqual(b.receipts);
      expect(toHex(chain.state.root())).toBe(toHex(b.block.header.state_root));
    }
    expect(leader.head.height).toBe(3n);
    expect(voter.account(dev[9]!.address).balance).toBe(dev[9]!.balance + 18n);
    expect(voter.blocks.certificate(blockHash(b3.block))).toEqual(new Uint8Array([1, 2, 3]));
    expect(toHex(voter.blocks.hashAtView(4n)!)).toBe(toHex(blockHash(b3.block)));
    expect(voter.pendingCount).toBe(0);
  });

  it("drops a sibling branch when another block at its height is finalized, and refuses to build on it", () => {
    const chain = openChain();
    const g = headerHash(chain.head);
    const left = chain.build({ parentHash: g, candidates: [transfer(0, 0n, 1n)], proposer: PROPOSER, timestampMs: 1n, round: 1n });
    const right = chain.build({ parentHash: g, candidates: [transfer(0, 0n, 2n)], proposer: PROPOSER, timestampMs: 1n, round: 2n });
    const rightChild = chain.build({ parentHash: blockHash(right.block), candidates: [], proposer: PROPOSER, timestampMs: 2n, round: 3n });
    chain.finalize(left.block);
    expect(chain.pendingCount).toBe(0);
    expect(chain.header(blockHash(rightChild.block))).toBeUndefined();
    const error = (() => {
      try {
        chain.build({ parentHash: blockHash(right.block), candidates: [], proposer: PROPOSER, timestampMs: 3n });
      } catch (e) {
        return e as CowboyError;
      }
      return undefined;
    })();
    expect(error?.code).toBe("UNKNOWN_PARENT");
    expect(() => chain.finalize(rightChild.block)).toThrow(/does not extend the committed head/);
  });

  it("applies a block it never verified (one fetched by sync) when it is finalized", () => {
    const leader = openChain();
    const late = openChain();
    const b1 = leader.build({ parentHash: headerHash(leader.head), candidates: [transfer(2, 0n, 9n)], proposer: PROPOSER, timestampMs: 1n, round: 1n });
    late.finalize(decodeBlock(encodeBlock(b1.block)));
    expect(toHex(late.state.root())).toBe(toHex(b1.block.header.state_root));
  });
});
