// The governance RPC (cips/governance.md): cowboy_getParam, cowboy_listParams, cowboy_getProposal,
// cowboy_listProposals on the devnet's governed chain, after a proposal passes and its change takes effect;
// chain.params follows the registry at the head with no restart. A chain without governance refuses them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { defaultChainParams, PARAM_GROUPS } from "@cowboy/execution";
import { createGovernanceConfig, encodeJson } from "@cowboy/governance";
import { createStakingConfig, epochSetAt, getSupply, totalSupply } from "@cowboy/staking";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { BASE_UNITS_PER_CBY, createTransaction, type Instruction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis, devnetGovernance, type DevAccount } from "../../src/chain/genesis.js";
import { withStaking } from "../../src/chain/staking-genesis.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-governance-rpc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function open(name: string, governed: boolean) {
  const genesis = devnetGenesis();
  const governance = createGovernanceConfig({ ...devnetGovernance(), votingPeriod: 2n, timelock: 1n, emergencyTimelock: 1n });
  const params = { ...defaultChainParams(genesis.chainId, accountKey), ...(governed ? { governance } : {}) };
  const chain = Chain.open(params, BlockStore.open(join(dir, name, "blocks")), StateStore.open(LmdbBackend.open(join(dir, name, "state"))), genesis);
  const mempool = new Mempool({ params });
  const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool }));
  return { chain, registry, genesis, mempool };
}

describe("the governance RPC", () => {
  it("reads the registry and proposals, and the chain's params follow an activated change", { timeout: 60_000 }, async () => {
    const { chain, registry, genesis, mempool } = open("governed", true);
    const [a0, a1, a2, a3] = devAccounts();
    const listed = (await registry.call("cowboy_listParams", [])) as { key: string; tier: number }[];
    expect(listed.map((p) => p.key)).toEqual(PARAM_GROUPS.map((g) => g.key));
    const param = (await registry.call("cowboy_getParam", ["basefee_config"])) as { key: string; tier: number; value: Record<string, string>; history: unknown[] };
    expect(param).toMatchObject({ key: "system:basefee_config", tier: 0, value: { minBasefee: "10000" }, history: [{ height: "0", proposal: null }] });
    await expect(registry.call("cowboy_getParam", ["no_such_group"])).rejects.toThrow(/not a registry key/);

    let t = genesis.config.timestampMs;
    const nonces = new Map<string, bigint>();
    const tx = (who: DevAccount, instruction: Instruction, fee = 40_000n) => {
      const nonce = nonces.get(who.privateKey.toString()) ?? 0n;
      nonces.set(who.privateKey.toString(), nonce + 1n);
      return createTransaction({
        chainId: genesis.chainId,
        nonce,
        instruction,
        from: who.address,
        cyclesLimit: 1_000_000n,
        cellsLimit: 10_000n,
        maxFeePerCycle: fee,
        maxFeePerCell: fee,
        maxPriorityFeePerCycle: 0n,
        maxPriorityFeePerCell: 0n,
      }).sign(who.privateKey);
    };
    const block = (txs: ReturnType<typeof tx>[]) => {
      t += 1_000n;
      return chain.produce(txs, a0!.address, t);
    };
    const value = { ...param.value, minBasefee: "20000" };
    const body = encodeJson({ kind: "param_change", changes: [{ key: "system:basefee_config", value }] });
    expect(block([tx(a0!, { type: "gov_propose", body, deposit: 100n * BASE_UNITS_PER_CBY })]).receipts[0]!.status).toBe(0); // height 1, votes end at 3
    block([tx(a0!, { type: "gov_vote", proposalId: 0n, choice: 0n }), tx(a1!, { type: "gov_vote", proposalId: 0n, choice: 0n })]);
    expect(await registry.call("cowboy_getProposal", ["0"])).toMatchObject({ id: "0", proposer: `0x${toHex(a0!.address)}`, status: "voting" });
    block([]); // height 3: passes, eta 4
    expect(chain.params.feeMarket.minBasefee).toBe(10_000n);
    // The mempool admits against the registry at the head: 15,000 clears the floor now, not after the activation.
    const transfer: Instruction = { type: "transfer", to: a0!.address, amount: 1n };
    mempool.add(tx(a2!, transfer, 15_000n), chain.accounts);
    block([]); // height 4: activates
    expect(chain.params.feeMarket.minBasefee).toBe(20_000n);
    const refused = (() => {
      try {
        mempool.add(tx(a3!, transfer, 15_000n), chain.accounts);
        return "admitted";
      } catch (error) {
        return (error as { code: string }).code;
      }
    })();
    expect(refused).toBe("FEE_TOO_LOW");
    expect(block([]).block.header.cycle_basefee).toBe(20_000n); // height 5 carries the new floor
    expect(await registry.call("cowboy_listProposals", [])).toMatchObject([{ id: "0", status: "executed", eta: "4" }]);
    expect(await registry.call("cowboy_getProposal", ["7"])).toBeNull();
    expect(await registry.call("cowboy_getParam", ["system:basefee_config"])).toMatchObject({
      value: { minBasefee: "20000" },
      history: [{ height: "0" }, { height: "4", proposal: "0" }],
    });
  });

  it("cowboy_getSecurityFloor: the trigger turns on at the first staking epoch's end and boosts the reward rates", { timeout: 60_000 }, async () => {
    const base = devnetGenesis();
    const staking = createStakingConfig({ epochLength: 3n, unbondingPeriod: 3n });
    const genesis = withStaking(base, staking, 1_000n * BASE_UNITS_PER_CBY);
    const governance = createGovernanceConfig({ ...devnetGovernance(), securityFloor: { thresholdBps: 5_000n, boostBps: 100n } });
    const params = { ...defaultChainParams(genesis.chainId, accountKey), staking, governance };
    const chain = Chain.open(params, BlockStore.open(join(dir, "floor", "blocks")), StateStore.open(LmdbBackend.open(join(dir, "floor", "state"))), genesis);
    const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool: new Mempool({ params }) }));
    const off = {
      threshold_bps: "5000",
      boost_bps: "100",
      active: false,
      since: null,
      ratio_bps: null,
      evaluated_at: null,
      schedule_bps: ["800", "600", "400", "300"],
      floor_bps: "200",
    };
    expect(await registry.call("cowboy_getSecurityFloor", [])).toEqual(off);
    let t = genesis.config.timestampMs;
    for (let h = 1; h <= 2; h++) chain.produce([], devAccounts()[0]!.address, (t += 1_000n));
    // Height 2 ends epoch 0: the ratio of epoch 1's stake to the supply, in whole bps, is far below 50%.
    const head = chain.state.fork();
    const set = epochSetAt(head, staking, 3n)!;
    const ratio = (set.totalStake * 10_000n) / totalSupply(getSupply(head)!);
    expect(ratio).toBeLessThan(5_000n);
    expect(await registry.call("cowboy_getSecurityFloor", [])).toEqual({
      ...off,
      active: true,
      since: "2",
      ratio_bps: ratio.toString(),
      evaluated_at: "2",
      schedule_bps: ["900", "700", "500", "400"],
      floor_bps: "300",
    });
  });

  it("a chain without governance has no registry methods", async () => {
    const { registry } = open("plain", false);
    await expect(registry.call("cowboy_getSecurityFloor", [])).rejects.toThrow(/without governance/);
    await expect(registry.call("cowboy_listParams", [])).rejects.toThrow(/without governance/);
    await expect(registry.call("cowboy_getProposal", ["0"])).rejects.toThrow(/without governance/);
  });
});
