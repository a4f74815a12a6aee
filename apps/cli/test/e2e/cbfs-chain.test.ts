// CBFS with --rpc against a real devnet (cips/cbfs.md §10): three relays register at 0x0B by themselves;
// `cowboy fs put --rpc` places on 0x0B's live set, anchors the root at 0x0A and records the relays' receipts there
// (then 0x0A pays them rent at the next payout height, cips/cbfs.md §7.1), `fs get --rpc` reads with a
// CapToken the owner issues to itself (the relays refuse token-less reads), `fs mount --copy` gives a read-only copy
// (as where there is no FUSE), `fs rm --rpc` deletes on chain too. Where FUSE works (as root): `fs mount --rpc
// --token-blocks 20` keeps reads working after its first CapToken expires (the mount process renews it, cips/cbfs.md
// §12 "Renewal"), while a mount given the same kind of token without the node's URL fails its reads with EIO.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@cowboy/client";
import { DEFAULT_CBFS_CHAIN_CONFIG as C, STORAGE_MANAGER_ADDRESS, encodeCapToken, rightsMask, signCapToken } from "@cowboy/cbfs";
import { fuseSupport, isFuseMounted, spawnMountProcess, unmountDir } from "@cowboy/cbfs/fuse";
import { toHex } from "@cowboy/codec";
import { createLogger, devAccounts, devnetGenesis, type RunningNode, startNode } from "@cowboy/node";
import { type RunningRelay, startRelay } from "@cowboy/relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-cbfs-chain-"));
const dev = devAccounts();
let node: RunningNode;
let relays: RunningRelay[] = [];
const support = await fuseSupport();
const noFuse = !support.available ? support.reason : process.getuid?.() !== 0 ? "not root" : undefined;
if (noFuse !== undefined) console.log(`cbfs-chain: the FUSE CapToken renewal test is skipped: ${noFuse}`);
const inputs: Record<string, Uint8Array> = {};
const mounts: { dir: string; pid: number }[] = [];

