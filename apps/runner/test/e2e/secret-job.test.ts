// CBSS secrets reach a real runner job (issues 22 and 23; cips/runner-process.md "Secrets", cips/cbss.md §8): a devnet
// process, five `cowboy proxy start` processes dealt 3-of-5, two `cowboy runner start --provides net.http,secret.read`
// processes, and a price server on 127.0.0.1 that answers only with the right `x-api-key`. The key is put with
// `cowboy secret put` allowing the actor; the actor posts an http job whose header is {"$secret": "0xOWNER/api.key"};
// each runner gets the key through t proxies, the server sees it, the continuation arrives. The key's text appears in
// no process output, no data dir (node state, blocks and receipts; proxies; runners) and not in the job record.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAddress, type Market, startMarket } from "../utils/market-harness.js";
import { runKeyedJob } from "../utils/secret-job.js";

const VALUE = "sk-e2e-5c1f0e9d8a7b6c5d4e3f";
const OWNER = 8;

let market: Market;

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
    const { ref, seen } = await runKeyedJob(market, { value: VALUE, owner: OWNER, salt: 0x5e, policy: ["--max-releases", "10", "--until-block", "1000000"] });
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
