// The threshold BLS tests, run once per recovery backend: test/unit/threshold.test.ts (noble, the
// default before loadFastThreshold) and test/unit/threshold-fast.test.ts (mcl, after it). Vitest
// isolates files, so each file sees its own backend switch.
import { afterAll, describe, expect, it } from "vitest";
import {
  bls,
  decodePartial,
  decodeShare,
  dealShares,
  encodePartial,
  encodeShare,
  nobleBls,
  partialSign,
  partialVerify,
  recoverSignature,
  sharePublicKey,
  thresholdBackend,
  type PartialSignature,
} from "../../src/index.js";
import { hex, toHex } from "./helpers.js";
import { readVector } from "@cowboy/checks/vectors";

interface ThresholdVector {
  name: string;
  secretKey: string;
  seed: string;
  threshold: number;
  n: number;
  message: string;
  groupPublicKey: string;
  commitments: string[];
  shares: string[];
  partials: string[];
  signature: string;
}
const V = readVector<{ cases: ThresholdVector[] }>("crypto/threshold-bls.json").cases;

const SECRET = hex("263dbd792f5b1be47ed85f8938c0f29586af0d3ac7b977f21c278fe1462040e3");
const SEED = new Uint8Array(32).fill(0x42);
const MSG = new TextEncoder().encode("round 7");

/** All k-subsets of [0, n) in lexicographic order, capped at `limit`. */
function subsets(n: number, k: number, limit: number): number[][] {
  const out: number[][] = [];
  const rec = (start: number, acc: number[]) => {
    if (out.length >= limit) return;
    if (acc.length === k) {
      out.push([...acc]);
      return;
    }
    for (let i = start; i < n; i++) rec(i + 1, [...acc, i]);
  };
  rec(0, []);
  return out;
}

