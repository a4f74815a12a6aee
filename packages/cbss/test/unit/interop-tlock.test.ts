// Interop with an independent implementation: tlock-js's crypto/ibe (drand's timelock encryption,
// on @noble/curves 1.x). With tlock's identity DST, ciphertexts cross both ways.
import { createRequire } from "node:module";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { describe, expect, it } from "vitest";
import { ibeDecrypt, ibeEncrypt } from "../../src/index.js";

const require = createRequire(import.meta.url);
const tlock = require("tlock-js/crypto/ibe.js") as {
  encryptOnG1(master: Uint8Array, id: Uint8Array, msg: Uint8Array): Promise<{ U: Uint8Array; V: Uint8Array; W: Uint8Array }>;
  decryptOnG1(key: Uint8Array, ct: { U: Uint8Array; V: Uint8Array; W: Uint8Array }): Promise<Uint8Array>;
};
const TLOCK_DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";
const sk = 0x5eed_c0ffee_1234_5678_9abc_def0_1111_2222_3333n;
const master = bls12_381.G1.Point.BASE.multiply(sk).toBytes(true);
const id = new TextEncoder().encode("cowboy interop identity");
const key = bls12_381.G2.hashToCurve(id, { DST: TLOCK_DST }).multiply(sk).toBytes(true);

describe("interop with tlock-js crypto/ibe", () => {
  it("tlock-js encrypts, @cowboy/cbss decrypts", async () => {
    for (const len of [16, 32]) {
      const msg = crypto.getRandomValues(new Uint8Array(len));
      const ct = await tlock.encryptOnG1(master, id, msg);
      expect(ibeDecrypt(key, { U: new Uint8Array(ct.U), V: new Uint8Array(ct.V), W: new Uint8Array(ct.W) })).toEqual(msg);
    }
  });

  it("@cowboy/cbss encrypts, tlock-js decrypts", async () => {
    const msg = crypto.getRandomValues(new Uint8Array(32));
    const ct = ibeEncrypt(master, id, msg, { dst: TLOCK_DST });
    expect(new Uint8Array(await tlock.decryptOnG1(key, ct))).toEqual(msg);
  });

  it("tlock-js rejects our ciphertext under a key for another identity", async () => {
    const ct = ibeEncrypt(master, id, new Uint8Array(32).fill(3), { dst: TLOCK_DST });
    const other = bls12_381.G2.hashToCurve(new Uint8Array([1]), { DST: TLOCK_DST })
      .multiply(sk)
      .toBytes(true);
    await expect(tlock.decryptOnG1(other, ct)).rejects.toThrow();
  });
});
