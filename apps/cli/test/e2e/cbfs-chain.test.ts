// CBFS with --rpc against a real devnet (cips/cbfs.md §10): three relays register at 0x0B by themselves;
// `cowboy fs put --rpc` places on 0x0B's live set and anchors the root at 0x0A, `fs get --rpc` reads with a
// CapToken the owner issues to itself (the relays refuse token-less reads), `fs mount` gives a read-only copy where
// there is no FUSE, `fs rm --rpc` deletes on chain too.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@cowboy/client";
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

async function cli(argv: string[]) {
  const io = memoryIo({ files: { [join(dir, "in.bin")]: readFileSync(join(dir, "in.bin")) } });
  const status = await runCommand(cowboy, [...argv, "--rpc", node.rpcUrl, "--home", join(dir, "home"), "--key", `0x${toHex(dev[6]!.privateKey)}`], io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

beforeAll(async () => {
  writeFileSync(join(dir, "in.bin"), new TextEncoder().encode("an anchored CBFS file ".repeat(30_000)));
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
  await Promise.all(relays.map((r) => r.close()));
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("cowboy fs --rpc", () => {
  it("puts on 0x0B's relays and anchors at 0x0A, gets with a self-issued CapToken, rm deletes on chain", async () => {
    const put = await cli(["fs", "put", join(dir, "in.bin"), "--k", "2", "--m", "1", "--blocks", "500"]);
    expect(put.stderr).toBe("");
    expect(put.status).toBe(0);
    const root = put.stdout.trim();
    const rpc = createClient({ url: node.rpcUrl });
    expect(await rpc.request("cowboy_getVolume", [root])).toMatchObject({ owner: `0x${toHex(dev[6]!.address)}`, k: 2, m: 1 });

    const out = join(dir, "out.bin");
    const got = await cli(["fs", "get", root, out]);
    expect(got.stderr).toBe("");
    expect(readFileSync(out).equals(readFileSync(join(dir, "in.bin")))).toBe(true);

    // `fs mount` without FUSE: a read-only, verified and decrypted copy under DIR.
    const mounted = await cli(["fs", "mount", root, join(dir, "mnt")]);
    expect(mounted.stderr).toBe("");
    expect(mounted.stdout).toMatch(/in\.bin \(read-only; /);
    expect(readFileSync(join(dir, "mnt", "in.bin")).equals(readFileSync(join(dir, "in.bin")))).toBe(true);
    expect(statSync(join(dir, "mnt", "in.bin")).mode & 0o777).toBe(0o444);

    const removed = await cli(["fs", "rm", root]);
    expect(removed.stdout).toBe("removed from 3 relays\n");
    expect(await rpc.request("cowboy_getVolume", [root])).toBeNull();
  }, 120_000);
});
