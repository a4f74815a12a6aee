import { type SecretShare, decodePartial, encodePartial } from "@cowboy/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CommitteeDealing,
  type SecretPolicy,
  SECRETS_MANAGER_ADDRESS,
  combineShares,
  currentCommittee,
  dealCommittee,
  evaluatePolicy,
  exitProxy,
  getReservation,
  getProxy,
  getSecretHead,
  getSecretVersion,
  openDealtShare,
  openSecret,
  publishCommittee,
  putSecret,
  receiptLog,
  registerProxy,
  reservationKey,
  reserveJobReleases,
  revokeSecret,
  rotateSecret,
  sealSecret,
  secretIdentity,
  secretNames,
  signShare,
  signStatement,
  slashInvalidShare,
  slashUnauthorizedRelease,
  submitReceipts,
  withdrawProxy,
} from "../../src/index.js";
import { CBY, type ProxyKeys, accountKey, makeWorld, proxyKeys } from "../utils/fixture.js";

// SecretShare is a @cowboy/crypto type; re-exported names are imported where they live.
type Share = SecretShare;

const dealer = accountKey(90);
const owner = accountKey(91);
const actor = new Uint8Array(20).fill(0xac);
const runner = accountKey(92);
const w = makeWorld({ dealer: dealer.address, minProxyStake: 10n * CBY, proxyUnbondingPeriod: 5n, releaseFee: 2n });
const proxies: ProxyKeys[] = [0, 1, 2, 3, 4].map(proxyKeys);
const policy: SecretPolicy = { actors: [actor], jobKinds: ["http"], runnerRequires: [], maxReleases: 2n, untilBlock: 100n };
const value = new TextEncoder().encode("sk-live-never-on-chain");
let dealing: CommitteeDealing;
let shares: Share[];

const ref = (version: number) => ({ chainId: 7n, owner: owner.address, name: "api.key", version });
const job = { poster: actor, kind: "http", committee: [runner.address] };

beforeAll(() => {
  for (const p of [...proxies, owner, dealer]) w.accounts.credit(p.address, 1_000n * CBY);
  for (const p of proxies) {
    registerProxy(w.ctx(p.address, 1n), {
      stake: 10n * CBY,
      blsPublicKey: p.blsPublicKey,
      proofOfPossession: p.pop,
      transportKey: p.transport.publicKey,
      endpoint: "http://127.0.0.1:1",
    });
  }
  dealing = dealCommittee(
    new Uint8Array(32).fill(0x37),
    1n,
    3,
    proxies.map((p) => ({ address: p.address, transportKey: p.transport.publicKey })),
    new Uint8Array(32).fill(1),
  );
  publishCommittee(w.ctx(dealer.address, 2n), dealing);
  shares = proxies.map((p) => openDealtShare(p.transport.secretKey, dealing, p.address));
});

