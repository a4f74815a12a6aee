// The staking RPC (cips/staking.md): cowboy_supply, cowboy_validator, cowboy_epoch and the staking
// form of cowboy_validators, on a chain whose params have staking, after a register and an epoch boundary.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { blsPopProve, nobleBls } from "@cowboy/crypto";
import { defaultChainParams } from "@cowboy/execution";
import { createStakingConfig, getSupply } from "@cowboy/staking";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { BASE_UNITS_PER_CBY, createTransaction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis } from "../../src/chain/genesis.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";
import { indexedSupply, ObservationStore } from "../../src/index-store/observations.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-staking-rpc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface SupplyJson {
  height: string;
  genesis: string;
  issued: string;
  burned: string;
  total: string;
  year_base: string;
}

const bls = (i: number) => {
  const sk = new Uint8Array(32);
  sk[0] = 0x33;
  sk[31] = i + 1;
  return { publicKey: nobleBls.getPublicKey(sk), pop: blsPopProve(sk) };
};

describe("the staking RPC", () => {
  it("answers supply, records, the epoch and the validators as the state has them", { timeout: 60_000 }, async () => {
    const base = devnetGenesis();
    const [genesisValidator, newcomer] = devAccounts();
    const g = bls(0);
    const vesting = [{ address: new Uint8Array(20).fill(0x77), schedule: { total: 1_000n, atGenesis: 100n, cliff: 2n, period: 1n, periods: 9n } }];
    const genesis = {
      ...base,
      config: {
        ...base.config,
        vesting,
        validators: [{ address: genesisValidator!.address, blsPublicKey: g.publicKey, proofOfPossession: g.pop, stake: 200_000n * BASE_UNITS_PER_CBY }],
      },
    };
    const params = { ...defaultChainParams(genesis.chainId, accountKey), staking: createStakingConfig({ epochLength: 3n, unbondingPeriod: 3n }) };
    const blocks = BlockStore.open(join(dir, "blocks"));
    const state = StateStore.open(LmdbBackend.open(join(dir, "state")));
    const chain = Chain.open(params, blocks, state, genesis);
    // The node indexes the supply of every block it commits; the RPC answers earlier heights from that index.
    const observations = ObservationStore.open(join(dir, "index"));
    const produce: typeof chain.produce = (...args) => {
      const out = chain.produce(...args);
      observations.recordSupply(out.block.header.height, indexedSupply(getSupply(chain.state.fork())!));
      return out;
    };
    const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool: new Mempool({ params }), observations }));

    const before = (await registry.call("cowboy_supply", [])) as SupplyJson;
    expect(before.issued).toBe("0");
    expect(BigInt(before.total)).toBe(BigInt(before.genesis));

    const k = bls(1);
    const register = createTransaction({
      chainId: genesis.chainId,
      nonce: 0n,
      instruction: { type: "register_validator", blsPublicKey: k.publicKey, proofOfPossession: k.pop, amount: 100_000n * BASE_UNITS_PER_CBY },
      from: newcomer!.address,
      cyclesLimit: 100_000n,
      cellsLimit: 1_000n,
      maxFeePerCycle: 100_000n,
      maxFeePerCell: 100_000n,
      maxPriorityFeePerCycle: 0n,
      maxPriorityFeePerCell: 0n,
    }).sign(newcomer!.privateKey);
    const produced = produce([register], genesisValidator!.address, genesis.config.timestampMs + 1_000n);
    expect(produced.receipts[0]!.status).toBe(0);
    const a = `0x${toHex(newcomer!.address)}`;
    expect(await registry.call("cowboy_validator", [a])).toMatchObject({ address: a, status: "pending", stake: (100_000n * BASE_UNITS_PER_CBY).toString(), registered_at: "1" });
    expect(await registry.call("cowboy_epoch", [])).toMatchObject({ epoch: "0", epoch_length: "3" });

    produce([], genesisValidator!.address, genesis.config.timestampMs + 2_000n); // height 2: the end of epoch 0
    const epoch = (await registry.call("cowboy_epoch", [])) as { epoch: string; set: { members: { address: string }[]; total_stake: string } };
    expect(epoch.epoch).toBe("1");
    expect(epoch.set.members.map((m) => m.address).sort()).toEqual([a, `0x${toHex(genesisValidator!.address)}`].sort());
    expect(epoch.set.total_stake).toBe((300_000n * BASE_UNITS_PER_CBY).toString());
    // No genesis dealing and no reshare recorded: the failure is visible, nothing is in use from the state.
    expect((epoch as unknown as { group_key: unknown }).group_key).toEqual({ status: "missing", continued_from: null });
    const validators = (await registry.call("cowboy_validators", [])) as Array<{ address: string; status: string; in_set: boolean; index: number | null }>;
    expect(validators.find((v) => v.address === a)).toMatchObject({ status: "active", in_set: true, index: null, missed_votes: "0" });

    const after = (await registry.call("cowboy_supply", [])) as SupplyJson;
    expect(BigInt(after.issued)).toBeGreaterThan(0n);
    expect(BigInt(after.total)).toBe(BigInt(after.genesis) + BigInt(after.issued) - BigInt(after.burned));
    expect(BigInt(after.burned)).toBe(produced.receipts[0]!.fee_burned);
    // Height 1 from the index: its burn is block 1's fee, and block 2 issued more on top of it.
    const at1 = (await registry.call("cowboy_supply", ["1"])) as SupplyJson;
    expect(at1).toMatchObject({ height: "1", genesis: after.genesis, burned: after.burned });
    expect(BigInt(at1.issued)).toBeGreaterThan(0n);
    expect(BigInt(at1.issued)).toBeLessThan(BigInt(after.issued));
    expect(BigInt(at1.total)).toBe(BigInt(at1.genesis) + BigInt(at1.issued) - BigInt(at1.burned));
    expect(await registry.call("cowboy_supply", ["2"])).toEqual(after);
    await expect(registry.call("cowboy_supply", ["3"])).rejects.toMatchObject({ code: -32602 });
    // Genesis is never indexed as a block: its record is the genesis amount, nothing issued or burned.
    expect(await registry.call("cowboy_supply", ["0"])).toEqual({ height: "0", genesis: after.genesis, issued: "0", burned: "0", total: after.genesis, year_base: after.genesis });
    await expect(registry.call("cowboy_supply", ["-1"])).rejects.toMatchObject({ code: -32602 });
    await expect(registry.call("cowboy_validator", ["0x" + "00".repeat(20)])).resolves.toBeNull();
    // Head 2, next block 3: 100 + 900·3/9 unlocked.
    expect(await registry.call("cowboy_vesting", [`0x${"77".repeat(20)}`])).toMatchObject({ total: "1000", claimed: "0", unlocked: "400", locked: "600", claimable: "400" });
    await expect(registry.call("cowboy_vesting", [a])).resolves.toBeNull();
    await observations.close();
    await blocks.close();
    await state.close();
  });

  it("answers -32601 on a chain without staking", async () => {
    const genesis = devnetGenesis();
    const params = defaultChainParams(genesis.chainId, accountKey);
    const blocks = BlockStore.open(join(dir, "blocks2"));
    const state = StateStore.open(LmdbBackend.open(join(dir, "state2")));
    const chain = Chain.open(params, blocks, state, genesis);
    const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool: new Mempool({ params }) }));
    await expect(registry.call("cowboy_supply", [])).rejects.toMatchObject({ code: -32601 });
    await blocks.close();
    await state.close();
  });
});
