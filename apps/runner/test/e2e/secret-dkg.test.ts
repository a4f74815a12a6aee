// Proxies that deal by themselves (issue 23, cips/cbss.md "DKG" → "Proxies deal automatically"): a devnet, five
// `cowboy proxy start --committee-size 5 --threshold 3` processes and no dealer. Once the five are active they run a
// fresh DKG on chain (each deals, the window closes, one finalizes), each combines its share from the qualified
// dealings, and the committee serves a secret to a real runner job: the price server sees the key, the job settles.
// The secret has max_releases 2: the chain reserves the two committee members' releases when it draws the committee.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CBY, devAddress, devKey, type Market, startMarket } from "../utils/market-harness.js";

const VALUE = "sk-dkg-e2e-71c3a9f0d2b4e6a8";
const OWNER = 8;
const FEED = `from cowboy_sdk import actor, runner

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
const valueDir = mkdtempSync(join(tmpdir(), "cowboy-dkg-value-"));

beforeAll(async () => {
  market = await startMarket({
    runners: 2,
    firstRunner: 1,
    provides: "net.http,secret.read",
    blockTimeMs: 300,
    proxies: { count: 5, threshold: 3, firstProxy: 3, dkg: true },
    apiKey: VALUE,
  });
}, 600_000);
afterAll(async () => {
  await market?.close();
  rmSync(valueDir, { recursive: true, force: true });
});

describe("5 proxies run the committee DKG themselves and serve a secret (devnet, no dealer)", () => {
  it("the committee comes from a fresh DKG; its shares release the key to the job's runners", async () => {
    const { client } = market;
    // The committee on chain: epoch 1, 3-of-5, no sealed shares (a DKG result), combined from ≥ 3 qualified dealings.
    const committee = await client.request<{ epoch: string; threshold: number; members: { address: string }[]; commitments: string[] }>("cowboy_getCbssCommittee", []);
    expect(committee).toMatchObject({ epoch: "1", threshold: 3 });
    expect(committee.members.map((m) => m.address).sort()).toEqual([3, 4, 5, 6, 7].map(devAddress).sort());
    const dkg = await client.request<{ qualified: { kind: string; dealers: number[] } | null; dealings: unknown[] }>("cowboy_getCbssDkg", [1]);
    expect(dkg.qualified?.kind).toBe("fresh");
    expect(dkg.qualified!.dealers.length).toBeGreaterThanOrEqual(3);
    const dealt = market.proxies.filter((p) => /dealt fresh committee epoch 1 as dealer \d \(3-of-5\)/.test(p.log.join("")));
    expect(dealt.length).toBe(dkg.qualified!.dealers.length);
    expect(market.proxies.filter((p) => p.log.join("").includes("finalized committee epoch 1"))).toHaveLength(1);
    for (const p of market.proxies) expect(p.log.join("")).toMatch(/holding share [1-5] of epoch 1/);
    expect(existsSync(join(market.dir, "group.secret"))).toBe(false);

    const deployer = devKey(0);
    const { tx, address: feed } = await client.deployActor({ privateKey: deployer, source: FEED, salt: new Uint8Array(32).fill(0x5d) });
    const deployed = await client.waitForReceipt(tx.digest());
    expect(deployed.status, new TextDecoder().decode(deployed.return_data)).toBe(0);
    await client.waitForReceipt((await client.transfer({ privateKey: deployer, to: feed, amount: 100n * CBY })).digest());
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
      "2",
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
    expect(seen![1]).toBe("ok");
    expect(seen![2].get("price")).toBe(4242n);
    expect(market.requests.map((h) => h["x-api-key"])).toEqual([VALUE, VALUE]);
    // max_releases 2: the chain reserved one release per committee member at the draw (cips/cbss.md §7), so the
    // count is exact before any receipt; the budget is now used up.
    const jobId = `0x${toHex(seen![0])}`;
    const job = await client.request<{ committee: string[]; selectedAt: string }>("cowboy_getJob", [jobId]);
    for (const member of job.committee) {
      expect(await client.request("cowboy_getReleaseReservation", [devAddress(OWNER), "api.key", 1, jobId, member])).toEqual({ height: job.selectedAt });
    }
    const head = await client.request<{ releases: string }>("cowboy_getSecret", [devAddress(OWNER), "api.key"]);
    expect(head.releases).toBe("2");
    const served = market.proxies.filter((p) => p.log.join("").includes("release served")).length;
    expect(served).toBeGreaterThanOrEqual(3);
    expect(market.allOutput()).not.toContain(VALUE);
    console.log(`e2e: DKG committee (dealers ${dkg.qualified!.dealers.join(",")}) served the secret; ${served} proxies released shares`);

    // A sixth proxy joins: the active proxies now differ from the committee, so its members reshare to all six by
    // themselves (epoch 2), keeping the group key; every member then holds a share of epoch 2.
    const sixth = await market.addProxy(9, ["--committee-size", "5", "--threshold", "4"]);
    let next: { epoch: string; threshold: number; members: { address: string }[]; commitments: string[] } | null = null;
    for (let i = 0; i < 1200 && (next === null || next.epoch !== "2"); i++) {
      await new Promise((r) => setTimeout(r, 100));
      next = await client.request("cowboy_getCbssCommittee", []);
    }
    expect(next).toMatchObject({ epoch: "2", threshold: 4 });
    expect(next!.members.map((m) => m.address).sort()).toEqual([3, 4, 5, 6, 7, 9].map(devAddress).sort());
    expect(next!.commitments[0]).toBe(committee.commitments[0]);
    expect((await client.request<{ qualified: { kind: string } }>("cowboy_getCbssDkg", [2])).qualified.kind).toBe("reshare");
    for (let i = 0; i < 300 && !market.proxies.every((p) => /holding share \d of epoch 2/.test(p.log.join(""))); i++) await new Promise((r) => setTimeout(r, 100));
    for (const p of market.proxies) expect(p.log.join("")).toMatch(/holding share \d of epoch 2/);
    expect(sixth.log.join("")).not.toMatch(/dealt/);
    console.log("e2e: a sixth proxy joined; the members reshared to a 4-of-6 committee with the same group key");
  });
});