describe("proxies and committee", () => {
  it("registration bonds stake and refuses a bad proof of possession or a reused key", () => {
    expect(w.accounts.balanceOf(SECRETS_MANAGER_ADDRESS)).toBe(50n * CBY);
    const p = proxyKeys(9);
    w.accounts.credit(p.address, 100n * CBY);
    const base = { stake: 10n * CBY, blsPublicKey: p.blsPublicKey, proofOfPossession: proxies[0]!.pop, transportKey: p.transport.publicKey, endpoint: "" };
    expect(() => registerProxy(w.ctx(p.address, 3n), base)).toThrow(expect.objectContaining({ code: "INVALID_BLS_KEY" }));
    expect(() => registerProxy(w.ctx(p.address, 3n), { ...base, blsPublicKey: proxies[0]!.blsPublicKey })).toThrow(expect.objectContaining({ code: "INVALID_BLS_KEY" }));
    expect(() => registerProxy(w.ctx(p.address, 3n), { ...base, proofOfPossession: p.pop, stake: CBY })).toThrow(expect.objectContaining({ code: "INVALID_AMOUNT" }));
    registerProxy(w.ctx(p.address, 3n), { ...base, proofOfPossession: p.pop });
    exitProxy(w.ctx(p.address, 4n));
    expect(() => withdrawProxy(w.ctx(p.address, 8n))).toThrow(expect.objectContaining({ code: "WRONG_STATUS" }));
    expect(withdrawProxy(w.ctx(p.address, 9n))).toBe(10n * CBY);
    expect(w.accounts.balanceOf(p.address)).toBe(100n * CBY);
  });

  it("every member opens a share that matches the commitments; a wrong transport key does not", () => {
    expect(shares.map((s) => s.index)).toEqual([1, 2, 3, 4, 5]);
    expect(() => openDealtShare(proxies[1]!.transport.secretKey, dealing, proxies[0]!.address)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
  });

  it("only the dealer publishes; a reshare must keep the group key", () => {
    const members = proxies.slice(0, 4).map((p) => ({ address: p.address, transportKey: p.transport.publicKey }));
    const other = dealCommittee(new Uint8Array(32).fill(0x38), 2n, 3, members, new Uint8Array(32).fill(2));
    expect(() => publishCommittee(w.ctx(owner.address, 5n), other)).toThrow(expect.objectContaining({ code: "NOT_DEALER" }));
    expect(() => publishCommittee(w.ctx(dealer.address, 5n), other)).toThrow(expect.objectContaining({ code: "INVALID_COMMITTEE" }));
    expect(() => publishCommittee(w.ctx(dealer.address, 5n), { ...dealing })).toThrow(/epoch/);
    expect(currentCommittee(w.state)?.epoch).toBe(1n);
  });
});

describe("secrets, release and receipts", () => {
  it("put stores only the envelope; a 3-of-5 release under the policy yields the value", () => {
    const envelope = sealSecret(dealing.commitments[0]!, secretIdentity(ref(1)), value);
    putSecret(w.ctx(owner.address, 10n), "api.key", envelope, policy, 100n);
    expect(secretNames(w.ctx(owner.address, 10n), owner.address)).toEqual(["api.key"]);
    const hex = Buffer.from(value).toString("hex");
    for (const v of w.state.m.values()) expect(Buffer.from(v).toString("hex")).not.toContain(hex);
    const head = getSecretHead(w.state, owner.address, "api.key")!;
    const version = getSecretVersion(w.state, owner.address, "api.key", 1)!;
    expect(evaluatePolicy(head, version, { owner: owner.address, height: 20n, runner: runner.address, job, reservedAt: 15n })).toEqual({ ok: true });
    // Under max_releases a release needs the chain's reservation of this (job, runner), made by that height.
    expect(evaluatePolicy(head, version, { owner: owner.address, height: 20n, runner: runner.address, job })).toMatchObject({ ok: false, reason: /no release .* reserved/ });
    expect(evaluatePolicy(head, version, { owner: owner.address, height: 20n, runner: runner.address, job, reservedAt: 21n })).toMatchObject({ ok: false });
    const id = secretIdentity(ref(1));
    const { key } = combineShares(dealing.commitments, 3, [signShare(shares[4]!, id), signShare(shares[0]!, id), signShare(shares[2]!, id)], id);
    expect(openSecret(key, id, version.envelope)).toEqual(value);
  });

  it("the policy refuses a runner outside the committee, another poster, another kind, and after expiry", () => {
    const head = getSecretHead(w.state, owner.address, "api.key")!;
    const version = getSecretVersion(w.state, owner.address, "api.key", 1)!;
    const f = { owner: owner.address, height: 20n, runner: runner.address, job, reservedAt: 15n };
    expect(evaluatePolicy(head, version, { ...f, runner: accountKey(93).address })).toMatchObject({ ok: false, reason: /committee/ });
    expect(evaluatePolicy(head, version, { ...f, job: { ...job, poster: new Uint8Array(20).fill(1) } })).toMatchObject({ ok: false, reason: /poster/ });
    expect(evaluatePolicy(head, version, { ...f, job: { ...job, kind: "llm" } })).toMatchObject({ ok: false, reason: /kind/ });
    expect(evaluatePolicy(head, version, { ...f, height: 101n })).toMatchObject({ ok: false, reason: /expired/ });
    const { job: _j, ...nojob } = f;
    expect(evaluatePolicy(head, version, nojob)).toMatchObject({ ok: false, reason: /unknown/ });
  });

  it("receipts count a release once, pay each reporting member, and refuse duplicates and non-members", () => {
    const r = { owner: owner.address, name: "api.key", version: 1, jobId: new Uint8Array(32).fill(9), runner: runner.address, height: 20n };
    // max_releases = 2: the chain reserves (job 9, runner) and (job 10, runner) at their draws; job 11's draw finds none left.
    const reserve = (fill: number, height: bigint) =>
      reserveJobReleases(
        { state: w.state, height },
        new Uint8Array(32).fill(fill),
        { ...job, postedAt: 1n, selectedAt: height },
        [{ owner: owner.address, name: "api.key" }],
        () => ({
          since: 0n,
          entries: [],
        }),
      );
    expect(() => submitReceipts(w.ctx(proxies[0]!.address, 21n), [r])).toThrow(/no release .* reserved/);
    expect(reserve(9, 19n)).toMatchObject([{ reserved: true, version: 1 }]);
    expect(reserve(9, 19n)).toMatchObject([{ reserved: true }]);
    expect(getSecretHead(w.state, owner.address, "api.key")!.releases).toBe(1n);
    expect(getReservation(w.state, owner.address, "api.key", 1, new Uint8Array(32).fill(9), runner.address)).toBe(19n);
    const before = w.accounts.balanceOf(proxies[0]!.address);
    for (const i of [0, 2, 4]) expect(submitReceipts(w.ctx(proxies[i]!.address, 21n), [r])).toBe(2n);
    expect(w.accounts.balanceOf(proxies[0]!.address) - before).toBe(2n);
    expect(getSecretHead(w.state, owner.address, "api.key")).toMatchObject({ releases: 1n, deposit: 94n });
    expect(receiptLog(w.ctx(owner.address, 21n), owner.address, "api.key")).toHaveLength(3);
    expect(() => submitReceipts(w.ctx(proxies[0]!.address, 22n), [r])).toThrow(/already reported/);
    expect(() => submitReceipts(w.ctx(owner.address, 22n), [r])).toThrow(expect.objectContaining({ code: "NOT_A_PROXY" }));
    expect(reserve(10, 20n)).toMatchObject([{ reserved: true }]);
    submitReceipts(w.ctx(proxies[0]!.address, 22n), [{ ...r, jobId: new Uint8Array(32).fill(10) }]);
    expect(reserve(11, 21n)).toMatchObject([{ reserved: false, reason: "max releases 2 reached" }]);
    expect(getSecretHead(w.state, owner.address, "api.key")!.releases).toBe(2n);
    expect(() => submitReceipts(w.ctx(proxies[0]!.address, 22n), [{ ...r, jobId: new Uint8Array(32).fill(11) }])).toThrow(/max releases/);
  });

  it("slashes an invalid share, not a valid one, and not twice", () => {
    const id = secretIdentity(ref(1));
    const st = (_p: number, partial: Uint8Array) => ({
      epoch: 1n,
      requestHash: new Uint8Array(32),
      ...ref(1),
      jobId: new Uint8Array(32).fill(9),
      runner: runner.address,
      height: 20n,
      partial,
    });
    const good = signStatement(st(1, encodePartial(signShare(shares[1]!, id))), proxies[1]!.privateKey);
    expect(() => slashInvalidShare(w.ctx(runner.address, 30n), good)).toThrow(expect.objectContaining({ code: "INVALID_EVIDENCE" }));
    const wrongId = signShare(shares[1]!, secretIdentity(ref(2)));
    const bad = signStatement(st(1, encodePartial(wrongId)), proxies[1]!.privateKey);
    const stake = getProxy(w.state, proxies[1]!.address)!.stake;
    const out = slashInvalidShare(w.ctx(runner.address, 30n), bad);
    expect(out).toMatchObject({ slashed: w.config.invalidShareSlash > stake ? stake : w.config.invalidShareSlash, reason: "invalid share" });
    expect(w.accounts.balanceOf(runner.address)).toBe(out.reward);
    expect(() => slashInvalidShare(w.ctx(runner.address, 31n), bad)).toThrow(expect.objectContaining({ code: "EVIDENCE_USED" }));
    // Another member's valid share under this proxy's index is also invalid for it.
    const stolen = signStatement(st(1, encodePartial({ ...decodePartial(encodePartial(signShare(shares[3]!, id))), index: 1 })), proxies[0]!.privateKey);
    expect(slashInvalidShare(w.ctx(runner.address, 31n), stolen).proxy).toEqual(proxies[0]!.address);
  });

  it("rotate ends version 1; a later release of it is slashable, an earlier one is not; revoke refunds the deposit", () => {
    const env2 = sealSecret(dealing.commitments[0]!, secretIdentity(ref(2)), value);
    rotateSecret(w.ctx(owner.address, 40n), "api.key", env2, { ...policy, maxReleases: 0n });
    expect(getSecretHead(w.state, owner.address, "api.key")).toMatchObject({ version: 2, releases: 0n });
    const id = secretIdentity(ref(1));
    const stmt = (height: bigint) =>
      signStatement(
        {
          epoch: 1n,
          requestHash: new Uint8Array(32).fill(Number(height)),
          ...ref(1),
          jobId: new Uint8Array(32),
          runner: runner.address,
          height,
          partial: encodePartial(signShare(shares[2]!, id)),
        },
        proxies[2]!.privateKey,
      );
    // Version 1 has max_releases: without a reservation by its height the release was not allowed.
    expect(slashUnauthorizedRelease(w.ctx(runner.address, 50n), stmt(29n)).reason).toMatch(/no release .* reserved/);
    w.state.set(reservationKey(owner.address, 1, new Uint8Array(32), runner.address, "api.key"), new Uint8Array([0, 0, 0, 0, 0, 0, 0, 25]));
    expect(() => slashUnauthorizedRelease(w.ctx(runner.address, 50n), stmt(30n))).toThrow(expect.objectContaining({ code: "INVALID_EVIDENCE" }));
    // A reservation made after the stated height does not cover it.
    expect(slashUnauthorizedRelease(w.ctx(runner.address, 50n), stmt(24n)).reason).toMatch(/by height 24/);
    expect(slashUnauthorizedRelease(w.ctx(runner.address, 50n), stmt(45n)).reason).toMatch(/superseded/);
    // With job facts, a release to a runner outside the job's committee is slashable even before the rotation.
    const jobs = {
      job: () => ({ poster: actor, kind: "http", committee: [accountKey(93).address], postedAt: 20n, selectedAt: 21n }),
      provides: () => ({ since: 0n, entries: [] }),
    };
    expect(slashUnauthorizedRelease(w.ctx(runner.address, 50n), stmt(31n), jobs).reason).toMatch(/committee/);
    const before = w.accounts.balanceOf(owner.address);
    const deposit = getSecretHead(w.state, owner.address, "api.key")!.deposit;
    revokeSecret(w.ctx(owner.address, 60n), "api.key");
    expect(w.accounts.balanceOf(owner.address) - before).toBe(deposit);
    expect(() => rotateSecret(w.ctx(owner.address, 61n), "api.key", env2, policy)).toThrow(expect.objectContaining({ code: "REVOKED" }));
  });
});
