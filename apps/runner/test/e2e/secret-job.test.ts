// CBSS secrets reach a real runner job (issues 22 and 23; cips/runner-process.md "Secrets", cips/cbss.md §8): a devnet
// process, five `cowboy proxy start` processes dealt 3-of-5, two `cowboy runner start --provides net.http,secret.read`
// processes, and a price server on 127.0.0.1 that answers only with the right `x-api-key`. The key is put with
// `cowboy secret put` allowing the actor; the actor posts an http job whose header is {"$secret": "0xOWNER/api.key"};
// each runner gets the key through t proxies, the server sees it, the continuation arrives. The key's text appears in
// no process output, no data dir (node state, blocks and receipts; proxies; runners) and not in the job record.
// Then, against the same proxy processes: a runner not on the job's committee gets nothing; a secret whose policy
// expired (--until-block) is released before and refused after; with 2 of the 5 proxies killed the assigned runner
// still gets the key, with 3 killed the release fails cleanly (THRESHOLD_NOT_MET, no hang).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type CommitteeJson, policyCodec, sealSecret, secretIdentity, transportKeyPair } from "@cowboy/cbss";
import { createSecretSource, rpcChainView, type SecretRefInput } from "@cowboy/cbss/client";
import { encode, fromHex, toHex } from "@cowboy/codec";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import type { Instruction } from "@cowboy/types";
import { openTransportKey, TRANSPORT_KEY_FILE } from "../../src/transport-key.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAddress, devKey, type Market, startMarket } from "../utils/market-harness.js";
import { runKeyedJob } from "../utils/secret-job.js";

const VALUE = "sk-e2e-5c1f0e9d8a7b6c5d4e3f";
const OWNER = 8;

let market: Market;
/** The settled job of the first test and its actor, for the release checks of the second. */
let settledJob: { jobId: string; feed: Uint8Array } | undefined;

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
    const { ref, seen, feed } = await runKeyedJob(market, { value: VALUE, owner: OWNER, salt: 0x5e, policy: ["--max-releases", "10", "--until-block", "1000000"] });
    expect(seen).not.toBeNull();
    const [jobIdBytes, status, result] = seen!;
    expect(status).toBe("ok");
    expect(result.get("price")).toBe(4242n);
    const jobId = `0x${toHex(jobIdBytes)}`;
    settledJob = { jobId, feed };

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

  it("the proxies refuse a runner off the committee and an expired policy; 2 killed still release, 3 killed fail cleanly", async () => {
    expect(settledJob).toBeDefined();
    const { client } = market;
    const jobId = fromHex(settledJob!.jobId.slice(2));
    const chainId = await client.getChainId();
    const view = rpcChainView((method, params) => client.request(method, params ?? []));
    // Runner 1 (on the committee) asks the committee's registered proxies as its own process would, with its key and
    // the transport key its process keeps in its data dir.
    const transport = openTransportKey(devKey(1), readFileSync(join(market.dir, "runner1", TRANSPORT_KEY_FILE)));
    const runner1 = createSecretSource({ chainId, view, runnerKey: devKey(1), transportKey: transport, timeoutMs: 15_000 });
    const apiKey: SecretRefInput = { owner: fromHex(devAddress(OWNER).slice(2)), name: "api.key" };
    const text = async (ref: SecretRefInput, source = runner1) => (await source.get(ref, jobId)).use((b) => new TextDecoder().decode(b));
    expect(await text(apiKey)).toBe(VALUE);

    // Dev account 9 is no runner on this job (nor registered): every proxy refuses it.
    const outsider = createSecretSource({ chainId, view, runnerKey: devKey(9), transportKey: transportKeyPair().secretKey, timeoutMs: 15_000 });
    await expect(text(apiKey, outsider)).rejects.toThrow(/THRESHOLD_NOT_MET|POLICY_DENIED/);

    // A second secret whose policy ends 20 blocks from now (put in process: a CLI start can take longer than that on a
    // loaded machine): released now, refused once the chain passed its until_block.
    const short = "sk-short-e2e-0d9c8b7a";
    const committee = (await client.request<CommitteeJson>("cowboy_getCbssCommittee", []))!;
    const until = (await client.getHead()).height + 20n;
    const envelope = sealSecret(
      fromHex(committee.commitments[0]!.slice(2)),
      secretIdentity({ chainId, owner: apiKey.owner, name: "api.short", version: 1 }),
      new TextEncoder().encode(short),
    );
    const policy = encode(policyCodec, { actors: [settledJob!.feed], jobKinds: [], runnerRequires: [], maxReleases: 0n, untilBlock: until });
    const instruction: Instruction = { type: "cbss_secret_put", name: "api.short", envelope, policy, deposit: 0n };
    const limits = instructionIntrinsicCosts(instruction);
    const put = await client.sendTransaction({ privateKey: devKey(OWNER), instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip: 0n });
    const putReceipt = await client.waitForReceipt(put.digest());
    expect(putReceipt.status, new TextDecoder().decode(putReceipt.return_data)).toBe(0);
    const shortRef: SecretRefInput = { owner: apiKey.owner, name: "api.short" };
    expect((await client.getHead()).height).toBeLessThan(until);
    expect(await text(shortRef)).toBe(short);
    for (let i = 0; i < 600 && (await client.getHead()).height <= until + 2n; i++) await new Promise((r) => setTimeout(r, 100));
    await expect(text(shortRef)).rejects.toThrow(/THRESHOLD_NOT_MET|POLICY_DENIED/);

    // Proxies down: two killed, the other three still reach the threshold; a third killed, the release fails fast.
    await market.proxies[0]!.kill();
    await market.proxies[1]!.kill();
    expect(await text(apiKey)).toBe(VALUE);
    await market.proxies[2]!.kill();
    const t0 = performance.now();
    await expect(text(apiKey)).rejects.toMatchObject({ code: "THRESHOLD_NOT_MET", message: expect.stringMatching(/^2 of 3 valid shares/) });
    expect(performance.now() - t0).toBeLessThan(20_000); // no hang: the live proxies answer, the dead refuse connections
    expect(market.allOutput()).not.toContain(short);
    console.log("e2e: off-committee runner and expired policy refused; 2 proxies killed: released; 3 killed: THRESHOLD_NOT_MET");
  });
});
