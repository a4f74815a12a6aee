// The interop RPC (cips/interop.md "RPC"): subscriptions, oracles, wrapped assets and unlock requests at 0x14, read
// after an oracle registers, a wrapped asset is registered, a quorum of one mints from a Locked log and a burn.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { defaultChainParams } from "@cowboy/execution";
import { LOCKED_TOPIC, subscriptionId } from "@cowboy/interop";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { createTransaction, type Instruction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis } from "../../src/chain/genesis.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-interop-rpc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the interop RPC", () => {
  it("lists subscriptions, oracles, wrapped assets and unlock requests", { timeout: 60_000 }, async () => {
    const genesis = devnetGenesis();
    const [alice] = devAccounts();
    const params = defaultChainParams(genesis.chainId, accountKey);
    const chain = Chain.open(params, BlockStore.open(join(dir, "blocks")), StateStore.open(LmdbBackend.open(join(dir, "state"))), genesis);
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
      }).sign(alice!.privateKey);
    const a = `0x${toHex(alice!.address)}`;
    const bridge = new Uint8Array(20).fill(0xbb);
    const ethToken = new Uint8Array(20).fill(0x55);
    const sub = subscriptionId(0n);
    const word = (b: Uint8Array) => Uint8Array.of(...new Uint8Array(32 - b.length), ...b);
    const produced = chain.produce(
      [
        tx({ type: "eth_register_oracle", stake: 2_000_000_000n }),
        tx({ type: "eth_register_asset", bridge, ethToken, name: "Wrapped", symbol: "W", decimals: 0n, ethDecimals: 0n, fromBlock: 5n, confirmations: 2n }),
        tx({
          type: "eth_report_event",
          subscriptionId: sub,
          contract: bridge,
          topics: Uint8Array.of(...LOCKED_TOPIC, ...word(ethToken), ...word(alice!.address)),
          data: word(Uint8Array.of(100)),
          blockNumber: 9n,
          blockHash: new Uint8Array(32).fill(9),
          transactionHash: new Uint8Array(32).fill(1),
          logIndex: 0n,
        }),
        tx({ type: "eth_bridge_burn", token: 1n, amount: 30n, ethRecipient: new Uint8Array(20).fill(0xe1) }),
      ],
      alice!.address,
      genesis.config.timestampMs + 1_000n,
    );
    expect(produced.receipts.map((r) => r.status)).toEqual([0, 0, 0, 0]);
    const id = `0x${toHex(sub)}`;
    const listener = `0x${"00".repeat(19)}14`;
    const subscription = {
      id,
      owner: listener,
      contract: `0x${"bb".repeat(20)}`,
      topics: [`0x${toHex(LOCKED_TOPIC)}`, `0x${toHex(word(ethToken))}`],
      from_block: "5",
      confirmations: "2",
      handler: "bridge_mint",
      deposit: "0",
      fee_per_event: "0",
      cursor: { block: "9", log_index: "0" },
      delivered: "1",
    };
    expect(await registry.call("cowboy_getEthSubscription", [id])).toEqual(subscription);
    expect(await registry.call("cowboy_getEthSubscription", [`0x${"00".repeat(32)}`])).toBeNull();
    expect(await registry.call("cowboy_listEthSubscriptions", [])).toEqual([subscription]);
    expect(await registry.call("cowboy_listEthSubscriptions", [{ subscriber: a }])).toEqual([]);
    const oracle = { address: a, stake: "2000000000", since: "1", unbonding_until: null };
    expect(await registry.call("cowboy_listEthOracles", [])).toEqual([oracle]);
    expect(await registry.call("cowboy_getEthOracle", [a])).toEqual(oracle);
    const asset = { token: "1", subscription: id, bridge: `0x${"bb".repeat(20)}`, eth_token: `0x${"55".repeat(20)}`, scale: "1", minted: "100", burned: "30" };
    expect(await registry.call("cowboy_listBridgeAssets", [])).toEqual([asset]);
    expect(await registry.call("cowboy_getBridgeAsset", ["1"])).toEqual(asset);
    expect(await registry.call("cowboy_getBridgeAsset", ["2"])).toBeNull();
    const unlock = {
      sequence: "0",
      token: "1",
      bridge: asset.bridge,
      eth_token: asset.eth_token,
      holder: a,
      eth_recipient: `0x${"e1".repeat(20)}`,
      amount: "30",
      eth_amount: "30",
      height: "1",
    };
    expect(await registry.call("cowboy_listUnlockRequests", [])).toEqual([unlock]);
    expect(await registry.call("cowboy_listUnlockRequests", [{ from: "1" }])).toEqual([]);
    expect(await registry.call("cowboy_getToken", ["1"])).toMatchObject({ creator: listener, supply: "70" });
  });
});
