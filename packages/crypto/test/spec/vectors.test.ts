import { describe, expect, it } from "vitest";
import {
  addressFromPrivateKey,
  addressFromPublicKey,
  deriveRandomness,
  ed25519,
  hkdf,
  hkdfExpand,
  hkdfExtract,
  getNativeSecp256k1,
  nobleSecp256k1,
  recoverAddress,
} from "../../src/index.js";
import { hex, toHex } from "../utils/helpers.js";
import { readVector } from "@cowboy/checks/vectors";

interface SecpCase {
  name: string;
  privateKey: string;
  msgHash: string;
  signature: string;
  publicKey: string;
  address: string;
}
interface HkdfCase {
  name: string;
  ikm: string;
  salt: string;
  info: string;
  length: number;
  prk: string;
  okm: string;
}
interface EdCase {
  name: string;
  secretKey: string;
  publicKey: string;
  message: string;
  signature: string;
}

const secp = readVector<{ cases: SecpCase[] }>("crypto/secp256k1.json").cases;
const hk = readVector<{ cases: HkdfCase[]; randomness: HkdfCase[] }>("crypto/hkdf.json");
const ed = readVector<{ cases: EdCase[] }>("crypto/ed25519.json").cases;
const curves = [nobleSecp256k1, ...[getNativeSecp256k1()].filter((c) => c !== undefined)];

describe("secp256k1 vectors (captured with OpenSSL via python)", () => {
  it("has the cases we expect", () => expect(secp.length).toBe(12));
  for (const c of secp) {
    it.each(curves)(`${c.name} ($name)`, (curve) => {
      const key = hex(c.privateKey);
      const h = hex(c.msgHash);
      expect(toHex(curve.sign(h, key))).toBe(c.signature);
      expect(toHex(curve.getPublicKey(key))).toBe(c.publicKey);
      expect(toHex(curve.recoverPublicKey(h, hex(c.signature)))).toBe(c.publicKey);
      expect(curve.verify(hex(c.signature), h, hex(c.publicKey))).toBe(true);
      expect(toHex(addressFromPublicKey(curve.getPublicKey(key, true)))).toBe(c.address);
    });
  }
  it("root helpers agree with the vectors", () => {
    for (const c of secp) {
      expect(toHex(addressFromPrivateKey(hex(c.privateKey)))).toBe(c.address);
      expect(toHex(recoverAddress(hex(c.msgHash), hex(c.signature)))).toBe(c.address);
    }
  });
});

describe("HKDF-SHA256 (RFC 5869 test cases 1-3)", () => {
  it.each(hk.cases)("$name", (c) => {
    expect(toHex(hkdfExtract(hex(c.ikm), hex(c.salt)))).toBe(c.prk);
    expect(toHex(hkdfExpand(hex(c.prk), hex(c.info), c.length))).toBe(c.okm);
    expect(toHex(hkdf(hex(c.ikm), hex(c.salt), hex(c.info), c.length))).toBe(c.okm);
  });
  it.each(hk.randomness)("actor randomness $name", (c) => {
    expect(toHex(deriveRandomness(hex(c.ikm), hex(c.info)))).toBe(c.okm);
  });
  it("rejects bad lengths and empty beacons", () => {
    expect(() => hkdf(new Uint8Array(1), new Uint8Array(0), new Uint8Array(0), 0)).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENT", message: expect.stringContaining("length") }),
    );
    expect(() => hkdf(new Uint8Array(1), new Uint8Array(0), new Uint8Array(0), 255 * 32 + 1)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => hkdfExpand(new Uint8Array(16), new Uint8Array(0), 32)).toThrow(expect.objectContaining({ code: "INVALID_LENGTH", message: expect.stringContaining("prk") }));
    expect(() => deriveRandomness(new Uint8Array(0), new Uint8Array(1))).toThrow(expect.objectContaining({ code: "INVALID_LENGTH", message: expect.stringContaining("beacon") }));
  });
});

describe("Ed25519 (RFC 8032 §7.1 tests 1-3)", () => {
  it.each(ed)("$name", (c) => {
    expect(toHex(ed25519.getPublicKey(hex(c.secretKey)))).toBe(c.publicKey);
    expect(toHex(ed25519.sign(hex(c.message), hex(c.secretKey)))).toBe(c.signature);
    expect(ed25519.verify(hex(c.signature), hex(c.message), hex(c.publicKey))).toBe(true);
    const tampered = hex(c.signature);
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    expect(ed25519.verify(tampered, hex(c.message), hex(c.publicKey))).toBe(false);
    expect(ed25519.verify(hex(c.signature), new Uint8Array([9, 9]), hex(c.publicKey))).toBe(false);
  });
  it("rejects wrong lengths and non-points with typed errors", () => {
    const c = ed[0] as EdCase;
    expect(() => ed25519.verify(hex(c.signature).subarray(1), new Uint8Array(0), hex(c.publicKey))).toThrow(
      expect.objectContaining({ code: "INVALID_LENGTH", message: expect.stringContaining("signature") }),
    );
    // y = 2 is not the y-coordinate of any edwards25519 point.
    const notPoint = new Uint8Array(32);
    notPoint[0] = 2;
    expect(() => ed25519.verify(hex(c.signature), new Uint8Array(0), notPoint)).toThrow(expect.objectContaining({ code: "INVALID_POINT" }));
  });
});
