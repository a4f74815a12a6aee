// The proxy committee's reshare on chain (cips/cbss.md "DKG"): a dealt 3-of-5 committee reshares to
// the 6 active proxies (one joined) without a dealer; a cheating dealer is disqualified by its victim's
// complaint; the new committee keeps the group key, so an envelope sealed before the rotation opens with
// 4 of the new members' shares and not with 3. A run with too few dealings fails and can be retried.
import { compareBytes, toHex } from "@cowboy/codec";
import { type Dealing, type SecretShare, createDealing, encodeComplaint, encodeDealing, openShare } from "@cowboy/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  combineCommitteeShare,
  combineShares,
  dealingsFromJson,
  dkgStatusToJson,
  committeeDkgContext,
  currentCommittee,
  dealCommittee,
  dkgFailure,
  finalizeCommitteeDkg,
  getDkgRun,
  openCommitteeShare,
  openDealtShare,
  openSecret,
  publishCommittee,
  registerProxy,
  sealSecret,
  secretIdentity,
  signShare,
  submitCommitteeComplaint,
  submitCommitteeDealing,
  getProxy,
  SECRETS_MANAGER_ADDRESS,
  TREASURY_ADDRESS,
} from "../../src/index.js";
import { CBY, type ProxyKeys, accountKey, makeWorld, proxyKeys } from "../utils/fixture.js";

const dealer = accountKey(90);
const proxies: ProxyKeys[] = [0, 1, 2, 3, 4, 5].map(proxyKeys);
const WINDOW = 5n;

