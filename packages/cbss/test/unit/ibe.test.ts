import { dealShares, type PartialSignature } from "@cowboy/crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { describe, expect, it } from "vitest";
import { CbssError, combineShares, ibeDecrypt, ibeEncrypt, openSecret, sealSecret, secretIdentity, signShare, verifyShare } from "../../src/index.js";

const enc = new TextEncoder();
const owner = new Uint8Array(20).fill(0xab);
const id1 = secretIdentity({ chainId: 7n, owner, name: "openai.key", version: 1 });
const id2 = secretIdentity({ chainId: 7n, owner, name: "openai.key", version: 2 });
const groupSecret = new Uint8Array(32).fill(0x11);
const dealing = dealShares(groupSecret, 3, 5, new Uint8Array(32).fill(0x22));
const sigs = (id: Uint8Array, idx: number[]): PartialSignature[] => idx.map((i) => signShare(dealing.shares[i - 1]!, id));

describe("identity", () => {
  it("binds chain id, owner, name and version", () => {
    const base = { chainId: 7n, owner, name: "openai.key", version: 1 };
    const ids = [
      secretIdentity(base),
      secretIdentity({ ...base, chainId: 8n }),
      secretIdentity({ ...base, owner: new Uint8Array(20).fill(1) }),
      secretIdentity({ ...base, name: "openai.kez" }),
      secretIdentity({ ...base, version: 2 }),
    ];
    const hex = new Set(ids.map((b) => Buffer.from(b).toString("hex")));
    expect(hex.size).toBe(5);
    expect(() => secretIdentity({ ...base, name: "bad name" })).toThrow(CbssError);
    expect(() => secretIdentity({ ...base, version: 0 })).toThrow(/version/);
  });
});

describe("IBE", () => {
  it("round-trips with the master key's signature on the identity and fails for another identity", () => {
    const msg = enc.encode("0123456789abcdef0123456789abcdef");
    const ct = ibeEncrypt(dealing.groupPublicKey, id1, msg);
    const sk = bls12_381.fields.Fr.create(BigInt(`0x${Buffer.from(groupSecret).toString("hex")}`));
    const key = bls12_381.G2.hashToCurve(id1, { DST: "COWBOY_CBSS_IBE_BLS12381G2_XMD:SHA-256_SSWU_RO_" }).multiply(sk).toBytes(true);
    expect(ibeDecrypt(key, ct)).toEqual(msg);
    const wrong = bls12_381.G2.hashToCurve(id2, { DST: "COWBOY_CBSS_IBE_BLS12381G2_XMD:SHA-256_SSWU_RO_" }).multiply(sk).toBytes(true);
    expect(() => ibeDecrypt(wrong, ct)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
    const tampered = { ...ct, W: ct.W.map((b, i) => (i === 0 ? b ^ 1 : b)) };
    expect(() => ibeDecrypt(key, tampered)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
  });
});

describe("threshold release", () => {
  const value = enc.encode("sk-live-THIS-IS-THE-API-KEY");
  const envelope = sealSecret(dealing.groupPublicKey, id1, value);

  it("any 3 of 5 valid shares decrypt", () => {
    for (const idx of [
      [1, 2, 3],
      [5, 3, 1],
      [2, 4, 5],
    ]) {
      const { key, used } = combineShares(dealing.commitments, 3, sigs(id1, idx), id1);
      expect(used).toEqual(idx);
      expect(openSecret(key, id1, envelope)).toEqual(value);
    }
  });

  it("t-1 shares do not", () => {
    expect(() => combineShares(dealing.commitments, 3, sigs(id1, [1, 4]), id1)).toThrow(expect.objectContaining({ code: "THRESHOLD_NOT_MET" }));
  });

  it("shares on a wrong identity are rejected, and a key for it does not open the envelope", () => {
    const bad = sigs(id2, [1, 2, 3]);
    expect(bad.every((p) => !verifyShare(dealing.commitments, p, id1))).toBe(true);
    expect(() => combineShares(dealing.commitments, 3, bad, id1)).toThrow(expect.objectContaining({ code: "THRESHOLD_NOT_MET" }));
    const { key } = combineShares(dealing.commitments, 3, bad, id2);
    expect(() => openSecret(key, id1, envelope)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
  });

  it("skips an invalid share and uses the next valid one", () => {
    const good = sigs(id1, [1, 2, 3, 4]);
    const forged: PartialSignature = { index: 2, signature: signShare(dealing.shares[4]!, id1).signature };
    const { key, used, rejected } = combineShares(dealing.commitments, 3, [good[0]!, forged, good[2]!, good[3]!], id1);
    expect(used).toEqual([1, 3, 4]);
    expect(rejected).toEqual([2]);
    expect(openSecret(key, id1, envelope)).toEqual(value);
  });

  it("a tampered envelope does not open", () => {
    const { key } = combineShares(dealing.commitments, 3, sigs(id1, [1, 2, 3]), id1);
    const t = envelope.slice();
    t[t.length - 1] = (t[t.length - 1] as number) ^ 1;
    expect(() => openSecret(key, id1, t)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
  });
});
