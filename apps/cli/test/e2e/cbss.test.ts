// CBSS against a real devnet (cips/cbss.md): five proxies (t = 3) register through the RPC, dev account 0 deals
// the committee with `cowboy proxy deal`, an owner stores a secret with `cowboy secret put`, lists it, and
// receipts are empty; a runner the chain does not know asks for it and every proxy refuses (the devnet runs
// without the runner market, so no job can name it), with three proxies stopped the request fails cleanly;
// the plaintext is nowhere in the node's data directory, the proxies' data directories or the logs.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@cowboy/client";
import { createSecretSource, rpcChainView } from "@cowboy/cbss/client";
import { toHex } from "@cowboy/codec";
import { createLogger, devAccounts, devnetGenesis, startNode, type RunningNode } from "@cowboy/node";
import { type RunningProxy, startProxy } from "@cowboy/proxy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const VALUE = "sk-e2e-PLAINTEXT-7c1d2e";
const dir = mkdtempSync(join(tmpdir(), "cowboy-cbss-"));
const dev = devAccounts();
const logs: string[] = [];
let node: RunningNode;
let rpc: string;
let proxies: RunningProxy[] = [];

async function cli(argv: string[]) {
  const io = memoryIo({});
  const status = await runCommand(cowboy, [...argv, "--rpc", rpc], io);
  logs.push(io.stdout.join(""), io.stderr.join(""));
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

function files(root: string): string[] {
  return readdirSync(root).flatMap((f) => {
    const p = join(root, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

beforeAll(async () => {
  node = await startNode({
    dataDir: join(dir, "node"),
    genesis: devnetGenesis(),
    blockTimeMs: 100,
    rpcHost: "127.0.0.1",
    rpcPort: 0,
    reset: true,
    logger: createLogger({ level: "info", format: "text", write: (line: string) => void logs.push(line) }),
  });
  rpc = node.rpcUrl;
  proxies = await Promise.all(
    [1, 2, 3, 4, 5].map((i) =>
      startProxy({ privateKey: dev[i]!.privateKey, stake: 10n * 10n ** 9n, rpc, dataDir: join(dir, `proxy-${i}`), pollMs: 200, log: (l) => void logs.push(l) }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("CBSS on a devnet", () => {
  it("deal, put, list, refuse an unknown runner, fail cleanly with 3 proxies down, no plaintext anywhere", async () => {
    const deal = await cli(["proxy", "deal", "--threshold", "3", "--secret-file", join(dir, "group.secret"), "--key", `0x${toHex(dev[0]!.privateKey)}`, "--json"]);
    expect(deal.stderr).toBe("");
    expect(JSON.parse(deal.stdout)).toMatchObject({ status: "success", epoch: "1", threshold: 3 });
    const held = await Promise.all(proxies.map((p) => p.ready));
    expect(held.map((h) => h.index).sort()).toEqual([1, 2, 3, 4, 5]);

    writeFileSync(join(dir, "value.txt"), VALUE);
    const owner = dev[6]!;
    const put = await cli([
      "secret",
      "put",
      "api.key",
      "--value-file",
      join(dir, "value.txt"),
      "--allow-actor",
      `0x${"22".repeat(20)}`,
      "--max-releases",
      "5",
      "--key",
      `0x${toHex(owner.privateKey)}`,
      "--json",
    ]);
    expect(JSON.parse(put.stdout)).toMatchObject({ status: "success", version: 1 });
    const list = JSON.parse((await cli(["secret", "list", "--owner", `0x${toHex(owner.address)}`, "--json"])).stdout);
    expect(list).toMatchObject([{ name: "api.key", version: 1, value_length: VALUE.length, policy: { max_releases: "5" } }]);
    expect(JSON.parse((await cli(["secret", "receipts", "api.key", "--owner", `0x${toHex(owner.address)}`, "--json"])).stdout)).toEqual([]);

    const client = createClient({ url: rpc });
    const source = createSecretSource({
      chainId: await client.getChainId(),
      view: rpcChainView((m, p) => client.request(m, p)),
      runnerKey: dev[7]!.privateKey,
      transportKey: new Uint8Array(32).fill(7),
    });
    const refused = await source.get({ owner: owner.address, name: "api.key" }, new Uint8Array(32).fill(1)).catch((e: Error) => e);
    expect(refused).toMatchObject({ code: "THRESHOLD_NOT_MET" });
    expect((refused as Error).message).toMatch(/POLICY_DENIED: the runner is not an active registered runner/);

    await Promise.all(proxies.slice(0, 3).map((p) => p.close()));
    const t0 = performance.now();
    const down = await source.get({ owner: owner.address, name: "api.key" }, new Uint8Array(32).fill(1)).catch((e: Error) => e);
    expect(down).toMatchObject({ code: "THRESHOLD_NOT_MET" });
    expect(performance.now() - t0).toBeLessThan(6000);

    const needle = Buffer.from(VALUE);
    for (const f of files(dir).filter((p) => !p.endsWith("value.txt"))) expect(readFileSync(f).includes(needle), f).toBe(false);
    expect(logs.join("\n")).not.toContain(VALUE);
  }, 120_000);
});
