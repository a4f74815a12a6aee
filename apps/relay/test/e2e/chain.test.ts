// Relays on chain against a real devnet (cips/cbfs.md §10): four relays started with `rpc` register themselves at
// 0x0B and heartbeat; a client places a file on 0x0B's live set (stake-weighted, one shard per relay per stripe),
// anchors it at 0x0A and reads it back with a self-issued CapToken; the relays refuse a token once its nonce is
// revoked on chain (storage_revoke) and a token past its height. Proofs of retrievability: an honest relay answers
// its challenge by itself and passes; one that dropped the shard misses the deadline and is suspended (out of
// placement, stake intact); one whose disk corrupted the shard answers with a proof that fails and is slashed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rightsMask, signCapToken } from "@cowboy/cbfs";
import { createCbfsClient, createHttpTransport, fetchChainRelays } from "@cowboy/cbfs/client";
import { createClient } from "@cowboy/client";
import { type CborValue, toHex } from "@cowboy/codec";
import { createLogger, devAccounts, devnetGenesis, type RunningNode, startNode } from "@cowboy/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RelayChainJson, type RunningRelay, rpcOrphanRelease, sendInstruction, startRelay } from "../../src/index.js";

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dir = mkdtempSync(join(tmpdir(), "cbfs-chain-"));
const dev = devAccounts();
const STAKE = 2_000n * 10n ** 9n;
let node: RunningNode;
let relays: RunningRelay[] = [];

