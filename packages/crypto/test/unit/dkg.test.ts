// The DKG and the Desmedt–Jajodia reshare (cips/crypto.md "DKG and reshare"): properties over
// seeded committees — any t new shares sign a beacon message that verifies under the OLD group key,
// t − 1 do not, a bad dealing draws a complaint anyone can verify and is left out.
import { describe, expect, it } from "vitest";
import {
  type Dealing,
  checkDealing,
  combineCommitments,
  createDealing,
  dealShares,
  decodeComplaint,
  decodeDealing,
  encodeComplaint,
  encodeDealing,
  nobleBls,
  openShare,
  partialSign,
  recoverSignature,
  sharePublicKey,
  verifyComplaint,
  type SecretShare,
} from "../../src/index.js";
import { dealAll, members, newShares } from "../utils/dkg-fixture.js";
import { seededBytes, toHex, utf8 } from "../utils/helpers.js";

const bls = nobleBls;
const context = utf8("cowboy/test/dkg epoch 7");

function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [head, ...rest] = items as [T, ...T[]];
  return [...subsets(rest, k - 1).map((s) => [head, ...s]), ...subsets(rest, k)];
}

function signsUnder(groupKey: Uint8Array, shares: readonly SecretShare[], threshold: number, message: Uint8Array): boolean {
  const sig = recoverSignature(
    shares.map((s) => partialSign(bls, s, message)),
    threshold,
  );
  return bls.verify(sig, message, groupKey);
}

describe("reshare keeps the group key", () => {
  const old = dealShares(
    seededBytes(1)(32).map((b, i) => (i === 0 ? 0x11 : b)),
    3,
    4,
    seededBytes(2)(32),
  );
  const next = members(5, 3);
  const dealers = new Map(old.shares.map((s) => [s.index, s.secretKey]));
  const dealings = dealAll(context, dealers, next, 4, 4).map((d) => {
    const constantTerm = sharePublicKey(old.commitments, d.dealer);
    expect(checkDealing(d, { threshold: 4, recipients: 5, constantTerm })).toEqual({ ok: true });
    return d;
  });
  const run = newShares(context, dealings, next, "reshare", old.threshold);
  const message = utf8("beacon round 42");

  it("new commitment 0 is the old group key", () => {
    expect(toHex(run.groupPublicKey)).toBe(toHex(old.groupPublicKey));
  });
  it("every new share's key matches the new commitments", () => {
    for (const s of run.shares) expect(toHex(bls.getPublicKey(s.secretKey))).toBe(toHex(sharePublicKey(run.commitments, s.index)));
  });
  it("any 4 of the 5 new shares sign under the OLD key", () => {
    const all = subsets(run.shares, 4);
    expect(all.length).toBe(5);
    for (const s of all) expect(signsUnder(old.groupPublicKey, s, 4, message)).toBe(true);
  });
  it("3 of the 5 new shares do not", () => {
    for (const s of subsets(run.shares, 3).slice(0, 4)) expect(signsUnder(old.groupPublicKey, s, 3, message)).toBe(false);
  });
  it("another 3 of the 4 old dealers give other shares of the same key", () => {
    const other = newShares(
      context,
      dealings.filter((d) => d.dealer !== 1),
      next,
      "reshare",
      3,
    );
    expect(toHex(other.groupPublicKey)).toBe(toHex(old.groupPublicKey));
    expect(toHex(other.shares[0]?.secretKey as Uint8Array)).not.toBe(toHex(run.shares[0]?.secretKey as Uint8Array));
    expect(signsUnder(old.groupPublicKey, other.shares.slice(1), 4, message)).toBe(true);
  });
  it("fewer than the old threshold of dealers is refused", () => {
    expect(() => combineCommitments({ kind: "reshare", dealings: dealings.slice(0, 2), required: 3 })).toThrow(expect.objectContaining({ code: "THRESHOLD_NOT_MET" }));
  });
  it("a second reshare (to 4 members, t = 3) still signs under the first key", () => {
    const third = members(4, 9);
    const d2 = dealAll(context, new Map(run.shares.map((s) => [s.index, s.secretKey])), third, 3, 10);
    const r2 = newShares(context, d2, third, "reshare", 4);
    expect(toHex(r2.groupPublicKey)).toBe(toHex(old.groupPublicKey));
    expect(signsUnder(old.groupPublicKey, r2.shares.slice(1), 3, message)).toBe(true);
  });
});

describe("fresh DKG (joint Feldman)", () => {
  const committee = members(4, 20);
  const rand = seededBytes(21);
  const secrets = new Map(committee.map((_, i) => [i + 1, members(1, 100 + i)[0]?.secretKey as Uint8Array]));
  const dealings = dealAll(context, secrets, committee, 3, 22);
  const run = newShares(context, dealings, committee, "fresh", 3);
  it("the group key is the sum of the dealers' constant terms", () => {
    const sum = bls.aggregatePublicKeys(dealings.map((d) => d.commitments[0] as Uint8Array));
    expect(toHex(run.groupPublicKey)).toBe(toHex(sum));
  });
  it("any 3 of 4 sign, 2 do not", () => {
    const message = rand(40);
    for (const s of subsets(run.shares, 3)) expect(signsUnder(run.groupPublicKey, s, 3, message)).toBe(true);
    for (const s of subsets(run.shares, 2)) expect(signsUnder(run.groupPublicKey, s, 2, message)).toBe(false);
  });
});

