// Issue 18: "After a crash between the block write and the state commit, RPC serves only committed
// blocks". The crash is reproduced exactly: a block is built and stored, the state commit never
// happens, the stores are closed and the chain reopened.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { buildBlock, defaultChainParams, transferTransaction, nextBlockBasefees } from "@cowboy/execution";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { blockHash } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis } from "../../src/chain/genesis.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const genesis = devnetGenesis();
const params = defaultChainParams(genesis.chainId, accountKey);
const [payer] = devAccounts();

function open(path: string) {
  const blocks = BlockStore.open(join(path, "blocks"));
  const state = StateStore.open(LmdbBackend.open(join(path, "state")));
  const chain = Chain.open(params, blocks, state, genesis);
  const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool: new Mempool({ params }) }));
  return { blocks, state, chain, registry, close: async () => (await blocks.close(), await state.close()) };
}

const transfer = (chain: Chain, nonce: bigint) =>
  transferTransaction(params, { from: payer!.address, to: new Uint8Array(20).fill(7), amount: 5n, nonce, basefees: nextBlockBasefees(chain.head, params) }).sign(payer!.privateKey);

describe("a crash between the block write and the state commit", () => {
  it("leaves the orphan block invisible to the RPC, and removed when the chain reopens", async () => {
    const path = join(dir, "chain");
    const first = open(path);
    const committed = transfer(first.chain, 0n);
    first.chain.produce([committed], payer!.address, 1_767_225_700_000n);
    // the crash: block 2 is stored, its state is never committed
    const orphanTx = transfer(first.chain, 1n);
    const built = buildBlock({ state: first.state.fork(), parent: first.chain.head, candidates: [orphanTx], params, proposer: payer!.address, timestampMs: 1_767_225_800_000n });
    first.blocks.put(built.block, built.execution.receipts);
    expect(first.blocks.txLocation(orphanTx.digest())?.height).toBe(2n);
    const orphanHash = `0x${toHex(blockHash(built.block))}`;
    const txHash = `0x${toHex(orphanTx.digest())}`;

    // before any reopen, the RPC already serves only what the committed head covers
    await expect(first.registry.call("cowboy_getTransaction", [txHash])).rejects.toMatchObject({ code: -32001 });
    await expect(first.registry.call("cowboy_getReceipt", [txHash])).rejects.toMatchObject({ code: -32001 });
    await expect(first.registry.call("cowboy_getBlockByNumber", ["2"])).rejects.toMatchObject({ code: -32001 });
    await expect(first.registry.call("cowboy_getBlockByHash", [orphanHash])).rejects.toMatchObject({ code: -32001 });
    expect(await first.registry.call("cowboy_getTransaction", [`0x${toHex(committed.digest())}`])).toMatchObject({ status: "included", height: "1" });
    await first.close();

    const second = open(path);
    expect(second.chain.head.height).toBe(1n);
    expect(second.blocks.blockAt(2n)).toBeUndefined();
    expect(second.blocks.blockByHash(blockHash(built.block))).toBeUndefined();
    expect(second.blocks.receipts(blockHash(built.block))).toBeUndefined();
    expect(second.blocks.txLocation(orphanTx.digest())).toBeUndefined();
    expect(second.blocks.txLocation(committed.digest())?.height).toBe(1n);
    // the chain goes on from the committed head; the same transaction lands in the new block 2
    const produced = second.chain.produce([orphanTx], payer!.address, 1_767_225_900_000n);
    expect(produced.block.transactions).toHaveLength(1);
    expect(await second.registry.call("cowboy_getTransaction", [txHash])).toMatchObject({ status: "included", height: "2", block_hash: `0x${toHex(blockHash(produced.block))}` });
    await second.close();
  });
});
