// CBSS secrets reach a real runner job (issues 22 and 23; cips/runner-process.md "Secrets", cips/cbss.md §8): a devnet
// process, five `cowboy proxy start` processes dealt 3-of-5, two `cowboy runner start --provides net.http,secret.read`
// processes, and a price server on 127.0.0.1 that answers only with the right `x-api-key`. The key is put with
// `cowboy secret put` allowing the actor; the actor posts an http job whose header is {"$secret": "0xOWNER/api.key"};
// each runner gets the key through t proxies, the server sees it, the continuation arrives. The key's text appears in
// no process output, no data dir (node state, blocks and receipts; proxies; runners) and not in the job record.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CBY, devAddress, devKey, type Market, startMarket } from "../utils/market-harness.js";

const VALUE = "sk-e2e-5c1f0e9d8a7b6c5d4e3f";
const OWNER = 8;
const KEYED_FEED = `from cowboy_sdk import actor, runner

SCHEMA = {"type": "object", "properties": {"price": {"type": "integer"}}, "required": ["price"]}

@actor
class KeyedFeed:
    def refresh(self, url, ref):
        return runner.submit("http", {"method": "GET", "url": url, "headers": {"x-api-key": {"$secret": ref}}},
                             result_schema=SCHEMA, runners=2, quorum=2, verification="majority_vote",
                             max_price=${2n * CBY}, allow_domains=["127.0.0.1"], secrets=[ref], callback="on_price")

    @runner.continuation
    def on_price(self, job_id, status, result):
        self.storage["seen"] = [job_id, status, result]

    def seen(self):
        return self.storage.get("seen")
`;

let market: Market;
const valueDir = mkdtempSync(join(tmpdir(), "cowboy-secret-value-"));

beforeAll(async () => {
  market = await startMarket({
    runners: 2,
    firstRunner: 1,
    provides: "net.http,secret.read",
    blockTimeMs: 300,
    proxies: { count: 5, threshold: 3, firstProxy: 3 },
    apiKey: VALUE,
    runnerArgs: () => ["--rate", "http=0.25cby"],
  });
}, 600_000);
afterAll(async () => {
  await market?.close();
  rmSync(valueDir, { recursive: true, force: true });
});

/** Every regular file under `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: Uint8Array): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile() && readFileSync(p).indexOf(needle) >= 0) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

describe("a secret reaches a runner job through the CBSS proxies (devnet + 5 proxies + 2 runners)", () => {
  it("the server sees the key, the job settles, and the key is nowhere else", async () => {
    const { client } = market;
    const deployer = devKey(0);
    const { tx, address: feed } = await client.deployActor({ privateKey: deployer, source: KEYED_FEED, salt: new Uint8Array(32).fill(0x5e) });
    const deployed = await client.waitForReceipt(tx.digest());
    expect(deployed.status, new TextDecoder().decode(deployed.return_data)).toBe(0);
    await client.waitForReceipt((await client.transfer({ privateKey: deployer, to: feed, amount: 100n * CBY })).digest());

    // The owner seals the key on this machine; only the envelope goes on chain. The value file is removed at once.
    const valueFile = join(valueDir, "api.key");
    writeFileSync(valueFile, VALUE);
    const put = await market.cowboy([
      "secret",
      "put",
      "api.key",
      "--value-file",
      valueFile,
      "--allow-actor",
      `0x${toHex(feed)}`,
      "--max-releases",
      "10",
      "--until-block",
      "1000000",
      "--key",
      `0x${toHex(devKey(OWNER))}`,
    ]);
    rmSync(valueFile);
    expect(put.code, put.stderr).toBe(0);
    const ref = `${devAddress(OWNER)}/api.key`;

    const call = await client.callActor({ privateKey: deployer, to: feed, method: "refresh", args: [market.priceUrl, ref], cyclesLimit: 5_000_000n });
    const receipt = await client.waitForReceipt(call.digest());
    expect(receipt.status, new TextDecoder().decode(receipt.return_data)).toBe(0);
    let seen: [Uint8Array, string, Map<string, unknown>] | null = null;
    for (let i = 0; i < 3000 && seen === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const q = await client.queryActor({ to: feed, method: "seen" });
      if (q.ok && q.value !== null) seen = q.value as [Uint8Array, string, Map<string, unknown>];
    }
    if (seen === null || seen[1] !== "ok") for (const [who, log] of market.runnerLogs) console.log(who, log.join("").slice(-3000));
    expect(seen).not.toBeNull();
    const [jobIdBytes, status, result] = seen!;
    expect(status).toBe("ok");
    expect(result.get("price")).toBe(4242n);
    const jobId = `0x${toHex(jobIdBytes)}`;

    // Both committee members called the server with the right key; nothing reached it without one.
    expect(market.priceHits()).toBe(2);
    expect(market.requests.map((h) => h["x-api-key"])).toEqual([VALUE, VALUE]);

    const j = JSON.parse((await market.cowboy(["job", "status", jobId, "--json"])).stdout) as { status: string; committee: string[]; spec: unknown; secrets: string[] };
    expect(j.status).toBe("settled");
    expect(j.committee.sort()).toEqual([devAddress(1), devAddress(2)].sort());
    expect(j.secrets).toEqual([ref]);
    expect(j.spec).toMatchObject({ headers: { "x-api-key": { $secret: ref } } });
    for (const member of j.committee) {
      const log = market.runnerLogs.get(member)!.join("");
      expect(log).toContain(`job ${jobId} executed`);
      expect(log).toMatch(/transport key 0x[0-9a-f]{64} \(new\); secrets via the CBSS committee's proxies/);
    }
    // Each runner registered its real X25519 transport key (the one in its start line), not a placeholder.
    for (const [who, log] of market.runnerLogs) {
      const key = /transport key (0x[0-9a-f]{64})/.exec(log.join(""))![1];
      const onChain = JSON.parse((await market.cowboy(["runner", "status", who, "--json"])).stdout) as { transportKey: string; rateCard: Record<string, string> };
      expect(onChain.transportKey).toBe(key);
      expect(onChain.rateCard).toEqual({ http: "250000000" });
    }

    // The proxies report the two (job, runner) releases on chain (batches every 5 s): the audit trail.
    let releases = 0n;
    for (let i = 0; i < 300 && releases < 2n; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const s = await client.request<{ releases: string } | null>("cowboy_getSecret", [devAddress(OWNER), "api.key"]);
      releases = BigInt(s?.releases ?? "0");
    }
    expect(releases).toBe(2n);
    const served = market.proxies.filter((p) => p.log.join("").includes("release served")).length;
    expect(served).toBeGreaterThanOrEqual(3);

    // The key's plaintext is in no process output and in no file under any data dir (node state, blocks and
    // receipts in lmdb; proxy shares and receipts; runner job stores and transport keys).
    const needle = new TextEncoder().encode(VALUE);
    expect(market.allOutput()).not.toContain(VALUE);
    expect(filesContaining(market.dir, needle)).toEqual([]);
    console.log(`e2e: secret job ${jobId} settled; ${served} proxies served releases; searched ${market.dir} for the key: absent`);
  });
});
