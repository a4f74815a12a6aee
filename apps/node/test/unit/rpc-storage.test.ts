// The storage RPC (issue 26; cips/cbfs.md §7): cowboy_listRelays, cowboy_listVolumes, cowboy_getVolume and cowboy_getVolumes on the devnet's
// parameters, after a relay registers and an account anchors a 1+0 volume of 3,000,000 bytes (3 stripes of 1 MiB).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_CBFS_CHAIN_CONFIG, VOLUME_QUERY_LIMIT } from "@cowboy/cbfs";
import { toHex } from "@cowboy/codec";
import { defaultChainParams } from "@cowboy/execution";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { BASE_UNITS_PER_CBY as CBY, createTransaction, type Instruction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis } from "../../src/chain/genesis.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { nodeMethods } from "../../src/rpc/methods/index.js";
import { MethodRegistry } from "../../src/rpc/registry.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-storage-rpc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the storage RPC", () => {
  it("answers relays and volumes as 0x0B and 0x0A hold them", { timeout: 60_000 }, async () => {
    const genesis = devnetGenesis();
    const params = defaultChainParams(genesis.chainId, accountKey);
    const blocks = BlockStore.open(join(dir, "blocks"));
    const state = StateStore.open(LmdbBackend.open(join(dir, "state")));
    const chain = Chain.open(params, blocks, state, genesis);
    const registry = new MethodRegistry().register(...nodeMethods({ chain, mempool: new Mempool({ params }) }));
    const [owner, relay] = devAccounts();
    const tx = (who: typeof owner, nonce: bigint, instruction: Instruction) =>
      createTransaction({
        chainId: genesis.chainId,
        nonce,
        instruction,
        from: who!.address,
        cyclesLimit: 1_000_000n,
        cellsLimit: 100_000n,
        maxFeePerCycle: 100_000n,
        maxFeePerCell: 100_000n,
        maxPriorityFeePerCycle: 0n,
        maxPriorityFeePerCell: 0n,
      }).sign(who!.privateKey);
    const root = new Uint8Array(32).fill(0x5a);
    let t = genesis.config.timestampMs;
    const produced = chain.produce(
      [
        tx(relay, 0n, { type: "relay_register", stake: 1_000n * CBY, capacity: 1n << 30n, endpoint: new TextEncoder().encode("http://127.0.0.1:9") }),
        tx(owner, 0n, { type: "storage_anchor", root, size: 3_000_000n, k: 1n, m: 0n, blocks: 100n }),
      ],
      owner!.address,
      (t += 1_000n),
    );
    expect(produced.receipts.map((r) => r.status)).toEqual([0, 0]);
    const relayHex = `0x${toHex(relay!.address)}`;
    expect(((await registry.call("cowboy_listRelays", [])) as { relays: unknown[] }).relays).toEqual([
      expect.objectContaining({ address: relayHex, stake: (1_000n * CBY).toString(), last_heartbeat: "1", heartbeat_age: "0", status: "active", live: true, exit_at: null }),
    ]);
    const rootHex = `0x${"5a".repeat(32)}`;
    const listed = (await registry.call("cowboy_listVolumes", [])) as Record<string, unknown>[];
    expect(listed).toEqual([
      expect.objectContaining({ root: rootHex, owner: `0x${toHex(owner!.address)}`, size: "3000000", k: 1, m: 0, stored_mib: "3", anchored_at: "1", paid_until: "101" }),
    ]);
    expect(await registry.call("cowboy_listVolumes", [{ owner: relayHex }])).toEqual([]);
    const volume = (await registry.call("cowboy_getVolume", [rootHex])) as Record<string, unknown>;
    expect(volume).toMatchObject({ status: "anchored", layout: { stripes: 3, shards_per_stripe: 1 }, placement_error: null });
    expect(volume.placement).toEqual([0, 1, 2].map((stripe) => ({ stripe, relays: [relayHex] })));
    expect(await registry.call("cowboy_getVolume", [`0x${"00".repeat(32)}`])).toBeNull();
    await expect(registry.call("cowboy_listVolumes", [{ limit: 0 }])).rejects.toMatchObject({ code: -32602 });

    // cowboy_getVolumes: many roots in one call, in order; an orphan after storage_replace; at most VOLUME_QUERY_LIMIT.
    const next = new Uint8Array(32).fill(0x5b);
    const replaced = chain.produce(
      [tx(owner, 1n, { type: "storage_replace", oldRoot: root, root: next, size: 1_000n, k: 1n, m: 0n, blocks: 100n })],
      owner!.address,
      (t += 1_000n),
    );
    expect(replaced.receipts.map((r) => r.status)).toEqual([0]);
    const unknown = `0x${"00".repeat(32)}`;
    const nextHex = `0x${"5b".repeat(32)}`;
    expect(await registry.call("cowboy_getVolumes", [[nextHex, unknown, rootHex]])).toEqual({
      height: "2",
      volumes: [
        { root: nextHex, status: "anchored", owner: `0x${toHex(owner!.address)}`, size: "1000", k: 1, m: 0, paid_until: "102" },
        null,
        { root: rootHex, status: "orphan", orphan_release_at: (2n + (params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG).orphanShardTtl).toString() },
      ],
    });
    await expect(registry.call("cowboy_getVolumes", [Array.from({ length: VOLUME_QUERY_LIMIT + 1 }, () => unknown)])).rejects.toMatchObject({ code: -32602 });
    await expect(registry.call("cowboy_getVolumes", [[]])).rejects.toMatchObject({ code: -32602 });
    await expect(registry.call("cowboy_getVolumes", [["0x12"]])).rejects.toMatchObject({ code: -32602 });
    expect(((await registry.call("cowboy_getVolumes", [Array.from({ length: VOLUME_QUERY_LIMIT }, () => unknown)])) as { volumes: unknown[] }).volumes).toHaveLength(
      VOLUME_QUERY_LIMIT,
    );
    await blocks.close();
    await state.close();
  });
});
