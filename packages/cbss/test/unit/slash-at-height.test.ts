// Unauthorized-release slashing judges the chain as it stood at the statement's height (cips/cbss.md §11): a
// release allowed then is not slashable though the head forbids it, and a release forbidden then is slashable though
// the head allows it. The job's posting/draw heights and the runner's provides history are the per-height records.
import { encodePartial } from "@cowboy/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type JobHistory,
  type MarketLookups,
  type ProvidesHistoryView,
  type SecretPolicy,
  dealCommittee,
  evaluatePolicy,
  getProxy,
  getSecretHead,
  getSecretVersion,
  jobFactsAt,
  openDealtShare,
  providesAt,
  publishCommittee,
  putSecret,
  registerProxy,
  sealSecret,
  secretIdentity,
  signShare,
  signStatement,
  slashUnauthorizedRelease,
} from "../../src/index.js";
import { CBY, accountKey, makeWorld, proxyKeys } from "../utils/fixture.js";

const dealer = accountKey(80);
const owner = accountKey(81);
const reporter = accountKey(82);
const actor = new Uint8Array(20).fill(0xac);
const w = makeWorld({ dealer: dealer.address, minProxyStake: 10n * CBY, unauthorizedReleaseSlash: 1n * CBY });
const proxies = [0, 1, 2].map(proxyKeys);
const policy: SecretPolicy = { actors: [actor], jobKinds: ["http"], runnerRequires: ["secret.read"], maxReleases: 0n, untilBlock: 0n };
const HEAD = 70n;

// r1 gains secret.read at 30 and drops it at 60; r2 gains it at 50; r3 always has it.
const [r1, r2, r3] = [83, 84, 85].map((i) => accountKey(i).address) as [Uint8Array, Uint8Array, Uint8Array];
const histories = new Map<string, ProvidesHistoryView>([
  [
    r1.join(),
    {
      since: 0n,
      entries: [
        { height: 5n, provides: ["net.http"] },
        { height: 30n, provides: ["net.http", "secret.read"] },
        { height: 60n, provides: ["net.http"] },
      ],
    },
  ],
  [
    r2.join(),
    {
      since: 0n,
      entries: [
        { height: 5n, provides: ["net.http"] },
        { height: 50n, provides: ["net.http", "secret.read"] },
      ],
    },
  ],
  [r3.join(), { since: 0n, entries: [{ height: 5n, provides: ["net.http", "secret.read"] }] }],
]);
// Job A: posted at 20, drawn at 25 with r1 and r2; job B: posted at 20, drawn at 35 with r3.
const jobA = new Uint8Array(32).fill(0xa1);
const jobB = new Uint8Array(32).fill(0xb1);
const jobs = new Map<string, JobHistory>([
  [jobA.join(), { poster: actor, kind: "http", committee: [r1, r2], postedAt: 20n, selectedAt: 25n }],
  [jobB.join(), { poster: actor, kind: "http", committee: [r3], postedAt: 20n, selectedAt: 35n }],
]);
const market: MarketLookups = {
  job: (id) => jobs.get(id.join()),
  provides: (r) => histories.get(r.join()) ?? { since: 0n, entries: [] },
};

let share: ReturnType<typeof openDealtShare>;
let nonce = 0;
const ref = { chainId: 7n, owner: owner.address, name: "api.key", version: 1 };

function statement(jobId: Uint8Array, runner: Uint8Array, height: bigint) {
  nonce += 1;
  return signStatement(
    {
      ...ref,
      epoch: 1n,
      requestHash: new Uint8Array(32).fill(nonce),
      jobId,
      runner,
      height,
      partial: encodePartial(signShare(share, secretIdentity(ref))),
    },
    proxies[0]!.privateKey,
  );
}

