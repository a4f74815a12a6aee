// The CBSS vectors of test-vectors/cbss/ibe.json (cips/cbss.md §1–§4): identities, Feldman commitments,
// share signatures, their combination, the IBE ciphertext and the sealed envelope.
import { readVector } from "@cowboy/checks/vectors";
import { decodePartial, dealShares } from "@cowboy/crypto";
import { fromHex, toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { combineShares, ibeDecrypt, ibeEncrypt, openSecret, sealSecret, secretIdentity, verifyShare } from "../../src/index.js";

interface Vector {
  identities: { chainId: string; owner: string; name: string; version: number; identity: string }[];
  threshold: {
    t: number;
    n: number;
    groupSecret: string;
    seed: string;
    commitments: string[];
    identity: string;
    partials: string[];
    wrongIdentityPartials: string[];
    decryptionKey: string;
  };
  ibe: { master: string; identity: string; msg: string; sigma: string; U: string; V: string; W: string };
  envelope: { dataKey: string; sigma: string; nonce: string; value: string; sealed: string };
}
const v = readVector<Vector>("cbss/ibe.json");
const th = v.threshold;
const commitments = th.commitments.map(fromHex);
const identity = fromHex(th.identity);
const partials = th.partials.map((p) => decodePartial(fromHex(p)));

describe("cbss vectors", () => {
  it.each(v.identities.map((c) => [c.name, c] as const))("identity %s", (_n, c) => {
    expect(toHex(secretIdentity({ chainId: BigInt(c.chainId), owner: fromHex(c.owner), name: c.name, version: c.version }))).toBe(c.identity);
  });

  it("dealing reproduces the Feldman commitments", () => {
    const d = dealShares(fromHex(th.groupSecret), th.t, th.n, fromHex(th.seed));
    expect(d.commitments.map(toHex)).toEqual(th.commitments);
  });

  it("every share signature verifies; those on another identity do not", () => {
    for (const p of partials) expect(verifyShare(commitments, p, identity)).toBe(true);
    for (const w of th.wrongIdentityPartials) expect(verifyShare(commitments, decodePartial(fromHex(w)), identity)).toBe(false);
  });

  it("any t shares give the same decryption key; t-1 do not", () => {
    for (const pick of [
      [0, 1, 2],
      [2, 3, 4],
      [4, 0, 2],
    ]) {
      const { key } = combineShares(
        commitments,
        th.t,
        pick.map((i) => partials[i]!),
        identity,
      );
      expect(toHex(key)).toBe(th.decryptionKey);
    }
    expect(() => combineShares(commitments, th.t, partials.slice(0, 2), identity)).toThrow(expect.objectContaining({ code: "THRESHOLD_NOT_MET" }));
  });

  it("IBE ciphertext bytes and decryption", () => {
    const ct = ibeEncrypt(fromHex(v.ibe.master), fromHex(v.ibe.identity), fromHex(v.ibe.msg), { sigma: fromHex(v.ibe.sigma) });
    expect([toHex(ct.U), toHex(ct.V), toHex(ct.W)]).toEqual([v.ibe.U, v.ibe.V, v.ibe.W]);
    expect(toHex(ibeDecrypt(fromHex(th.decryptionKey), ct))).toBe(v.ibe.msg);
  });

  it("envelope bytes and opening", () => {
    const e = v.envelope;
    const sealed = sealSecret(fromHex(v.ibe.master), identity, fromHex(e.value), { dataKey: fromHex(e.dataKey), sigma: fromHex(e.sigma), nonce: fromHex(e.nonce) });
    expect(toHex(sealed)).toBe(e.sealed);
    expect(toHex(openSecret(fromHex(th.decryptionKey), identity, fromHex(e.sealed)))).toBe(e.value);
    const wrong = secretIdentity({ ...v.identities[1]!, chainId: BigInt(v.identities[1]!.chainId), owner: fromHex(v.identities[1]!.owner) });
    expect(() => openSecret(fromHex(th.decryptionKey), wrong, fromHex(e.sealed))).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
  });
});
