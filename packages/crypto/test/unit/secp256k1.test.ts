import { describe, expect, it } from "vitest";
import { CryptoError, addressFromPrivateKey, addressFromPublicKey, getNativeSecp256k1, nobleSecp256k1, recoverAddress, secp256k1, type Secp256k1 } from "../../src/index.js";
import { hex, seededBytes, toHex } from "../utils/helpers.js";

// Appendix A of the technical spec: key 0x11…11, signing hash of vector 1, signature in vector 2.
const KEY = new Uint8Array(32).fill(0x11);
const HASH = hex("203b9aa5435ad7de1164fa534c9d72de46e734a9d99703790756380c67b8304a");
const SIG = "f0dc586dcb01db4f7507163068728c49d112610bfbcf3516ed32bd0fa05a4555" + "3f8e8a695b94f6d9aa7d34657002746f30ce22cadc141bceea3129610de3035b01";
const ADDRESS = "19e7e376e7c213b7e7e7e46cc70a5dd086daff2a";

const backends: Secp256k1[] = [nobleSecp256k1, ...[getNativeSecp256k1()].filter((c) => c !== undefined)];

describe("native backend", () => {
  it("loads libsecp256k1 on this machine (not the elliptic fallback)", () => {
    expect(getNativeSecp256k1()?.name).toBe("native");
    expect(getNativeSecp256k1()).toBe(getNativeSecp256k1());
  });
  it("is what the default secp256k1 forwards to", () => {
    expect(secp256k1.name).toBe("native");
    const sk = new Uint8Array(32).fill(9);
    const h = new Uint8Array(32).fill(3);
    const sig = secp256k1.sign(h, sk);
    expect(sig).toEqual(getNativeSecp256k1()?.sign(h, sk));
    expect(secp256k1.recoverPublicKey(h, sig)).toEqual(secp256k1.getPublicKey(sk));
    expect(secp256k1.verifyMany([{ signature: sig, msgHash: h, publicKey: secp256k1.getPublicKey(sk, true) }])).toEqual([true]);
  });
});

describe.each(backends)("secp256k1 ($name)", (curve) => {
  it("reproduces the Appendix A signature", () => {
    expect(toHex(curve.sign(HASH, KEY))).toBe(SIG);
  });

  it("recovers the Appendix A signer", () => {
    const pub = curve.recoverPublicKey(HASH, hex(SIG));
    expect(pub.length).toBe(65);
    expect(pub[0]).toBe(4);
    expect(toHex(pub)).toBe(toHex(curve.getPublicKey(KEY)));
    expect(toHex(addressFromPublicKey(pub))).toBe(ADDRESS);
  });

  it("verifies with 64- and 65-byte signatures and compressed or uncompressed keys", () => {
    const sig = hex(SIG);
    for (const pub of [curve.getPublicKey(KEY), curve.getPublicKey(KEY, true)]) {
      expect(curve.verify(sig, HASH, pub)).toBe(true);
      expect(curve.verify(sig.subarray(0, 64), HASH, pub)).toBe(true);
      const other = HASH.slice();
      other[0] = (other[0] ?? 0) ^ 1;
      expect(curve.verify(sig, other, pub)).toBe(false);
    }
  });

  it("rejects high-S with HIGH_S", () => {
    const sig = hex(SIG);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${toHex(sig.subarray(32, 64))}`);
    const high = sig.slice();
    high.set(hex((n - s).toString(16).padStart(64, "0")), 32);
    expect(() => curve.verify(high, HASH, curve.getPublicKey(KEY))).toThrow(expect.objectContaining({ code: "HIGH_S" }));
    expect(() => curve.recoverPublicKey(HASH, high)).toThrow(expect.objectContaining({ code: "HIGH_S" }));
  });

  it("rejects bad arguments with typed errors naming them", () => {
    expect(() => curve.sign(HASH.subarray(0, 31), KEY)).toThrow(expect.objectContaining({ code: "INVALID_LENGTH", message: expect.stringContaining("msgHash") }));
    expect(() => curve.sign(HASH, new Uint8Array(32))).toThrow(expect.objectContaining({ code: "INVALID_SCALAR", message: expect.stringContaining("privateKey") }));
    const bigKey = hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    expect(() => curve.getPublicKey(bigKey)).toThrow(expect.objectContaining({ code: "INVALID_SCALAR" }));
    const badV = hex(SIG);
    badV[64] = 27;
    expect(() => curve.recoverPublicKey(HASH, badV)).toThrow(expect.objectContaining({ code: "INVALID_RECOVERY_ID" }));
    const offCurve = new Uint8Array(65);
    offCurve[0] = 4;
    expect(() => curve.verify(hex(SIG), HASH, offCurve)).toThrow(expect.objectContaining({ code: "INVALID_POINT" }));
    expect(() => curve.verify("00" as unknown as Uint8Array, HASH, offCurve)).toThrow(CryptoError);
  });

  it("verifyMany reports per item and maps content errors to false", () => {
    const pub = curve.getPublicKey(KEY);
    const zeroR = hex(SIG);
    zeroR.fill(0, 0, 32);
    const res = curve.verifyMany([
      { signature: hex(SIG), msgHash: HASH, publicKey: pub },
      { signature: zeroR, msgHash: HASH, publicKey: pub },
      { signature: hex(SIG), msgHash: new Uint8Array(32), publicKey: pub },
    ]);
    expect(res).toEqual([true, false, false]);
    expect(() => curve.verifyMany([null as never])).toThrow(expect.objectContaining({ code: "INVALID_TYPE" }));
    expect(() => curve.verifyMany([{ signature: hex(SIG), msgHash: HASH, publicKey: pub.subarray(1) }])).toThrow(
      expect.objectContaining({ code: "INVALID_LENGTH", message: expect.stringContaining("items[0].publicKey") }),
    );
  });
});

describe("addresses", () => {
  it("derives the Appendix A address from the private key and from the signature", () => {
    expect(toHex(addressFromPrivateKey(KEY))).toBe(ADDRESS);
    expect(toHex(recoverAddress(HASH, hex(SIG)))).toBe(ADDRESS);
  });
});

describe("noble and native agree on seeded random inputs", () => {
  it.skipIf(getNativeSecp256k1() === undefined)("sign, recover, verify, getPublicKey", () => {
    const native = getNativeSecp256k1() as Secp256k1;
    const rand = seededBytes(7);
    for (let i = 0; i < 64; i++) {
      const key = rand(32);
      const msg = rand(32);
      const a = nobleSecp256k1.sign(msg, key);
      expect(toHex(native.sign(msg, key))).toBe(toHex(a));
      expect(toHex(native.getPublicKey(key, true))).toBe(toHex(nobleSecp256k1.getPublicKey(key, true)));
      expect(toHex(native.recoverPublicKey(msg, a))).toBe(toHex(nobleSecp256k1.recoverPublicKey(msg, a)));
      expect(native.verify(a, msg, nobleSecp256k1.getPublicKey(key))).toBe(true);
    }
  });
});