beforeAll(async () => {
  node = await startNode({
    dataDir: join(dir, "node"),
    genesis: devnetGenesis(),
    blockTimeMs: 100,
    rpcHost: "127.0.0.1",
    rpcPort: 0,
    reset: true,
    logger: createLogger({ level: "error", format: "text", write: () => {} }),
  });
  relays = await Promise.all(
    [1, 2, 3, 4].map((i) =>
      startRelay({ privateKey: dev[i]!.privateKey, stake: STAKE * BigInt(i), dataDir: join(dir, `relay-${i}`), rpc: node.rpcUrl, pollMs: 100, heartbeatEvery: 5n }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(relays.map((r) => r.close()));
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("relays on chain", () => {
  it("self-register with stake, capacity and endpoint, and heartbeat", async () => {
    const client = createClient({ url: node.rpcUrl });
    const first = await client.request<RelayChainJson>("cowboy_listRelays");
    expect(first.relays).toHaveLength(4);
    for (const [n, i] of [1, 2, 3, 4].entries()) {
      const r = first.relays.find((x) => x.address === `0x${toHex(dev[i]!.address)}`)!;
      expect(r).toMatchObject({ stake: (STAKE * BigInt(i)).toString(), endpoint: relays[n]!.url, status: "active", live: true });
    }
    const before = new Map(first.relays.map((r) => [r.address, BigInt(r.last_heartbeat)]));
    await new Promise<void>((done) => {
      const t = setInterval(() => {
        if (relays.every((r) => (r.chain?.heartbeats ?? 0) >= 1)) {
          clearInterval(t);
          done();
        }
      }, 100);
    });
    const after = await client.request<RelayChainJson>("cowboy_listRelays");
    for (const r of after.relays) expect(BigInt(r.last_heartbeat)).toBeGreaterThan(before.get(r.address)!);
  }, 60_000);

  it("places on 0x0B's live set, anchors at 0x0A, reads with a CapToken, refuses it once revoked or expired", async () => {
    const rpc = createClient({ url: node.rpcUrl });
    const owner = dev[6]!;
    const { relays: set, height } = await fetchChainRelays((m, p) => rpc.request(m, p));
    expect(set.map((r) => r.endpoint).sort()).toEqual(relays.map((r) => r.url).sort());
    const data = new TextEncoder().encode("anchored volume ".repeat(40_000));
    const writer = createHttpTransport();
    const put = await createCbfsClient({ transport: writer }).put(data, { relays: set, ownerKey: owner.privateKey, k: 2, m: 1 });
    writer.close();
    // One shard per relay per stripe: every stripe's 3 shards went to 3 distinct relays of the 4.
    const held = relays.map((r) => r.store.used);
    expect(held.filter((u) => u > 0).length).toBeGreaterThanOrEqual(3);

    await sendInstruction(rpc, owner.privateKey, { type: "storage_anchor", root: put.root, size: BigInt(data.length), k: 2n, m: 1n, blocks: 1_000n });
    const volume = await rpc.request<{ owner: string; size: string; k: number; m: number } | null>("cowboy_getVolume", [`0x${toHex(put.root)}`]);
    expect(volume).toMatchObject({ owner: `0x${toHex(owner.address)}`, size: String(data.length), k: 2, m: 1 });
    // The relays' orphan check (one cowboy_getVolumes call): an anchored and an unknown root are not orphans.
    expect(await rpcOrphanRelease(rpc)([put.root, new Uint8Array(32)])).toEqual([undefined, undefined]);

    const reader = dev[7]!;
    const token = signCapToken(
      { grantee: reader.address, scope: put.root, rights: rightsMask(["read"]), notBefore: height, notAfter: height + 10_000n, nonce: 42n },
      owner.privateKey,
    );
    const withToken = createHttpTransport({ capToken: { token, granteeKey: reader.privateKey } });
    expect(await createCbfsClient({ transport: withToken }).get(put.root, put.key, { relays: set })).toEqual(data);
    // Without a token every relay refuses: the manifest is not found anywhere.
    const bare = createHttpTransport();
    await expect(createCbfsClient({ transport: bare }).get(put.root, put.key, { relays: set })).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    bare.close();

    await sendInstruction(rpc, owner.privateKey, { type: "storage_revoke", nonce: 42n });
    expect(await rpc.request("cowboy_isCapTokenRevoked", [`0x${toHex(owner.address)}`, "42"])).toBe(true);
    await expect(createCbfsClient({ transport: withToken }).get(put.root, put.key, { relays: set })).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    withToken.close();

    // A token whose window ended below the relays' height is refused too (relays see the head one poll late).
    const head = (await rpc.getHead()).height - 5n;
    const stale = signCapToken({ grantee: reader.address, scope: put.root, rights: rightsMask(["read"]), notBefore: 0n, notAfter: head - 1n, nonce: 43n }, owner.privateKey);
    const staleT = createHttpTransport({ capToken: { token: stale, granteeKey: reader.privateKey } });
    await expect(createCbfsClient({ transport: staleT }).get(put.root, put.key, { relays: set })).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    staleT.close();
  }, 120_000);

  it("an actor owns a volume (cowboy_sdk.cbfs): anchors it from its balance, delegates a read the relays check on chain", async () => {
    const rpc = createClient({ url: node.rpcUrl });
    const uploader = dev[6]!;
    const { relays: set } = await fetchChainRelays((m, p) => rpc.request(m, p));
    const data = new TextEncoder().encode("actor-owned volume ".repeat(30_000));
    const writer = createHttpTransport();
    const put = await createCbfsClient({ transport: writer }).put(data, { relays: set, ownerKey: uploader.privateKey, k: 2, m: 1 });
    writer.close();

    const source = `from cowboy_sdk import actor, cbfs

@actor
class Vault:
    def own(self, root, size):
        return cbfs.anchor(root, size, 2, 1, 1000)

    def grant(self, root, who):
        return cbfs.delegate(root, who, ["read"], 1000)

    def revoke(self, root, who):
        cbfs.revoke_delegation(root, who)
`;
    const { tx, address: vault } = await rpc.deployActor({ privateKey: dev[0]!.privateKey, source, salt: new Uint8Array(32).fill(0xcb) });
    expect((await rpc.waitForReceipt(tx.digest())).status).toBe(0);
    expect((await rpc.waitForReceipt((await rpc.transfer({ privateKey: dev[0]!.privateKey, to: vault, amount: 10n ** 12n })).digest())).status).toBe(0);
    const call = async (method: string, args: CborValue[]) => {
      const r = await rpc.waitForReceipt((await rpc.callActor({ privateKey: dev[0]!.privateKey, to: vault, method, args, cyclesLimit: 5_000_000n })).digest());
      expect(r.status, new TextDecoder().decode(r.return_data)).toBe(0);
    };
    await call("own", [put.root, BigInt(data.length)]);
    const volume = await rpc.request<{ owner: string } | null>("cowboy_getVolume", [`0x${toHex(put.root)}`]);
    expect(volume?.owner).toBe(`0x${toHex(vault)}`);

    const reader = dev[8]!;
    const delegated = createHttpTransport({ delegation: { root: put.root, granteeKey: reader.privateKey } });
    const read = () => createCbfsClient({ transport: delegated }).get(put.root, put.key, { relays: set });
    await expect(read()).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    await call("grant", [put.root, reader.address]);
    const d = await rpc.request<{ rights: number; not_before: string; not_after: string } | null>("cowboy_getDelegation", [`0x${toHex(put.root)}`, `0x${toHex(reader.address)}`]);
    expect(d?.rights).toBe(1);
    expect(BigInt(d!.not_after) - BigInt(d!.not_before)).toBe(1000n);
    // Relays follow the head a poll late: the delegation starts at the call's height.
    await until("a relay read under the delegation", () =>
      read().then(
        (got) => got.length === data.length,
        () => false,
      ),
    );
    expect(await read()).toEqual(data);
    // Someone else signing as the grantee is refused by every relay.
    const mallory = createHttpTransport({ delegation: { root: put.root, granteeKey: dev[9]!.privateKey } });
    await expect(createCbfsClient({ transport: mallory }).get(put.root, put.key, { relays: set })).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    mallory.close();
    await call("revoke", [put.root, reader.address]);
    expect(await rpc.request("cowboy_getDelegation", [`0x${toHex(put.root)}`, `0x${toHex(reader.address)}`])).toBeNull();
    await expect(read()).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
    delegated.close();
  }, 120_000);

  it("PoR: an honest relay passes by itself; dropped data is suspended, not slashed; a corrupt proof is slashed", async () => {
    const rpc = createClient({ url: node.rpcUrl });
    const owner = dev[6]!;
    const auditor = dev[8]!;
    const { relays: set } = await fetchChainRelays((m, p) => rpc.request(m, p));
    const data = new TextEncoder().encode("audited volume ".repeat(50_000));
    const writer = createHttpTransport();
    const put = await createCbfsClient({ transport: writer }).put(data, { relays: set, ownerKey: owner.privateKey, k: 2, m: 1 });
    writer.close();
    expect(put.receipts).toHaveLength(put.manifest.shardRoots.length * 3);
    await sendInstruction(rpc, owner.privateKey, { type: "storage_anchor", root: put.root, size: BigInt(data.length), k: 2n, m: 1n, blocks: 1_000n });
    // Three distinct relays, each with one receipted shard.
    const picks = [...new Map(put.receipts.map((r) => [r.relay.endpoint, r])).values()].slice(0, 3);
    expect(picks).toHaveLength(3);
    const relayOf = (endpoint: string) => relays.find((r) => r.url === endpoint)!;
    const shardHex = (p: (typeof picks)[number]) => toHex(put.manifest.shardRoots[p.stripe]![p.shard]!);
    const standing = async (address: Uint8Array) => (await rpc.request<RelayChainJson>("cowboy_listRelays")).relays.find((r) => r.address === `0x${toHex(address)}`)!;
    const challenge = (p: (typeof picks)[number]) => {
      const shard = put.manifest.shardRoots[p.stripe]![p.shard]!;
      const chunkCount = BigInt(Math.ceil(data.length / 2 / put.manifest.chunkSize));
      return sendInstruction(rpc, auditor.privateKey, { type: "por_challenge", relay: p.relay.address, volume: put.root, shard, chunkCount, receipt: p.signature });
    };
    const [honest, dropper, corrupt] = picks as [(typeof picks)[number], (typeof picks)[number], (typeof picks)[number]];
    const stakeOf = async (address: Uint8Array) => BigInt((await standing(address)).stake);

    // The honest relay answers by itself.
    const honestRelay = relayOf(honest.relay.endpoint);
    await challenge(honest);
    await until("the honest relay's answer", async () => (await standing(honest.relay.address)).passed === "1");
    expect(await standing(honest.relay.address)).toMatchObject({ por: "good", failed: 0, missed: 0, live: true });
    await until("the honest relay's own count", () => honestRelay.chain!.porAnswers === 1);

    // A relay that dropped the shard cannot answer: suspended after the deadline, stake intact, out of placement.
    const dropperStake = await stakeOf(dropper.relay.address);
    await relayOf(dropper.relay.endpoint).store.delete("shards", shardHex(dropper));
    await challenge(dropper);
    await until("the dropper's missed deadline", async () => (await standing(dropper.relay.address)).missed === 1);
    expect(await standing(dropper.relay.address)).toMatchObject({ por: "suspended", live: false, failed: 0, slashed: "0", stake: dropperStake.toString() });
    const { relays: after } = await fetchChainRelays((m, p) => rpc.request(m, p));
    expect(after.map((r) => r.endpoint)).not.toContain(dropper.relay.endpoint);

    // A relay whose shard rotted on disk answers with what it has: the proof fails and only then is it slashed.
    const corruptRelay = relayOf(corrupt.relay.endpoint);
    const file = join(corruptRelay.store.dir, "shards", shardHex(corrupt));
    const bytes = readFileSync(file);
    for (let i = 4; i < bytes.length; i++) bytes[i] = bytes[i]! ^ 0x5a;
    writeFileSync(file, bytes);
    const stake = await stakeOf(corrupt.relay.address);
    const auditorBefore = await rpc.getBalance(auditor.address);
    await challenge(corrupt);
    await until("the corrupt relay's failing proof", async () => (await standing(corrupt.relay.address)).failed === 1);
    const slashed = (stake * 1_000n) / 10_000n;
    expect(await standing(corrupt.relay.address)).toMatchObject({ por: "suspended", slashed: slashed.toString(), stake: (stake - slashed).toString() });
    // The auditor paid two challenges' fees and received the slashed stake.
    expect((await rpc.getBalance(auditor.address)) > auditorBefore + slashed / 2n).toBe(true);
  }, 180_000);
});