describe("bad dealings", () => {
  const old = dealShares(new Uint8Array(32).fill(7), 2, 3, new Uint8Array(32).fill(8));
  const next = members(4, 30);
  const dealers = new Map(old.shares.map((s) => [s.index, s.secretKey]));
  const honest = dealAll(context, dealers, next, 3, 31);
  const bad = honest[1] as Dealing;
  const flipped = bad.encryptedShares.map((e, j) => (j === 2 ? e.map((b, k) => (k === 31 ? b ^ 1 : b)) : e));
  const cheat: Dealing = { ...bad, encryptedShares: flipped };

  it("the victim's openShare returns a complaint that verifies", () => {
    const opened = openShare({ dealing: cheat, context, recipient: 3, secretKey: (next[2] as { secretKey: Uint8Array }).secretKey });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    const complaint = decodeComplaint(encodeComplaint(opened.complaint));
    expect(complaint.dealer).toBe(bad.dealer);
    expect(verifyComplaint({ dealing: cheat, context, complaint, recipientPublicKey: (next[2] as { publicKey: Uint8Array }).publicKey })).toBe(true);
    // The same evidence against the honest dealing, or with another recipient's key, does not.
    expect(verifyComplaint({ dealing: bad, context, complaint, recipientPublicKey: (next[2] as { publicKey: Uint8Array }).publicKey })).toBe(false);
    expect(verifyComplaint({ dealing: cheat, context, complaint, recipientPublicKey: (next[1] as { publicKey: Uint8Array }).publicKey })).toBe(false);
    // A forged shared point (with the old proof) fails the proof.
    const forged = { ...complaint, shared: (next[0] as { publicKey: Uint8Array }).publicKey };
    expect(verifyComplaint({ dealing: cheat, context, complaint: forged, recipientPublicKey: (next[2] as { publicKey: Uint8Array }).publicKey })).toBe(false);
  });
  it("other recipients of the cheating dealing are unaffected", () => {
    const opened = openShare({ dealing: cheat, context, recipient: 1, secretKey: (next[0] as { secretKey: Uint8Array }).secretKey });
    expect(opened.ok).toBe(true);
  });
  it("a dealing whose commitments lie draws complaints from every recipient", () => {
    const wrong = honest[0] as Dealing;
    const lie: Dealing = { ...wrong, commitments: [wrong.commitments[0] as Uint8Array, old.groupPublicKey, wrong.commitments[2] as Uint8Array] };
    for (let j = 1; j <= 4; j++) {
      const opened = openShare({ dealing: lie, context, recipient: j, secretKey: (next[j - 1] as { secretKey: Uint8Array }).secretKey });
      expect(opened.ok).toBe(false);
    }
  });
  it("the cheat is excluded and the remaining dealers still reshare the old key", () => {
    const qualified = honest.filter((d) => d.dealer !== bad.dealer);
    const run = newShares(context, qualified, next, "reshare", 2);
    expect(toHex(run.groupPublicKey)).toBe(toHex(old.groupPublicKey));
    expect(signsUnder(old.groupPublicKey, run.shares.slice(0, 3), 3, utf8("m"))).toBe(true);
  });
  it("a reshare dealing of another secret fails the public check", () => {
    const impostor = createDealing({ context, dealer: 1, secret: new Uint8Array(32).fill(9), threshold: 3, recipients: next.map((m) => m.publicKey), seed: new Uint8Array(32) });
    const verdict = checkDealing(impostor, { threshold: 3, recipients: 4, constantTerm: sharePublicKey(old.commitments, 1) });
    expect(verdict.ok).toBe(false);
  });
  it("wrong sizes and points fail the public check", () => {
    const d = honest[0] as Dealing;
    expect(checkDealing(d, { threshold: 2, recipients: 4 }).ok).toBe(false);
    expect(checkDealing(d, { threshold: 3, recipients: 5 }).ok).toBe(false);
    expect(checkDealing({ ...d, ephemeral: new Uint8Array(48).fill(1) }, { threshold: 3, recipients: 4 }).ok).toBe(false);
  });
});

describe("dealing bytes", () => {
  const next = members(3, 40);
  const d = createDealing({ context, dealer: 2, secret: new Uint8Array(32).fill(3), threshold: 2, recipients: next.map((m) => m.publicKey), seed: new Uint8Array(32).fill(4) });
  it("round-trips at 8 + 48t + 48 + 32n bytes", () => {
    const bytes = encodeDealing(d);
    expect(bytes.length).toBe(8 + 48 * 2 + 48 + 32 * 3);
    expect(toHex(encodeDealing(decodeDealing(bytes)))).toBe(toHex(bytes));
  });
  it("refuses a truncated or padded encoding", () => {
    const bytes = encodeDealing(d);
    expect(() => decodeDealing(bytes.slice(0, -1))).toThrow(expect.objectContaining({ code: "INVALID_LENGTH" }));
    expect(() => decodeDealing(new Uint8Array([...bytes, 0]))).toThrow(expect.objectContaining({ code: "INVALID_LENGTH" }));
  });
  it("is deterministic in its options", () => {
    const again = createDealing({
      context,
      dealer: 2,
      secret: new Uint8Array(32).fill(3),
      threshold: 2,
      recipients: next.map((m) => m.publicKey),
      seed: new Uint8Array(32).fill(4),
    });
    expect(toHex(encodeDealing(again))).toBe(toHex(encodeDealing(d)));
  });
});
