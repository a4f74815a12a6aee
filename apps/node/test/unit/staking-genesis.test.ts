// Staking on the devnet and testnets (cips/staking.md "Devnet and testnets"): the genesis file's `staking`
// object, cowboyd --staking-epoch, and the chain that comes out of it (records, epoch 0's group key, supply).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { defaultChainParams } from "@cowboy/execution";
import { consensusSetFor, epochGroupKey, getSupply, getValidator, totalSupply } from "@cowboy/staking";
import { accountKey, MemoryBackend, StateStore } from "@cowboy/state";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { GenesisFileError, genesisToJson, parseGenesisFile } from "../../src/chain/genesis.js";
import { devnetStaking } from "../../src/chain/staking-genesis.js";
import { NodeUsageError, parseNodeArgs } from "../../src/run.js";
import { createTestnet, nodeDir } from "../../src/testnet/setup.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-staking-genesis-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("staking on a local chain", () => {
  it("cowboyd --staking-epoch turns staking on for the built-in devnet only", () => {
    expect(parseNodeArgs([], dir)?.genesis.staking).toBeUndefined();
    const on = parseNodeArgs(["--staking-epoch", "20"], dir)!.genesis;
    expect(on.staking?.epochLength).toBe(20n);
    expect(on.staking?.unbondingPeriod).toBe(40n);
    expect(on.staking?.jailPeriod).toBe(20n);
    expect(on.staking?.downtimeWindow).toBe(200n);
    expect(on.config.validators?.length).toBe(1);
    expect(on.config.groupKey?.members.map(toHex)).toEqual([toHex(on.consensus.validators[0]!.address)]);
    expect(() => parseNodeArgs(["--staking-epoch", "0"], dir)).toThrow("--staking-epoch must be an integer in [1, 1000000], got '0'");
    expect(() => parseNodeArgs(["--staking-epoch", "5", "--genesis", "x.json"], dir)).toThrow(NodeUsageError);
  });

  it("cowboy testnet --staking-epoch writes a genesis file that carries staking and reads back to the same chain", { timeout: 60_000 }, async () => {
    const home = join(dir, "testnet");
    createTestnet({ dir: home, validators: 4, rpcPort: 30_100, blockTimeMs: 500, entropy: new Uint8Array(32).fill(9), timestampMs: 1n, stakingEpoch: 12n });
    const text = readFileSync(join(nodeDir(home, 2), "genesis.json"), "utf8");
    const json = JSON.parse(text);
    expect(json.staking.epoch_length).toBe("12");
    expect(json.staking.unbonding_period).toBe("24");
    expect(json.staking.downtime_window).toBe("120");
    createTestnet({
      dir: join(dir, "testnet-dw"),
      validators: 1,
      rpcPort: 30_200,
      blockTimeMs: 500,
      entropy: new Uint8Array(32).fill(8),
      timestampMs: 1n,
      stakingEpoch: 12n,
      downtimeWindow: 7n,
    });
    expect(JSON.parse(readFileSync(join(nodeDir(join(dir, "testnet-dw"), 0), "genesis.json"), "utf8")).staking.downtime_window).toBe("7");
    expect(json.validators.every((v: { proof_of_possession?: string }) => /^0x[0-9a-f]{192}$/.test(v.proof_of_possession ?? ""))).toBe(true);
    const genesis = parseGenesisFile(text);
    expect(genesis.staking).toEqual(devnetStaking(12n));
    expect(genesisToJson(genesis)).toEqual(json);

    // Block 0 of that genesis: four active records, epoch 0's group key in the genesis share order, the supply.
    const params = { ...defaultChainParams(genesis.chainId, accountKey), staking: genesis.staking! };
    const blocks = BlockStore.open(join(dir, "blocks"));
    const chain = Chain.open(params, blocks, StateStore.open(new MemoryBackend()), genesis);
    const state = { get: (k: Uint8Array) => chain.state.get(k), set: () => undefined, delete: () => undefined };
    for (const v of genesis.consensus.validators) expect(getValidator(state, v.address)?.status).toBe(1);
    const key = epochGroupKey(state, 0n)!;
    expect(key.threshold).toBe(3n);
    expect(toHex(key.commitments[0]!)).toBe(toHex(genesis.consensus.groupPublicKey));
    expect(key.members.map(toHex)).toEqual(genesis.consensus.validators.map((v) => toHex(v.address)));
    const set = consensusSetFor(state, genesis.staking!, 0n)!;
    expect(set.status).toBe("ok");
    const supply = getSupply(state)!;
    const allocated = genesis.config.allocations.reduce((a, x) => a + x.balance, 0n);
    expect(totalSupply(supply)).toBe(allocated + 4n * genesis.consensus.validators[0]!.stake);
    const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool: new Mempool({ params }) }));
    const epoch = (await registry.call("cowboy_epoch", [])) as { epoch: string; group_key: Record<string, unknown> };
    expect(epoch.epoch).toBe("0");
    expect(epoch.group_key).toEqual({
      status: "ok",
      continued_from: "0",
      threshold: "3",
      group_public_key: `0x${toHex(genesis.consensus.groupPublicKey)}`,
      commitments: genesis.consensus.commitments.map((c) => `0x${toHex(c)}`),
      members: genesis.consensus.validators.map((v) => `0x${toHex(v.address)}`),
    });
    await blocks.close();
  });

  it("refuses a staking genesis without proofs of possession, and bad staking numbers", () => {
    const json = JSON.parse(readFileSync(join(nodeDir(join(dir, "testnet"), 0), "genesis.json"), "utf8"));
    const noPop = { ...json, validators: json.validators.map(({ proof_of_possession: _, ...v }: Record<string, string>) => v) };
    expect(() => parseGenesisFile(JSON.stringify(noPop))).toThrow(GenesisFileError);
    expect(() => parseGenesisFile(JSON.stringify(noPop))).toThrow(/proof_of_possession/);
    expect(() => parseGenesisFile(JSON.stringify({ ...json, staking: { epoch_length: "10", unbonding_period: "5" } }))).toThrow(/unbondingPeriod/);
    expect(() => parseGenesisFile(JSON.stringify({ ...json, staking: { epoch_lenght: "10" } }))).toThrow(GenesisFileError);
  });
});
