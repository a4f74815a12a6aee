// Proxies that deal by themselves (issue 23, cips/cbss.md "DKG" → "Proxies deal automatically"): a devnet, five
// `cowboy proxy start --committee-size 5 --threshold 3` processes and no dealer. Once the five are active they run a
// fresh DKG on chain (each deals, the window closes, one finalizes), each combines its share from the qualified
// dealings, and the committee serves a secret to a real runner job: the price server sees the key, the job settles.
// The secret has max_releases 2: the chain reserves the two committee members' releases when it draws the committee.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAddress, type Market, startMarket } from "../utils/market-harness.js";
import { runKeyedJob } from "../utils/secret-job.js";

const VALUE = "sk-dkg-e2e-71c3a9f0d2b4e6a8";
const OWNER = 8;

let market: Market;

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

    const { seen } = await runKeyedJob(market, { value: VALUE, owner: OWNER, salt: 0x5d, policy: ["--max-releases", "2"] });
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
