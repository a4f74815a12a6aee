import { describe, expect, it } from "vitest";
import { blsPopProve, blsPopVerify, bls, getNativeBls, nobleBls, type Bls } from "../../src/index.js";
import { hex, seededBytes, toHex } from "../utils/helpers.js";
import { readVector } from "@cowboy/checks/vectors";

interface BlsVectors {
  publicKeys: Array<{ secretKey: string; publicKey: string }>;
  sign: Array<{ secretKey: string; message: string; signature: string }>;
  aggregate: Array<{ signatures: string[]; output: string }>;
  fastAggregateVerify: Array<{ publicKeys: string[]; message: string; signature: string; output: boolean }>;
}
const V = readVector<BlsVectors>("crypto/bls.json");
const badG1 = readVector<{ cases: Array<{ name: string; bytes: string }> }>("crypto/bls-invalid-g1.json").cases;
const backends: Bls[] = [nobleBls, ...[getNativeBls()].filter((b) => b !== undefined)];

it("the native blst backend loads here (on first use, once) and the default forwards to it", () => {
  expect(getNativeBls()?.name).toBe("native");
  expect(getNativeBls()).toBe(getNativeBls());
  expect(bls.name).toBe("native");
  const sk = new Uint8Array(32).fill(5);
  const pk = bls.getPublicKey(sk);
  const msg = new Uint8Array([1, 2, 3]);
  const sig = bls.sign(msg, sk);
  expect(sig).toEqual(getNativeBls()?.sign(msg, sk));
  expect(bls.preparePublicKey(pk).backend).toBe("native");
  expect(bls.fastAggregateVerify(sig, msg, [bls.preparePublicKey(pk)])).toBe(true);
});

describe.each(backends)("BLS12-381 min-pk ($name)", (b) => {
  it("derives the consensus-spec public keys", () => {
    for (const c of V.publicKeys) expect(toHex(b.getPublicKey(hex(c.secretKey)))).toBe(c.publicKey);
  });

  it("reproduces the consensus-spec signatures and verifies them", () => {
    for (const c of V.sign) {
      const sig = b.sign(hex(c.message), hex(c.secretKey));
      expect(toHex(sig)).toBe(c.signature);
      const pk = b.getPublicKey(hex(c.secretKey));
      expect(b.verify(sig, hex(c.message), pk)).toBe(true);
      expect(b.verify(sig, new Uint8Array([1]), pk)).toBe(false);
    }
  });

  it("aggregates signatures like the vectors", () => {
    for (const c of V.aggregate) expect(toHex(b.aggregateSignatures(c.signatures.map(hex)))).toBe(c.output);
  });

  it("fast-aggregate-verify matches the vectors", () => {
    for (const c of V.fastAggregateVerify) {
      expect(b.fastAggregateVerify(hex(c.signature), hex(c.message), c.publicKeys.map(hex))).toBe(c.output);
    }
  });

  it("fast-aggregate-verify accepts prepared keys and refuses another backend's", () => {
    for (const c of V.fastAggregateVerify) {
      const prepared = c.publicKeys.map((k) => b.preparePublicKey(hex(k)));
      expect(b.fastAggregateVerify(hex(c.signature), hex(c.message), prepared)).toBe(c.output);
    }
    const c = V.fastAggregateVerify[0] as BlsVectors["fastAggregateVerify"][number];
    const mixed = c.publicKeys.map((k, i) => (i % 2 === 0 ? b.preparePublicKey(hex(k)) : hex(k)));
    expect(b.fastAggregateVerify(hex(c.signature), hex(c.message), mixed)).toBe(true);
    const other = backends.find((x) => x !== b);
    if (other !== undefined) {
      const foreign = [other.preparePublicKey(hex(c.publicKeys[0] as string))];
      expect(() => b.fastAggregateVerify(hex(c.signature), hex(c.message), foreign)).toThrow(
        expect.objectContaining({ code: "INVALID_ARGUMENT", message: expect.stringContaining("publicKeys[0]") }),
      );
    }
    expect(() => b.preparePublicKey(hex((badG1[0] as { bytes: string }).bytes))).toThrow(expect.objectContaining({ code: "INVALID_POINT" }));
  });

  it("batch verify: all good is true, one wrong message is false", () => {
    const sets = V.sign.map((c) => ({
      signature: hex(c.signature),
      message: hex(c.message),
      publicKey: b.getPublicKey(hex(c.secretKey)),
    }));
    expect(b.verifyBatch(sets)).toBe(true);
    const bad = sets.map((s, i) => (i === 1 ? { ...s, message: new Uint8Array([7]) } : s));
    expect(b.verifyBatch(bad)).toBe(false);
  });

  it.each(badG1)("rejects the $name public key with INVALID_POINT", (c) => {
    const s = V.sign[0] as BlsVectors["sign"][number];
    expect(() => b.verify(hex(s.signature), hex(s.message), hex(c.bytes))).toThrow(
      expect.objectContaining({ code: "INVALID_POINT", message: expect.stringContaining("publicKey") }),
    );
  });

  it("rejects bad scalars, lengths, empty lists and infinity signatures", () => {
    expect(() => b.getPublicKey(new Uint8Array(32))).toThrow(expect.objectContaining({ code: "INVALID_SCALAR" }));
    expect(() => b.sign(new Uint8Array(0), hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"))).toThrow(
      expect.objectContaining({ code: "INVALID_SCALAR", message: expect.stringContaining("secretKey") }),
    );
    expect(() => b.aggregateSignatures([])).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => b.aggregatePublicKeys([new Uint8Array(47)])).toThrow(expect.objectContaining({ code: "INVALID_LENGTH", message: expect.stringContaining("publicKeys[0]") }));
    const inf = new Uint8Array(96);
    inf[0] = 0xc0;
    const pk = b.getPublicKey(hex((V.sign[0] as BlsVectors["sign"][number]).secretKey));
    expect(() => b.verify(inf, new Uint8Array(0), pk)).toThrow(expect.objectContaining({ code: "INVALID_POINT" }));
    expect(() => b.verifyBatch([])).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });
});