// PATH reaches the commands (FUSE support looks for fusermount on it); nothing else of this process's environment.
async function cli(argv: string[]) {
  const io = { ...memoryIo({ files: { ...inputs } }), env: { PATH: process.env.PATH } };
  const status = await runCommand(cowboy, [...argv, "--rpc", node.rpcUrl, "--home", join(dir, "home"), "--key", `0x${toHex(dev[6]!.privateKey)}`], io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

beforeAll(async () => {
  inputs[join(dir, "in.bin")] = new TextEncoder().encode("an anchored CBFS file ".repeat(30_000));
  writeFileSync(join(dir, "in.bin"), inputs[join(dir, "in.bin")]!);
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
    [1, 2, 3].map((i) => startRelay({ privateKey: dev[i]!.privateKey, stake: 1_000n * 10n ** 9n, dataDir: join(dir, `relay-${i}`), rpc: node.rpcUrl, pollMs: 200 })),
  );
}, 120_000);

afterAll(async () => {
  // No mount and no mount process outlives the file, whatever happened in it.
  for (const m of mounts) if ((await isFuseMounted(m.dir)) || alive(m.pid)) await unmountDir(m.dir, m.pid);
  await Promise.all(relays.map((r) => r.close()));
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const readdirLog = (mountsDir: string) => readdirSync(mountsDir).find((n) => n.endsWith(".log"))!;
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

describe("cowboy fs --rpc", () => {
  it("puts on 0x0B's relays and anchors at 0x0A, gets with a self-issued CapToken, rm deletes on chain", async () => {
    const put = await cli(["fs", "put", join(dir, "in.bin"), "--k", "2", "--m", "1", "--blocks", "500"]);
    // One stripe of 2+1 shards: every relay's receipt is recorded at 0x0A by the put itself.
    expect(put.stderr).toBe("recorded 3 of 3 storage receipts at 0x0A\n");
    expect(put.status).toBe(0);
    const root = put.stdout.trim();
    const rpc = createClient({ url: node.rpcUrl });
    type VolumeJson = { rent_per_block: string; rent_paid_out_to: string; holdings: { relay: string; chunk_count: number }[] };
    const volume = (await rpc.request("cowboy_getVolume", [root])) as VolumeJson;
    expect(volume).toMatchObject({ owner: `0x${toHex(dev[6]!.address)}`, k: 2, m: 1 });
    expect(volume.holdings.map((h) => h.relay).sort()).toEqual([1, 2, 3].map((i) => `0x${toHex(dev[i]!.address)}`).sort());
    // 660,000 bytes coded 2+1: one stripe, shards of ceil((660,000 + 16·11) / 2) bytes in 16 KiB chunks.
    expect(volume.holdings.map((h) => h.chunk_count)).toEqual([21, 21, 21]);

    // At the next multiple of rentPayoutInterval 0x0A pays the three holders a third each of the blocks since the last
    // payout (the anchor, unless a payout height passed after the receipts were recorded). Read away from a payout height.
    const manager = `0x${toHex(STORAGE_MANAGER_ADDRESS)}`;
    const I = C.rentPayoutInterval;
    const headHeight = async () => (await rpc.getHead()).height;
    while ((await headHeight()) % I > I - 20n) await new Promise((r) => setTimeout(r, 100));
    const from = BigInt(((await rpc.request("cowboy_getVolume", [root])) as VolumeJson).rent_paid_out_to);
    const before = BigInt(await rpc.request<string>("cowboy_getBalance", [manager]));
    const payoutAt = ((await headHeight()) / I + 1n) * I;
    expect(from).toBeLessThan(payoutAt);
    while ((await headHeight()) < payoutAt) await new Promise((r) => setTimeout(r, 200));
    const paid = (await rpc.request("cowboy_getVolume", [root])) as VolumeJson;
    expect(paid.rent_paid_out_to).toBe(payoutAt.toString());
    const share = ((payoutAt - from) * BigInt(volume.rent_per_block)) / 3n;
    expect(share).toBeGreaterThan(0n);
    expect(BigInt(await rpc.request<string>("cowboy_getBalance", [manager]))).toBe(before - 3n * share);

    const out = join(dir, "out.bin");
    const got = await cli(["fs", "get", root, out]);
    expect(got.stderr).toBe("");
    expect(readFileSync(out).equals(readFileSync(join(dir, "in.bin")))).toBe(true);

    // `fs mount --copy` (what happens without FUSE): a read-only, verified and decrypted copy under DIR. The FUSE
    // mount itself is tested in cbfs-fuse.test.ts.
    const mounted = await cli(["fs", "mount", root, join(dir, "mnt"), "--copy"]);
    expect(mounted.stderr).toBe("");
    expect(mounted.stdout).toMatch(/in\.bin \(read-only; /);
    expect(readFileSync(join(dir, "mnt", "in.bin")).equals(readFileSync(join(dir, "in.bin")))).toBe(true);
    expect(statSync(join(dir, "mnt", "in.bin")).mode & 0o777).toBe(0o444);

    const removed = await cli(["fs", "rm", root]);
    expect(removed.stdout).toBe("removed from 3 relays\n");
    expect(await rpc.request("cowboy_getVolume", [root])).toBeNull();
  }, 120_000);

  it.skipIf(noFuse !== undefined)(
    "a FUSE mount renews its CapToken: reads work after the first token expired, and fail without renewal",
    async () => {
      const t0 = performance.now();
      // 7 MiB + 5 bytes at K=2: four stripes. With a 1 MiB cache the reader keeps three, so after a whole read the
      // first stripe is fetched from the relays again, with whatever token the mount holds then.
      const big = join(dir, "big.bin");
      inputs[big] = Uint8Array.from({ length: 7 * 1024 * 1024 + 5 }, (_, i) => (i * 31 + (i >> 11)) & 0xff);
      const put = await cli(["fs", "put", big, "--k", "2", "--m", "1", "--blocks", "500"]);
      expect(put.status).toBe(0);
      const root = put.stdout.trim();
      const rpc = createClient({ url: node.rpcUrl });
      const renewing = join(dir, "mnt-renewing");
      const mounted = await cli(["fs", "mount", root, renewing, "--cache-mib", "1", "--token-blocks", "20"]);
      expect(mounted.stderr).toBe("");
      const pid = Number(/FUSE, pid (\d+);/.exec(mounted.stdout)?.[1]);
      mounts.push({ dir: renewing, pid });
      // The same mount without the node's URL: its token is never renewed. It lasts 100 blocks (10 s) so that its first
      // read, after the other mount's, is inside it even on a loaded machine.
      const start = (await rpc.getHead()).height;
      const record = JSON.parse(readFileSync(join(dir, "home", "volumes", `${root.slice(2)}.json`), "utf8")) as { key: string; relays: never[] };
      const token = signCapToken(
        { grantee: dev[6]!.address, scope: Buffer.from(root.slice(2), "hex"), rights: rightsMask(["read"]), notBefore: 0n, notAfter: start + 100n, nonce: 1n },
        dev[6]!.privateKey,
      );
      const fixed = join(dir, "mnt-fixed");
      const config = { root: root.slice(2), key: record.key, dir: fixed, name: "big.bin", relays: record.relays, cacheBytes: 1024 * 1024 };
      const plain = await spawnMountProcess({ ...config, capToken: toHex(encodeCapToken(token)), granteeKey: toHex(dev[6]!.privateKey) });
      mounts.push({ dir: fixed, pid: plain.pid });
      expect(same(await readFile(join(renewing, "big.bin")), inputs[big]!)).toBe(true);
      expect(same(await readFile(join(fixed, "big.bin")), inputs[big]!)).toBe(true);

      // Both first tokens expire (the CLI's 20-block one was issued at a head no later than `start` + a few blocks).
      while ((await rpc.getHead()).height < start + 110n) await new Promise((r) => setTimeout(r, 100));
      expect(same(await readFile(join(renewing, "big.bin")), inputs[big]!)).toBe(true);
      const handle = await open(join(fixed, "big.bin"), "r");
      await expect(handle.read(Buffer.alloc(4096), 0, 4096, 0)).rejects.toMatchObject({ code: "EIO" });
      await handle.close();
      const log = readFileSync(join(dir, "home", "mounts", readdirLog(join(dir, "home", "mounts"))), "utf8");
      expect(log).toMatch(/^cbfs mount: renewed the read CapToken at height \d+: valid until height \d+$/m);
      expect(log).not.toContain(toHex(dev[6]!.privateKey));

      await unmountDir(renewing, pid);
      await unmountDir(fixed, plain.pid);
      expect(await isFuseMounted(renewing)).toBe(false);
      expect(alive(pid)).toBe(false);
      expect(alive(plain.pid)).toBe(false);
      console.log(`cbfs-chain: put 7 MiB, two mounts, reads across a CapToken's expiry, unmount: ${(performance.now() - t0).toFixed(0)} ms`);
    },
    120_000,
  );
});
