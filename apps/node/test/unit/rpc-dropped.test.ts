// A transaction that left the mempool without a block: cowboy_getTransaction says "dropped" with
// the reason and the transaction, cowboy_getReceipt answers -32004 with the reason in data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { defaultChainParams } from "@cowboy/execution";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { createTransaction, transactionToJson } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis } from "../../src/chain/genesis.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-dropped-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the RPC on a dropped transaction", () => {
  it("reports the reason in cowboy_getTransaction and as error -32004 of cowboy_getReceipt", async () => {
    const genesis = devnetGenesis();
    const params = defaultChainParams(genesis.chainId, accountKey);
    const blocks = BlockStore.open(join(dir, "blocks"));
    const state = StateStore.open(LmdbBackend.open(join(dir, "state")));
    const chain = Chain.open(params, blocks, state, genesis);
    const mempool = new Mempool({ params });
    const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool }));
    const [payer] = devAccounts();
    const tx = (tip: bigint) =>
      createTransaction({
        chainId: genesis.chainId,
        nonce: 0n,
        instruction: { type: "transfer", to: new Uint8Array(20).fill(5), amount: 1n },
        from: payer!.address,
        cyclesLimit: 21_000n,
        cellsLimit: 0n,
        maxFeePerCycle: 100_000n * tip,
        maxFeePerCell: 100_000n * tip,
        maxPriorityFeePerCycle: tip,
        maxPriorityFeePerCell: tip,
      }).sign(payer!.privateKey);
    const first = tx(1n);
    const second = tx(2n);
    mempool.add(first, chain.accounts);
    mempool.add(second, chain.accounts);
    const h = `0x${toHex(first.digest())}`;
    const reason = { code: "REPLACED", message: `replaced by 0x${toHex(second.digest())}, which pays at least 10% more`, dropped_at_ms: expect.any(Number) };
    expect(await registry.call("cowboy_getTransaction", [h])).toEqual({ hash: h, status: "dropped", reason, transaction: JSON.parse(JSON.stringify(transactionToJson(first))) });
    await expect(registry.call("cowboy_getReceipt", [h])).rejects.toMatchObject({
      code: -32004,
      message: `transaction ${h} was dropped: REPLACED: ${reason.message}`,
      data: reason,
    });
    expect(await registry.call("cowboy_getTransaction", [`0x${toHex(second.digest())}`])).toMatchObject({ status: "pending" });
    expect(await registry.call("cowboy_getReceipt", [`0x${toHex(second.digest())}`])).toBeNull();
    await blocks.close();
    await state.close();
  });
});