function world() {
  const w = makeWorld({ dealer: dealer.address, minProxyStake: 10n * CBY, proxyUnbondingPeriod: 5n, dkgWindow: WINDOW });
  for (const p of proxies) w.accounts.credit(p.address, 1_000n * CBY);
  const register = (p: ProxyKeys, height: bigint) =>
    registerProxy(w.ctx(p.address, height), {
      stake: 10n * CBY,
      blsPublicKey: p.blsPublicKey,
      proofOfPossession: p.pop,
      transportKey: p.transport.publicKey,
      endpoint: "http://127.0.0.1:1",
    });
  const first = proxies.slice(0, 5);
  for (const p of first) register(p, 1n);
  const dealt = dealCommittee(
    new Uint8Array(32).fill(0x37),
    1n,
    3,
    first.map((p) => ({ address: p.address, transportKey: p.transport.publicKey })),
    new Uint8Array(32).fill(1),
  );
  publishCommittee(w.ctx(dealer.address, 2n), dealt);
  const shares = first.map((p) => openDealtShare(p.transport.secretKey, dealt, p.address));
  register(proxies[5] as ProxyKeys, 3n);
  return { w, dealt, shares };
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

describe("committee reshare without a dealer", () => {
  const { w, dealt, shares } = world();
  const ref = { chainId: 7n, owner: new Uint8Array(20).fill(0x0a), name: "api.key", version: 1 };
  const identity = secretIdentity(ref);
  const value = new TextEncoder().encode("sk-live-kept-across-rotation");
  const envelope = sealSecret(dealt.commitments[0] as Uint8Array, identity, value);
  const context = committeeDkgContext(7n, 2n);
  let members: Uint8Array[] = [];
  let dealings: Dealing[] = [];

  beforeAll(() => {
    // Recipients are the active proxies in address order (as the chain lists them).
    const planned = [...proxies].sort((a, b) => compareBytes(a.address, b.address));
    members = planned.map((p) => p.blsPublicKey);
    dealings = shares.map((s) => createDealing({ context, dealer: s.index, secret: s.secretKey, threshold: 4, recipients: members, seed: new Uint8Array(32).fill(s.index) }));
  });

  it("the first dealing opens the run; refusals name the rule", () => {
    const d1 = encodeDealing(dealings[0] as Dealing);
    expect(code(() => submitCommitteeDealing(w.ctx(proxies[1]?.address as Uint8Array, 10n), 2n, d1))).toBe("INVALID_DEALING");
    expect(code(() => submitCommitteeDealing(w.ctx(proxies[5]?.address as Uint8Array, 10n), 2n, d1))).toBe("NOT_DEALER");
    expect(code(() => submitCommitteeDealing(w.ctx(proxies[0]?.address as Uint8Array, 10n), 1n, d1))).toBe("INVALID_COMMITTEE");
    const low = createDealing({ context, dealer: 1, secret: (shares[0] as SecretShare).secretKey, threshold: 3, recipients: members, seed: new Uint8Array(32) });
    expect(code(() => submitCommitteeDealing(w.ctx(proxies[0]?.address as Uint8Array, 10n), 2n, encodeDealing(low)))).toBe("INVALID_DEALING");
    expect(submitCommitteeDealing(w.ctx(proxies[0]?.address as Uint8Array, 10n), 2n, d1)).toBe(1);
    expect(getDkgRun(w.state, 2n)?.recipients.length).toBe(6);
    expect(code(() => submitCommitteeDealing(w.ctx(proxies[0]?.address as Uint8Array, 11n), 2n, d1))).toBe("INVALID_DEALING");
  });
  it("the other old members deal; dealer 2 cheats recipient 1 and is disqualified and slashed", () => {
    const d2 = dealings[1] as Dealing;
    dealings[1] = { ...d2, encryptedShares: d2.encryptedShares.map((e, j) => (j === 0 ? e.map((b, k) => (k === 5 ? b ^ 0x80 : b)) : e)) };
    for (let i = 1; i < 5; i++) expect(submitCommitteeDealing(w.ctx(proxies[i]?.address as Uint8Array, 11n), 2n, encodeDealing(dealings[i] as Dealing))).toBe(i + 1);
    const victim = [...proxies].sort((a, b) => compareBytes(a.address, b.address))[0] as ProxyKeys;
    const opened = openShare({ dealing: dealings[1] as Dealing, context, recipient: 1, secretKey: victim.blsSecret });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(code(() => finalizeCommitteeDkg(w.ctx(victim.address, 14n), 2n))).toBe("DKG_NOT_READY");
    const cheat = proxies[1] as ProxyKeys;
    const before = {
      cheat: getProxy(w.state, cheat.address)!,
      victim: w.accounts.balanceOf(victim.address),
      treasury: w.accounts.balanceOf(TREASURY_ADDRESS),
      manager: w.accounts.balanceOf(SECRETS_MANAGER_ADDRESS),
    };
    expect(before.cheat.stake).toBe(10n * CBY);
    expect(submitCommitteeComplaint(w.ctx(victim.address, 12n), 2n, encodeComplaint(opened.complaint))).toBe(2);
    // invalidShareSlash (100 CBY) capped at the stake (10 CBY): 10 % to the complainant, 90 % to the treasury.
    const after = getProxy(w.state, cheat.address)!;
    expect(after.stake).toBe(0n);
    expect(after.slashed).toBe(before.cheat.slashed + 10n * CBY);
    expect(w.accounts.balanceOf(victim.address)).toBe(before.victim + CBY);
    expect(w.accounts.balanceOf(TREASURY_ADDRESS)).toBe(before.treasury + 9n * CBY);
    expect(w.accounts.balanceOf(SECRETS_MANAGER_ADDRESS)).toBe(before.manager - 10n * CBY);
    // The same complaint again: the dealing no longer stands; nothing moves.
    expect(code(() => submitCommitteeComplaint(w.ctx(victim.address, 12n), 2n, encodeComplaint(opened.complaint)))).toBe("INVALID_EVIDENCE");
    expect(getProxy(w.state, cheat.address)!.slashed).toBe(10n * CBY);
    // An honest dealer's dealing opens for the victim: there is nothing to complain about, so no one else is slashed.
    expect(openShare({ dealing: dealings[2] as Dealing, context, recipient: 1, secretKey: victim.blsSecret }).ok).toBe(true);
    for (const p of proxies) if (p !== cheat) expect(getProxy(w.state, p.address)!.slashed).toBe(0n);
  });
  it("finalizing publishes the new committee with the same group key", () => {
    const out = finalizeCommitteeDkg(w.ctx(dealer.address, 15n), 2n);
    expect(out.ok).toBe(true);
    const c = currentCommittee(w.state);
    expect(c?.epoch).toBe(2n);
    expect(c?.members.length).toBe(6);
    expect(c?.threshold).toBe(4);
    expect(c?.commitments[0]).toEqual(dealt.commitments[0]);
  });
  it("4 new members' shares open the envelope sealed before the rotation; 3 do not", () => {
    const c = currentCommittee(w.state);
    if (c === undefined) throw new Error("no committee");
    const byAddress = new Map(proxies.map((p) => [toHex(p.address), p]));
    const newShares = c.members.map((m, i) => openCommitteeShare(w.state, 7n, 2n, i + 1, (byAddress.get(toHex(m)) as ProxyKeys).blsSecret));
    const partials = newShares.slice(2).map((s) => signShare(s, identity));
    const { key } = combineShares(c.commitments, 4, partials, identity);
    expect(new TextDecoder().decode(openSecret(key, identity, envelope))).toBe("sk-live-kept-across-rotation");
    expect(code(() => combineShares(c.commitments, 4, partials.slice(1), identity))).toBe("THRESHOLD_NOT_MET");
  });
  it("the RPC form of the finished run gives a proxy the same share without state access (combineCommitteeShare)", () => {
    const status = dkgStatusToJson(w.state, 2n, 64, WINDOW);
    expect(status).toMatchObject({ epoch: "2", run: null, planned: null, qualified: { kind: "reshare", dealers: [1, 3, 4] }, failure: null });
    expect(status.dealings.map((d) => d.dealer)).toEqual([1, 3, 4]);
    const c = currentCommittee(w.state)!;
    const byAddress = new Map(proxies.map((p) => [toHex(p.address), p]));
    c.members.forEach((m, i) => {
      const sk = (byAddress.get(toHex(m)) as ProxyKeys).blsSecret;
      const viaRpc = combineCommitteeShare({ chainId: 7n, epoch: 2n, index: i + 1, blsSecretKey: sk, kind: "reshare", dealings: dealingsFromJson(status).map((d) => d.dealing) });
      expect(viaRpc).toEqual(openCommitteeShare(w.state, 7n, 2n, i + 1, sk));
    });
    // The next epoch has no run yet: the planned one is a reshare by the 6 members to the 6 active proxies.
    const next = dkgStatusToJson(w.state, 3n, 64, WINDOW);
    expect(next.run).toBeNull();
    expect(next.planned).toMatchObject({ kind: "reshare", required: 4 });
    expect(next.planned!.dealers).toHaveLength(6);
  });
});

describe("a failed committee run", () => {
  it("records the reason, drops the run and lets a new one open", () => {
    const { w, shares } = world();
    const context = committeeDkgContext(7n, 2n);
    const members = [...proxies].sort((a, b) => compareBytes(a.address, b.address)).map((p) => p.blsPublicKey);
    for (const s of shares.slice(0, 2)) {
      const d = createDealing({ context, dealer: s.index, secret: s.secretKey, threshold: 4, recipients: members, seed: new Uint8Array(32).fill(9) });
      submitCommitteeDealing(w.ctx(proxies[s.index - 1]?.address as Uint8Array, 10n), 2n, encodeDealing(d));
    }
    expect(finalizeCommitteeDkg(w.ctx(dealer.address, 15n), 2n)).toEqual({ ok: false, reason: "2 qualified dealings, 3 needed" });
    expect(dkgFailure(w.state, 2n)).toBe("2 qualified dealings, 3 needed");
    expect(getDkgRun(w.state, 2n)).toBeUndefined();
    expect(currentCommittee(w.state)?.epoch).toBe(1n);
  });
});