/** What an honest proxy decides at `height` from the same records (as proxy-handler.ts does). */
function proxyAllows(jobId: Uint8Array, runner: Uint8Array, height: bigint): boolean {
  const head = getSecretHead(w.state, owner.address, "api.key")!;
  const version = getSecretVersion(w.state, owner.address, "api.key", 1)!;
  const record = jobs.get(jobId.join());
  const job = record === undefined ? undefined : jobFactsAt(record, height);
  const provides = providesAt(market.provides(runner), height);
  return evaluatePolicy(head, version, {
    owner: owner.address,
    height,
    runner,
    ...(job === undefined ? {} : { job }),
    ...(provides === undefined ? {} : { runnerProvides: provides }),
  }).ok;
}

const judge = (jobId: Uint8Array, runner: Uint8Array, height: bigint, lookups: MarketLookups = market): string | null => {
  try {
    return slashUnauthorizedRelease(w.ctx(reporter.address, HEAD), statement(jobId, runner, height), lookups).reason;
  } catch (error) {
    if ((error as { code?: string }).code === "INVALID_EVIDENCE") return null;
    throw error;
  }
};

beforeAll(() => {
  for (const p of [...proxies, owner]) w.accounts.credit(p.address, 1_000n * CBY);
  for (const p of proxies) {
    registerProxy(w.ctx(p.address, 1n), { stake: 100n * CBY, blsPublicKey: p.blsPublicKey, proofOfPossession: p.pop, transportKey: p.transport.publicKey, endpoint: "" });
  }
  const dealing = dealCommittee(
    new Uint8Array(32).fill(0x44),
    1n,
    2,
    proxies.map((p) => ({ address: p.address, transportKey: p.transport.publicKey })),
    new Uint8Array(32).fill(2),
  );
  publishCommittee(w.ctx(dealer.address, 2n), dealing);
  share = openDealtShare(proxies[0]!.transport.secretKey, dealing, proxies[0]!.address);
  putSecret(w.ctx(owner.address, 10n), "api.key", sealSecret(dealing.commitments[0]!, secretIdentity(ref), new TextEncoder().encode("sk-at-height")), policy, 0n);
});

describe("unauthorized release judged at the stated height", () => {
  it("allowed at h, forbidden at the head: not slashable (r1 had secret.read at 40, dropped it at 60)", () => {
    expect(proxyAllows(jobA, r1, HEAD)).toBe(false);
    expect(judge(jobA, r1, 40n)).toBeNull();
  });

  it("forbidden at h, allowed at the head: slashable (r2 gained secret.read only at 50)", () => {
    expect(proxyAllows(jobA, r2, HEAD)).toBe(true);
    const before = getProxy(w.state, proxies[0]!.address)!.stake;
    expect(judge(jobA, r2, 45n)).toMatch(/lacks secret\.read/);
    expect(getProxy(w.state, proxies[0]!.address)!.stake).toBe(before - 1n * CBY);
    expect(judge(jobA, r2, 50n)).toBeNull();
  });

  it("a committee drawn after h, or a job posted after h, makes the release slashable though the head lists the runner", () => {
    expect(judge(jobB, r3, 30n)).toMatch(/not in the job's committee/);
    expect(judge(jobB, r3, 35n)).toBeNull();
    expect(judge(jobB, r3, 15n)).toMatch(/not posted yet at 15/);
    expect(judge(new Uint8Array(32).fill(0xee), r3, 40n)).toMatch(/never posted/);
  });

  it("what the chain no longer knows (a dropped history) is not held against the proxy", () => {
    const truncated: MarketLookups = { ...market, provides: () => ({ since: 50n, entries: [{ height: 50n, provides: ["net.http"] }] }) };
    expect(judge(jobA, r2, 45n, truncated)).toBeNull();
    expect(judge(jobA, r2, 55n, truncated)).toMatch(/lacks secret\.read/);
  });

  it("at every height 12–70 and for every (job, runner), slashable exactly when an honest proxy would have refused", () => {
    for (const [jobId, runner] of [
      [jobA, r1],
      [jobA, r2],
      [jobB, r3],
    ] as const) {
      for (let h = 12n; h <= HEAD; h += 1n) {
        const slashable = judge(jobId, runner, h) !== null;
        expect({ h, slashable }).toEqual({ h, slashable: !proxyAllows(jobId, runner, h) });
      }
    }
  });
});
