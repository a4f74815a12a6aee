// Release end to end on loopback (cips/cbss.md §8): five proxy servers (t = 3) over real HTTP, each with its
// share from the dealt committee, reading a real Secrets Manager state; a runner's SecretSource gets the
// secret for its job, a runner outside the job's committee and a request after expiry get nothing, two
// proxies down still release, three down fail cleanly, and a proxy answering a bad share is skipped.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import {
  type CbssContext,
  createCbssConfig,
  dealCommittee,
  getSecretHead,
  openDealtShare,
  publishCommittee,
  putSecret,
  registerProxy,
  sealSecret,
  secretIdentity,
  reserveJobReleases,
  submitReceipts,
  transportKeyPair,
} from "@cowboy/cbss";
import { type RunnerView, createReleaseHandler, createSecretSource, stateChainView } from "@cowboy/cbss/client";
import { toHex } from "@cowboy/codec";
import { type SecretShare, addressFromPrivateKey } from "@cowboy/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReleaseServer, ProxyStore, deriveProxyKeys, serveRelease } from "../../src/index.js";

const CBY = 10n ** 9n;
const state = new Map<string, Uint8Array>();
const cstate = {
  get: (k: Uint8Array) => state.get(toHex(k)),
  set: (k: Uint8Array, v: Uint8Array) => void state.set(toHex(k), v.slice()),
  delete: (k: Uint8Array) => void state.delete(toHex(k)),
};
const balances = new Map<string, bigint>();
const accounts = {
  balanceOf: (a: Uint8Array) => balances.get(toHex(a)) ?? 0n,
  debit: (a: Uint8Array, n: bigint) => void balances.set(toHex(a), (balances.get(toHex(a)) ?? 0n) - n),
  credit: (a: Uint8Array, n: bigint) => void balances.set(toHex(a), (balances.get(toHex(a)) ?? 0n) + n),
};
const dealer = new Uint8Array(20).fill(0xde);
const owner = new Uint8Array(20).fill(0x0a);
const actor = new Uint8Array(20).fill(0xac);
const config = createCbssConfig({ dealer, minProxyStake: CBY });
let height = 1n;
const ctx = (sender: Uint8Array): CbssContext => ({ state: cstate, accounts, config, height, chainId: 5n, sender });

const runnerKey = new Uint8Array(32).fill(0x61);
const runnerTransport = transportKeyPair(new Uint8Array(32).fill(0x62));
const outsiderKey = new Uint8Array(32).fill(0x63);
const outsiderTransport = transportKeyPair(new Uint8Array(32).fill(0x64));
const runner = addressFromPrivateKey(runnerKey);
const outsider = addressFromPrivateKey(outsiderKey);
const jobId = new Uint8Array(32).fill(0x10);
const otherJob = new Uint8Array(32).fill(0x11);
const secondJob = new Uint8Array(32).fill(0x12);
const VALUE = "sk-loopback-9f8e7d6c5b4a";
const runners = new Map<string, RunnerView>([
  [
    toHex(runner),
    { provides: ["net.http"], providesHistory: { since: 0n, entries: [{ height: 1n, provides: ["net.http"] }] }, transportKey: runnerTransport.publicKey, active: true },
  ],
  [
    toHex(outsider),
    { provides: ["net.http"], providesHistory: { since: 0n, entries: [{ height: 1n, provides: ["net.http"] }] }, transportKey: outsiderTransport.publicKey, active: true },
  ],
]);
const view = stateChainView({
  state: cstate,
  height: () => height,
  job: (id) =>
    toHex(id) === toHex(jobId) || toHex(id) === toHex(secondJob)
      ? { poster: actor, kind: "http", committee: [runner], postedAt: 1n, selectedAt: 1n }
      : toHex(id) === toHex(otherJob)
        ? { poster: new Uint8Array(20), kind: "http", committee: [runner], postedAt: 1n, selectedAt: 1n }
        : undefined,
  runner: (a) => runners.get(toHex(a)),
});
const keys = [1, 2, 3, 4, 5].map((i) => deriveProxyKeys(new Uint8Array(32).fill(0x70 + i)));
const dirs: string[] = [];
let servers: ReleaseServer[] = [];
let shares: SecretShare[] = [];