describe("noble and blst agree on seeded inputs", () => {
  it.skipIf(getNativeBls() === undefined)("keys, signatures, aggregates, verdicts", () => {
    const native = getNativeBls() as Bls;
    const rand = seededBytes(11);
    const keys: Uint8Array[] = [];
    for (let i = 0; i < 6; i++) {
      const k = rand(32);
      k[0] = (k[0] ?? 0) & 0x3f; // stay below r
      keys.push(k);
    }
    const msg = rand(40);
    const pks = keys.map((k) => native.getPublicKey(k));
    const sigs = keys.map((k) => native.sign(msg, k));
    keys.forEach((k, i) => {
      expect(toHex(nobleBls.getPublicKey(k))).toBe(toHex(pks[i] as Uint8Array));
      expect(toHex(nobleBls.sign(msg, k))).toBe(toHex(sigs[i] as Uint8Array));
    });
    expect(toHex(nobleBls.aggregatePublicKeys(pks))).toBe(toHex(native.aggregatePublicKeys(pks)));
    const agg = native.aggregateSignatures(sigs);
    expect(toHex(nobleBls.aggregateSignatures(sigs))).toBe(toHex(agg));
    expect(nobleBls.fastAggregateVerify(agg, msg, pks)).toBe(true);
    expect(native.fastAggregateVerify(agg, msg, pks)).toBe(true);
    expect(native.fastAggregateVerify(agg, msg, pks.slice(1))).toBe(false);
    expect(nobleBls.fastAggregateVerify(agg, msg, pks.slice(1))).toBe(false);
  });
});

describe("proof of possession", () => {
  it("verifies for the owner only, and is not a message signature", () => {
    const V0 = V.sign[0] as BlsVectors["sign"][number];
    const V1 = V.sign[1] as BlsVectors["sign"][number];
    const sk = hex(V0.secretKey);
    const pk = bls.getPublicKey(sk);
    const proof = blsPopProve(sk);
    expect(blsPopVerify(pk, proof)).toBe(true);
    expect(blsPopVerify(bls.getPublicKey(hex(V1.secretKey)), proof)).toBe(false);
    // The POP DST differs from the signing DST: a plain signature over the key is not a proof.
    expect(blsPopVerify(pk, bls.sign(pk, sk))).toBe(false);
  });
});