/** Registers the suite; `backend` is the recovery backend the calling file expects to be active. */
export function thresholdSuite(backend: "noble" | "mcl"): void {
  describe(`threshold BLS (recovery on ${backend})`, () => {
    it("recovers on the expected backend", () => expect(thresholdBackend()).toBe(backend));
    afterAll(() => expect(thresholdBackend()).toBe(backend));
    const expected = bls.sign(MSG, SECRET);

    it.each([
      [1, 1],
      [1, 3],
      [2, 3],
      [3, 5],
      [5, 7],
    ])("t=%i of n=%i: every tried t-subset recombines to the group signature", (t, n) => {
      const d = dealShares(SECRET, t, n, SEED);
      expect(toHex(d.groupPublicKey)).toBe(toHex(bls.getPublicKey(SECRET)));
      expect(d.commitments.length).toBe(t);
      const partials = d.shares.map((s) => partialSign(bls, s, MSG));
      for (const subset of subsets(n, t, 12)) {
        const chosen = subset.map((i) => partials[i] as PartialSignature);
        const sig = recoverSignature(chosen, t);
        expect(toHex(sig)).toBe(toHex(expected));
        expect(bls.verify(sig, MSG, d.groupPublicKey)).toBe(true);
      }
    });

    it("fewer than t partials: refused, and forcing the interpolation gives a wrong signature", () => {
      const d = dealShares(SECRET, 3, 5, SEED);
      const partials = d.shares.map((s) => partialSign(bls, s, MSG));
      expect(() => recoverSignature(partials.slice(0, 2), 3)).toThrow(expect.objectContaining({ code: "THRESHOLD_NOT_MET" }));
      const forced = recoverSignature(partials.slice(0, 2), 2);
      expect(toHex(forced)).not.toBe(toHex(expected));
      expect(bls.verify(forced, MSG, d.groupPublicKey)).toBe(false);
    });

    it("share public keys from the commitments verify partials; a wrong share's partial does not", () => {
      const d = dealShares(SECRET, 3, 5, SEED);
      for (const share of d.shares) {
        const pk = sharePublicKey(d.commitments, share.index);
        expect(toHex(pk)).toBe(toHex(bls.getPublicKey(share.secretKey)));
        const p = partialSign(bls, share, MSG);
        expect(partialVerify(bls, pk, p, MSG)).toBe(true);
        expect(partialVerify(bls, sharePublicKey(d.commitments, (share.index % 5) + 1), p, MSG)).toBe(false);
      }
    });

    it("is deterministic in (secret, seed) and changes with either", () => {
      const a = dealShares(SECRET, 3, 4, SEED);
      const b = dealShares(SECRET, 3, 4, SEED);
      expect(a.shares.map((s) => toHex(s.secretKey))).toEqual(b.shares.map((s) => toHex(s.secretKey)));
      const otherSeed = dealShares(SECRET, 3, 4, new Uint8Array(32).fill(0x43));
      expect(toHex(otherSeed.shares[0]?.secretKey ?? new Uint8Array())).not.toBe(toHex(a.shares[0]?.secretKey ?? new Uint8Array()));
      const otherSecret = hex("47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138");
      const c = dealShares(otherSecret, 3, 4, SEED);
      expect(toHex(c.commitments[1] as Uint8Array)).not.toBe(toHex(a.commitments[1] as Uint8Array));
    });

    it("works identically with the noble backend", () => {
      const d = dealShares(SECRET, 2, 3, SEED);
      const partials = d.shares.slice(1).map((s) => partialSign(nobleBls, s, MSG));
      expect(toHex(recoverSignature(partials, 2))).toBe(toHex(expected));
    });

    it("encodes shares (36 bytes) and partials (100 bytes) round-trip", () => {
      const d = dealShares(SECRET, 2, 3, SEED);
      const share = d.shares[2];
      if (share === undefined) throw new Error("missing share");
      const enc = encodeShare(share);
      expect(enc.length).toBe(36);
      expect(toHex(enc.subarray(0, 4))).toBe("00000003");
      expect(decodeShare(enc)).toEqual(share);
      const p = partialSign(bls, share, MSG);
      const pe = encodePartial(p);
      expect(pe.length).toBe(100);
      expect(decodePartial(pe)).toEqual(p);
    });

    it("rejects bad arguments with typed errors", () => {
      expect(() => dealShares(SECRET, 4, 3, SEED)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT", message: expect.stringContaining("threshold") }));
      expect(() => dealShares(SECRET, 0, 3, SEED)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
      expect(() => dealShares(SECRET, 2, 3, new Uint8Array(31))).toThrow(expect.objectContaining({ code: "INVALID_LENGTH", message: expect.stringContaining("seed") }));
      expect(() => dealShares(new Uint8Array(32), 2, 3, SEED)).toThrow(expect.objectContaining({ code: "INVALID_SCALAR" }));
      const d = dealShares(SECRET, 2, 3, SEED);
      const p = partialSign(bls, d.shares[0] as never, MSG);
      expect(() => recoverSignature([p, p], 2)).toThrow(expect.objectContaining({ code: "DUPLICATE_INDEX" }));
      expect(() => recoverSignature([{ index: 0, signature: p.signature }], 1)).toThrow(
        expect.objectContaining({ code: "INVALID_ARGUMENT", message: expect.stringContaining("index") }),
      );
      const zeroIndex = encodeShare(d.shares[0] as never);
      zeroIndex.fill(0, 0, 4);
      expect(() => decodeShare(zeroIndex)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
      const badPartial = encodePartial(p);
      badPartial[4] = 0;
      expect(() => decodePartial(badPartial)).toThrow(expect.objectContaining({ code: "INVALID_POINT" }));
    });
  });

  describe(`threshold vectors (recovery on ${backend})`, () => {
    it.each(V)("$name", (v) => {
      const d = dealShares(hex(v.secretKey), v.threshold, v.n, hex(v.seed));
      expect(toHex(d.groupPublicKey)).toBe(v.groupPublicKey);
      expect(d.commitments.map(toHex)).toEqual(v.commitments);
      expect(d.shares.map((s) => toHex(encodeShare(s)))).toEqual(v.shares);
      const partials = d.shares.map((s) => partialSign(bls, s, hex(v.message)));
      expect(partials.map((p) => toHex(encodePartial(p)))).toEqual(v.partials);
      const sig = recoverSignature(
        v.partials.slice(-v.threshold).map((p) => decodePartial(hex(p))),
        v.threshold,
      );
      expect(toHex(sig)).toBe(v.signature);
      expect(toHex(bls.sign(hex(v.message), hex(v.secretKey)))).toBe(v.signature);
    });
  });
}