async function startServer(i: number, share: SecretShare): Promise<ReleaseServer> {
  const store = new ProxyStore(dirs[i]!);
  store.saveShare(keys[i]!.atRest, 1n, share);
  const handler = createReleaseHandler({
    chainId: 5n,
    privateKey: keys[i]!.privateKey,
    address: keys[i]!.address,
    share: store.loadShare(keys[i]!.atRest, 1n)!,
    view,
    onRelease: (r) => store.appendReceipt(r),
    served: store.allReceipts(),
  });
  return serveRelease(handler);
}

const source = (key: Uint8Array, transport: Uint8Array, endpoints?: (string | null)[]) =>
  createSecretSource({ chainId: 5n, view, runnerKey: key, transportKey: transport, ...(endpoints === undefined ? {} : { proxies: endpoints }), timeoutMs: 3000 });

beforeAll(async () => {
  for (const a of [...keys.map((k) => k.address), owner]) accounts.credit(a, 100n * CBY);
  for (const k of keys) {
    dirs.push(mkdtempSync(join(tmpdir(), "cbss-proxy-")));
    registerProxy(ctx(k.address), { stake: CBY, blsPublicKey: k.blsPublicKey, proofOfPossession: k.proofOfPossession, transportKey: k.transport.publicKey, endpoint: "" });
  }
  const dealing = dealCommittee(
    new Uint8Array(32).fill(0x21),
    1n,
    3,
    keys.map((k) => ({ address: k.address, transportKey: k.transport.publicKey })),
    new Uint8Array(32).fill(3),
  );
  publishCommittee(ctx(dealer), dealing);
  shares = keys.map((k) => openDealtShare(k.transport.secretKey, dealing, k.address));
  const envelope = sealSecret(dealing.commitments[0]!, secretIdentity({ chainId: 5n, owner, name: "http.key", version: 1 }), new TextEncoder().encode(VALUE));
  putSecret(ctx(owner), "http.key", envelope, { actors: [actor], jobKinds: ["http"], runnerRequires: ["net.http"], maxReleases: 0n, untilBlock: 50n }, 0n);
  const capped = sealSecret(dealing.commitments[0]!, secretIdentity({ chainId: 5n, owner, name: "capped.key", version: 1 }), new TextEncoder().encode(VALUE));
  putSecret(ctx(owner), "capped.key", capped, { actors: [actor], jobKinds: [], runnerRequires: [], maxReleases: 1n, untilBlock: 0n }, 0n);
  servers = await Promise.all(shares.map((s, i) => startServer(i, s)));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const endpoints = () => servers.map((s) => s.url);

describe("release over loopback HTTP, t = 3 of 5", () => {
  it("the assigned runner gets the value; it cannot be printed by accident", async () => {
    const v = await source(runnerKey, runnerTransport.secretKey, endpoints()).get({ owner, name: "http.key" }, jobId);
    expect(JSON.stringify({ v })).toBe('{"v":"[secret]"}');
    expect(`${v}`).toBe("[secret]");
    expect(inspect(v)).toBe("[secret]");
    expect(Object.keys(v)).toEqual([]);
    expect(await v.use((b) => new TextDecoder().decode(b))).toBe(VALUE);
    expect(v.consumed).toBe(true);
  });

  it("a runner outside the job's committee, a job posted by another actor, and a forged transport key get nothing", async () => {
    await expect(source(outsiderKey, outsiderTransport.secretKey, endpoints()).get({ owner, name: "http.key" }, jobId)).rejects.toThrow(/THRESHOLD_NOT_MET|committee/);
    await expect(source(runnerKey, runnerTransport.secretKey, endpoints()).get({ owner, name: "http.key" }, otherJob)).rejects.toThrow(/poster is not an allowed actor/);
    await expect(source(runnerKey, outsiderTransport.secretKey, endpoints()).get({ owner, name: "http.key" }, jobId)).rejects.toThrow(/registered one/);
  });

  it("a proxy answering a wrong share is skipped; two proxies down still release; three down fail cleanly", async () => {
    const liar = await startServer(0, shares[1]!);
    const withLiar = [liar.url, ...endpoints().slice(1)];
    const v = await source(runnerKey, runnerTransport.secretKey, withLiar).get({ owner, name: "http.key" }, jobId);
    expect(await v.use((b) => new TextDecoder().decode(b))).toBe(VALUE);
    await liar.close();
    await servers[0]!.close();
    await servers[1]!.close();
    const two = await source(runnerKey, runnerTransport.secretKey, endpoints()).get({ owner, name: "http.key" }, jobId);
    expect(await two.use((b) => new TextDecoder().decode(b))).toBe(VALUE);
    await servers[2]!.close();
    const t0 = performance.now();
    await expect(source(runnerKey, runnerTransport.secretKey, endpoints()).get({ owner, name: "http.key" }, jobId)).rejects.toThrow(/THRESHOLD_NOT_MET|2 of 3/);
    expect(performance.now() - t0).toBeLessThan(3000);
    servers = await Promise.all([0, 1, 2].map((i) => startServer(i, shares[i]!))).then((s) => [...s, servers[3]!, servers[4]!]);
  });

  it("max_releases is exact: proxies release only a pair the chain reserved at the draw, and the chain reserves at most k", async () => {
    const get = (job: Uint8Array) => source(runnerKey, runnerTransport.secretKey, endpoints()).get({ owner, name: "capped.key" }, job);
    const reserve = (job: Uint8Array) =>
      reserveJobReleases(
        { state: cstate, height },
        job,
        { poster: actor, kind: "http", committee: [runner], postedAt: 1n, selectedAt: height },
        [{ owner, name: "capped.key" }],
        () => ({
          since: 0n,
          entries: [],
        }),
      );
    // No reservation yet: every proxy refuses, whatever it served before.
    await expect(get(jobId)).rejects.toThrow(/no release of this version was reserved/);
    expect(reserve(jobId)).toMatchObject([{ reserved: true }]);
    expect(getSecretHead(cstate, owner, "capped.key")!.releases).toBe(1n);
    expect(await (await get(jobId)).use((b) => new TextDecoder().decode(b))).toBe(VALUE);
    // k = 1 is used up on chain at once: the second job's draw gets no reservation and its runner gets nothing.
    expect(reserve(secondJob)).toMatchObject([{ reserved: false, reason: "max releases 1 reached" }]);
    await expect(get(secondJob)).rejects.toThrow(/0 of 3 valid shares.*no release of this version was reserved/);
    // The same (job, runner) asking again is the same release, also after the proxies restart.
    await Promise.all(servers.map((x) => x.close()));
    servers = await Promise.all(shares.map((sh, i) => startServer(i, sh)));
    expect(await (await get(jobId)).use((b) => new TextDecoder().decode(b))).toBe(VALUE);
    // Asking again wrote no second receipt: each proxy holds at most one per (version, job, runner).
    const counts = dirs.map((d) => new ProxyStore(d).pendingReceipts().receipts.filter((r) => r.name === "capped.key").length);
    expect(Math.max(...counts)).toBe(1);
    // Receipts land: the release was counted at its reservation, so the count stays 1.
    const mine = new ProxyStore(dirs[0]!)
      .pendingReceipts()
      .receipts.filter((r) => r.name === "capped.key")
      .slice(0, 1);
    submitReceipts({ ...ctx(keys[0]!.address), height: height + 1n }, mine);
    expect(getSecretHead(cstate, owner, "capped.key")!.releases).toBe(1n);
  });

  it("after the policy's until_block nobody releases", async () => {
    height = 51n;
    await expect(source(runnerKey, runnerTransport.secretKey, endpoints()).get({ owner, name: "http.key" }, jobId)).rejects.toThrow(/expired/);
    height = 20n;
  });

  it("the plaintext is in no proxy data directory; the share file is not the share in clear", () => {
    const hexShare = toHex(shares[0]!.secretKey);
    for (const d of dirs) {
      for (const f of readdirSync(d)) {
        const raw = readFileSync(join(d, f));
        expect(raw.includes(Buffer.from(VALUE))).toBe(false);
        expect(raw.toString("hex")).not.toContain(hexShare);
      }
      expect(readdirSync(d)).toContain("receipts.jsonl");
    }
    for (const v of state.values()) expect(Buffer.from(v).includes(Buffer.from(VALUE))).toBe(false);
  });
});
