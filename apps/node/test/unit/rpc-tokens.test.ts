// The tokens and rent RPC (cips/tokens.md, cips/rent.md): cowboy_getToken, cowboy_tokenBalance,
// cowboy_tokenAllowance after token instructions; cowboy_getRent and cowboy_getActorStorage for an actor.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeStoragePairs } from "@cowboy/rent";
import { fromHex, toHex } from "@cowboy/codec";
import { defaultChainParams } from "@cowboy/execution";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { canonicalizeSource, createTransaction, type Instruction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis } from "../../src/chain/genesis.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-tokens-rpc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the tokens and rent RPC", () => {
  it("answers token records, balances and allowances, and an actor's rent record and storage", { timeout: 60_000 }, async () => {
    const genesis = devnetGenesis();
    const [alice, bob] = devAccounts();
    const params = defaultChainParams(genesis.chainId, accountKey);
    const blocks = BlockStore.open(join(dir, "blocks"));
    const state = StateStore.open(LmdbBackend.open(join(dir, "state")));
    const chain = Chain.open(params, blocks, state, genesis);
    const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool: new Mempool({ params }) }));
    let nonce = 0n;
    const tx = (instruction: Instruction) =>
      createTransaction({
        chainId: genesis.chainId,
        nonce: nonce++,
        instruction,
        from: alice!.address,
        cyclesLimit: 2_000_000n,
        cellsLimit: 50_000n,
        maxFeePerCycle: 100_000n,
        maxFeePerCell: 100_000n,
        maxPriorityFeePerCycle: 0n,
        maxPriorityFeePerCell: 0n,
      }).sign(alice!.privateKey);
    const b = `0x${toHex(bob!.address)}`;
    const a = `0x${toHex(alice!.address)}`;
    const source = canonicalizeSource('from cowboy_sdk import actor\n\n@actor\nclass Box:\n    def __init__(self):\n        self.storage["k"] = "v"\n');
    const produced = chain.produce(
      [
        tx({ type: "token_create", name: "Gold", symbol: "GLD", decimals: 6n, initialSupply: 1_000n, maxSupply: null, hook: null }),
        tx({ type: "token_transfer", token: 1n, to: bob!.address, amount: 250n }),
        tx({ type: "token_approve", token: 1n, spender: bob!.address, amount: 40n }),
        tx({ type: "deploy_actor", code: source, salt: new Uint8Array(32), args: new Uint8Array(0) }),
      ],
      alice!.address,
      genesis.config.timestampMs + 1_000n,
    );
    expect(produced.receipts.map((r) => r.status)).toEqual([0, 0, 0, 0]);
    expect(await registry.call("cowboy_getToken", ["1"])).toEqual({ id: "1", creator: a, name: "Gold", symbol: "GLD", decimals: 6, supply: "1000", max_supply: null, hook: null });
    await expect(registry.call("cowboy_getToken", ["2"])).resolves.toBeNull();
    expect(await registry.call("cowboy_tokenBalance", ["1", b])).toBe("250");
    expect(await registry.call("cowboy_tokenBalance", ["1", a])).toBe("750");
    expect(await registry.call("cowboy_tokenAllowance", ["1", a, b])).toBe("40");
    const actor = `0x${toHex(produced.receipts[3]!.return_data)}`;
    expect(await registry.call("cowboy_getRent", [actor])).toMatchObject({ status: "current", debt: "0", slots: "1", evicted: null });
    const payload = (await registry.call("cowboy_getActorStorage", [actor])) as string;
    expect(decodeStoragePairs(fromHex(payload.slice(2)))).toHaveLength(1);
    await expect(registry.call("cowboy_getRent", [b])).resolves.toBeNull();
    await blocks.close();
    await state.close();
  });
});
