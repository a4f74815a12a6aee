// The runners RPC (cips/runner-market.md "RPC"): cowboy_getRunner, cowboy_listRunners, cowboy_getCommitteeEpoch,
// cowboy_getJob and cowboy_listJobs on the devnet's default parameters (the market enabled with the spec's 10,000 CBY floor), after two
// runners register and an account posts a single-runner job (selected at once from the parent beacon).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex, type CborValue } from "@cowboy/codec";
import { defaultChainParams } from "@cowboy/execution";
import { encodeCapabilities, encodeJobRequest } from "@cowboy/runner-market";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { BASE_UNITS_PER_CBY as CBY, createTransaction, type Instruction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis } from "../../src/chain/genesis.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-runners-rpc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the runners RPC", () => {
  it("answers runner and job records as the state has them", { timeout: 60_000 }, async () => {
    const genesis = devnetGenesis();
    const params = defaultChainParams(genesis.chainId, accountKey);
    const blocks = BlockStore.open(join(dir, "blocks"));
    const state = StateStore.open(LmdbBackend.open(join(dir, "state")));
    const chain = Chain.open(params, blocks, state, genesis);
    const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool: new Mempool({ params }) }));
    const [poster, r1, r2] = devAccounts();
    const nonces = new Map<string, bigint>();
    const tx = (who: typeof poster, instruction: Instruction) => {
      const n = nonces.get(toHex(who!.address)) ?? 0n;
      nonces.set(toHex(who!.address), n + 1n);
      return createTransaction({
        chainId: genesis.chainId,
        nonce: n,
        instruction,
        from: who!.address,
        cyclesLimit: 1_000_000n,
        cellsLimit: 100_000n,
        maxFeePerCycle: 100_000n,
        maxFeePerCell: 100_000n,
        maxPriorityFeePerCycle: 0n,
        maxPriorityFeePerCell: 0n,
      }).sign(who!.privateKey);
    };
    const caps = encodeCapabilities({ provides: ["net.http"], jobKinds: ["http"], rateCard: new Map([["http_request", 5n]]) });
    const reg = (who: typeof poster, stake: bigint) =>
      tx(who, {
        type: "runner_register",
        stake,
        maxJobValue: 100n * CBY,
        capabilities: caps,
        endpoint: new TextEncoder().encode("http://127.0.0.1:7000"),
        transportKey: new Uint8Array(32).fill(9),
      });
    let t = genesis.config.timestampMs;
    // No jobs step has seen an active runner yet.
    expect(await registry.call("cowboy_getCommitteeEpoch", [])).toBeNull();
    const low = reg(r2, 9_999n * CBY);
    const first = chain.produce([reg(r1, 10_000n * CBY), low], poster!.address, (t += 1_000n));
    expect(first.receipts.map((r) => r.status)).toEqual([0, 1]);
    expect(new TextDecoder().decode(first.receipts[1]!.return_data)).toMatch(/^RunnerMarketError: STAKE_TOO_LOW: /);

    const a1 = `0x${toHex(r1!.address)}`;
    const runner = (await registry.call("cowboy_getRunner", [a1])) as Record<string, unknown>;
    expect(runner).toMatchObject({
      address: a1,
      stake: (10_000n * CBY).toString(),
      provides: ["net.http"],
      jobKinds: ["http"],
      models: [],
      endpoint: "http://127.0.0.1:7000",
      transportKey: `0x${"09".repeat(32)}`,
      reputation: "500000",
      status: "active",
      maxJobValue: (100n * CBY).toString(),
      rateCard: { http_request: "5" },
      providesHistory: { since: "0", entries: [{ height: "1", provides: ["net.http"] }] },
    });
    expect(await registry.call("cowboy_getRunner", [`0x${toHex(r2!.address)}`])).toBeNull();
    // Block 1's jobs step saw one active runner: HHI 1.0, M = clip(⌈2·log₂1 / 1.0⌉, 3, 9) = 3 for epoch 0.
    expect(await registry.call("cowboy_getCommitteeEpoch", [])).toEqual({
      epoch: "0",
      epochBlocks: "3600",
      startsAt: "0",
      hhiEmaMicros: "1000000",
      nActive: "1",
      m: "3",
      current: true,
    });
    expect(((await registry.call("cowboy_listRunners", [])) as { address: string }[]).map((r) => r.address)).toEqual([a1]);

    const schema = new Map<CborValue, CborValue>([["type", "object"]]);
    const request = encodeJobRequest({
      kind: "http",
      spec: new Map<CborValue, CborValue>([
        ["method", "GET"],
        ["url", "https://api.example/v1"],
      ]),
      resultSchema: schema,
      allowDomains: ["api.example"],
    });
    const posted = chain.produce([tx(poster, { type: "job_submit", request, maxPrice: 3n * CBY })], poster!.address, (t += 1_000n));
    expect(posted.receipts[0]!.status).toBe(0);
    const id = `0x${toHex(posted.receipts[0]!.return_data)}`;
    const job = (await registry.call("cowboy_getJob", [id])) as Record<string, unknown>;
    expect(job).toMatchObject({
      id,
      poster: `0x${toHex(poster!.address)}`,
      kind: "http",
      spec: { method: "GET", url: "https://api.example/v1" },
      resultSchema: { type: "object" },
      verification: "none",
      runners: "1",
      quorum: "1",
      maxPrice: (3n * CBY).toString(),
      escrow: (3n * CBY).toString(),
      allowDomains: ["api.example"],
      requires: ["net.http"],
      status: "selected",
      committee: [a1],
      acks: [],
      commits: [],
      reveals: [],
      result: null,
      usageAnomalies: [],
      postedAt: "2",
      selectedAt: "2",
    });
    expect(await registry.call("cowboy_getJob", [`0x${"00".repeat(32)}`])).toBeNull();
    const byActor = (await registry.call("cowboy_listJobs", [{ actor: `0x${toHex(poster!.address)}` }])) as { id: string }[];
    expect(byActor.map((j) => j.id)).toEqual([id]);
    expect(await registry.call("cowboy_listJobs", [{ runner: `0x${toHex(r2!.address)}` }])).toEqual([]);
    expect(((await registry.call("cowboy_listJobs", [{ status: "selected", limit: 5 }])) as unknown[]).length).toBe(1);
    expect(((await registry.call("cowboy_listJobs", [])) as unknown[]).length).toBe(1);
    await expect(registry.call("cowboy_listJobs", [{ status: "bogus" }])).rejects.toMatchObject({ code: -32602 });
    await blocks.close();
    await state.close();
  });
});
