// Differential tests of the mcl-wasm G2 combiner against the noble reference (cips/crypto.md,
// "Threshold BLS" and "Backends"): identical bytes on seeded random dealings, identical errors (code
// and message) on malformed signatures, and proof that mcl really computes (no silent fallback).
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { beforeAll, describe, expect, it } from "vitest";
import { BLS_R, bls, dealShares, lagrangeAtZero, loadFastThreshold, partialSign, thresholdBackend, type PartialSignature } from "../../src/index.js";
import { nobleG2Combiner, type G2Combiner, type IndexedSignature } from "../../src/threshold-combine.js";
import { createMclG2Combiner, loadMclModule, type MclModule } from "../../src/threshold-mcl.js";
import { recoverSignatureWith } from "../../src/threshold.js";
import { seededBytes, toHex } from "../utils/helpers.js";

const P = bls12_381.fields.Fp.ORDER;
const Fp2 = bls12_381.fields.Fp2;
const Fr = bls12_381.fields.Fr;
const G2 = bls12_381.G2.Point;

let mcl: MclModule;
let fast: G2Combiner;

/** A fallback that must never be reached: proves the mcl path computed the result itself. */
const forbidden: G2Combiner = {
  name: "noble",
  combine() {
    throw new Error("fell back to noble on valid input");
  },
};

beforeAll(async () => {
  const loaded = await loadMclModule();
  if (loaded === undefined) throw new Error("mcl-wasm did not load");
  mcl = loaded;
  fast = createMclG2Combiner(mcl, forbidden);
});

function rng(seed: number) {
  const bytes = seededBytes(seed);
  const int = (lo: number, hi: number) => {
    const b = bytes(4);
    const u32 = (((b[0] as number) << 24) >>> 0) + ((b[1] as number) << 16) + ((b[2] as number) << 8) + (b[3] as number);
    return lo + (u32 % (hi - lo + 1));
  };
  const shuffle = <T>(list: readonly T[]) => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  const secret = () => {
    const k = bytes(32);
    k[0] = (k[0] as number) & 0x3f;
    k[31] = (k[31] as number) | 1; // never zero
    return k;
  };
  return { bytes, int, shuffle, secret };
}

/** Outcome of a call: the bytes as hex, or the error's code and message. */
function outcome(fn: () => Uint8Array): string {
  try {
    return `ok ${toHex(fn())}`;
  } catch (e) {
    const err = e as { code?: string; message: string };
    return `error ${err.code ?? "NONE"}: ${err.message}`;
  }
}

function bigBytes(n: bigint, length: number): Uint8Array {
  return new Uint8Array(Buffer.from(n.toString(16).padStart(length * 2, "0"), "hex"));
}

describe("mcl combiner vs noble: random dealings", () => {
  const cases: [n: number, dealings: number, subsets: number][] = [
    [1, 3, 1],
    [2, 4, 3],
    [4, 5, 3],
    [7, 4, 3],
    [10, 3, 3],
    [50, 2, 2],
  ];
  it.each(cases)("n=%i: %i dealings, %i random subsets each, same bytes, signatures verify", (n, dealings, subsets) => {
    const r = rng(1000 + n);
    for (let d = 0; d < dealings; d++) {
      // The first dealing uses the consensus threshold n − f; the others a random t.
      const t = d === 0 ? n - Math.floor((n - 1) / 3) : r.int(1, n);
      const secret = r.secret();
      const message = r.bytes(r.int(0, 64));
      const dealing = dealShares(secret, t, n, r.bytes(32));
      const partials = dealing.shares.map((s) => partialSign(bls, s, message));
      for (let s = 0; s < subsets; s++) {
        // Subsets of size t..n in random order: recovery picks the t lowest indices either way.
        const subset = r.shuffle(partials).slice(0, r.int(t, n));
        const viaMcl = recoverSignatureWith(fast, subset, t);
        expect(toHex(viaMcl)).toBe(toHex(recoverSignatureWith(nobleG2Combiner, subset, t)));
        expect(bls.verify(viaMcl, message, dealing.groupPublicKey)).toBe(true);
      }
    }
  });

  it("well-formed wrong partials: the same wrong bytes from both, which do not verify", () => {
    const r = rng(7);
    const dealing = dealShares(r.secret(), 3, 5, r.bytes(32));
    const message = r.bytes(32);
    const partials = dealing.shares.map((s) => partialSign(bls, s, message));
    for (let k = 0; k < 3; k++) {
      const bad = [...partials];
      bad[k] = { index: k + 1, signature: bls.sign(r.bytes(32), r.secret()) };
      const viaMcl = recoverSignatureWith(fast, bad, 3);
      expect(toHex(viaMcl)).toBe(toHex(recoverSignatureWith(nobleG2Combiner, bad, 3)));
      expect(bls.verify(viaMcl, message, dealing.groupPublicKey)).toBe(false);
    }
  });

  it("random points and scalars straight into combine (t up to 40)", () => {
    const r = rng(99);
    for (let round = 0; round < 6; round++) {
      const t = r.int(1, 40);
      const chosen: IndexedSignature[] = Array.from({ length: t }, (_, i) => ({ index: i + 1, signature: bls.sign(r.bytes(8), r.secret()) }));
      const scalars = chosen.map(() => Fr.create(BigInt(`0x${toHex(r.bytes(40))}`)) || 1n);
      expect(toHex(fast.combine(chosen, scalars))).toBe(toHex(nobleG2Combiner.combine(chosen, scalars)));
    }
  });
});

describe("mcl combiner vs noble: malformed signatures give the same outcome", () => {
  const r = rng(4242);
  const message = r.bytes(32);
  const dealing = dealShares(r.secret(), 4, 6, r.bytes(32));
  const partials = dealing.shares.map((s) => partialSign(bls, s, message));
  const good = partials[0]?.signature as Uint8Array;

  function withFlags(bytes: Uint8Array, flags: number): Uint8Array {
    const out = bytes.slice();
    out[0] = ((out[0] as number) & 0x1f) | flags;
    return out;
  }
  /** x_c1‖x_c0 of a valid signature, plus `delta` on one coordinate (flags kept). */
  function shifted(sig: Uint8Array, coordinate: 0 | 1, delta: bigint): Uint8Array | undefined {
    const off = coordinate === 1 ? 0 : 48;
    const raw = sig.slice(off, off + 48);
    if (coordinate === 1) raw[0] = (raw[0] as number) & 0x1f;
    const value = BigInt(`0x${toHex(raw)}`) + delta;
    if (value >= 1n << (coordinate === 1 ? 381n : 384n)) return undefined;
    const out = sig.slice();
    out.set(bigBytes(value, 48), off);
    if (coordinate === 1) out[0] = (out[0] as number) | ((sig[0] as number) & 0xe0);
    return out;
  }
  const xc1Candidate = partials.map((p) => shifted(p.signature, 1, P)).find((s) => s !== undefined);

  const malformed: [string, Uint8Array][] = [
    ["compression bit cleared", withFlags(good, (good[0] as number) & 0x60)],
    ["canonical infinity", withFlags(new Uint8Array(96), 0xc0)],
    [
      "infinity with a non-zero payload",
      (() => {
        const b = withFlags(new Uint8Array(96), 0xc0);
        b[95] = 1;
        return b;
      })(),
    ],
    ["infinity with the sort bit", withFlags(new Uint8Array(96), 0xe0)],
    ["all zero bytes", new Uint8Array(96)],
    ["all 0xff bytes", new Uint8Array(96).fill(0xff)],
    ["x_c0 + p (non-canonical)", shifted(good, 0, P) as Uint8Array],
    ["sort bit flipped (the negated point: valid)", withFlags(good, ((good[0] as number) & 0xe0) ^ 0x20)],
  ];
  if (xc1Candidate !== undefined) malformed.push(["x_c1 + p (non-canonical)", xc1Candidate]);

  it("found a signature whose x_c1 + p still fits in 381 bits", () => expect(xc1Candidate).toBeDefined());

  it.each(malformed)("%s, at every position among the chosen partials", (_name, bad) => {
    for (let pos = 0; pos < 4; pos++) {
      const list: PartialSignature[] = partials.map((p, i) => (i === pos ? { index: p.index, signature: bad } : p));
      const viaMcl = outcome(() => recoverSignatureWith(createMclG2Combiner(mcl), list, 4));
      expect(viaMcl).toBe(outcome(() => recoverSignatureWith(nobleG2Combiner, list, 4)));
    }
  });

  it("random 96-byte encodings (on the curve but outside G2, off the curve): same verdict, both kinds seen", () => {
    const b = bls12_381.G2.Point.CURVE().b;
    let onCurve = 0;
    let offCurve = 0;
    for (let i = 0; i < 48; i++) {
      const sig = r.bytes(96);
      // Compressed, infinity clear, both x coordinates below p (top bytes at most 0x0f < 0x1a).
      sig[0] = 0x80 | ((sig[0] as number) & 0x2f);
      sig[48] = (sig[48] as number) & 0x0f;
      const x = Fp2.create({ c0: BigInt(`0x${toHex(sig.slice(48))}`), c1: BigInt(`0x${toHex(sig.slice(0, 48))}`) & ((1n << 381n) - 1n) });
      let isOnCurve = true;
      try {
        isOnCurve = Fp2.sqrt(Fp2.add(Fp2.pow(x, 3n), b)) !== undefined;
      } catch {
        isOnCurve = false;
      }
      if (isOnCurve) onCurve++;
      else offCurve++;
      const list: PartialSignature[] = [{ index: 4, signature: sig }, ...partials.slice(0, 3)];
      const viaNoble = outcome(() => recoverSignatureWith(nobleG2Combiner, list, 4));
      expect(viaNoble).toMatch(/^error INVALID_POINT/);
      expect(outcome(() => recoverSignatureWith(createMclG2Combiner(mcl), list, 4))).toBe(viaNoble);
    }
    expect(onCurve).toBeGreaterThan(5);
    expect(offCurve).toBeGreaterThan(5);
  });

  it("a malformed partial beyond the chosen t is ignored by both", () => {
    const list = partials.map((p, i) => (i === 5 ? { index: p.index, signature: new Uint8Array(96) } : p));
    const viaMcl = recoverSignatureWith(fast, list, 4);
    expect(toHex(viaMcl)).toBe(toHex(recoverSignatureWith(nobleG2Combiner, list, 4)));
    expect(bls.verify(viaMcl, message, dealing.groupPublicKey)).toBe(true);
  });

  it("partials that cancel: INVALID_SIGNATURE from both", () => {
    const p1 = G2.fromBytes(good);
    const xs = [1n, 2n];
    const ratio = Fr.neg(Fr.div(lagrangeAtZero(xs, 0), lagrangeAtZero(xs, 1)));
    const list: PartialSignature[] = [
      { index: 1, signature: good },
      { index: 2, signature: p1.multiply(ratio).toBytes(true) },
    ];
    const viaNoble = outcome(() => recoverSignatureWith(nobleG2Combiner, list, 2));
    expect(viaNoble).toBe("error INVALID_SIGNATURE: partials: recombined to the point at infinity");
    expect(outcome(() => recoverSignatureWith(fast, list, 2))).toBe(viaNoble);
  });

  it("argument errors are the same on both paths", () => {
    const sig = partials[0] as PartialSignature;
    const lists: [unknown, number][] = [
      ["nope", 1],
      [[sig, sig], 2],
      [[sig], 2],
      [[{ index: 0, signature: good }], 1],
      [[{ index: 1, signature: good.slice(1) }], 1],
      [[sig], 0],
    ];
    for (const [list, t] of lists) {
      const viaNoble = outcome(() => recoverSignatureWith(nobleG2Combiner, list as PartialSignature[], t));
      expect(viaNoble).toMatch(/^error [A-Z_]+:/);
      expect(outcome(() => recoverSignatureWith(fast, list as PartialSignature[], t))).toBe(viaNoble);
    }
  });

  it("refuses scalars outside [1, r-1] by handing them to noble", () => {
    const chosen = [{ index: 1, signature: good }];
    for (const s of [0n, BLS_R, BLS_R + 5n]) {
      expect(outcome(() => createMclG2Combiner(mcl).combine(chosen, [s]))).toBe(outcome(() => nobleG2Combiner.combine(chosen, [s])));
    }
  });
});

describe("loadFastThreshold", () => {
  it("switches recoverSignature to mcl once, and returns the same promise when called again", async () => {
    const first = loadFastThreshold();
    expect(loadFastThreshold()).toBe(first);
    expect(await first).toBe("mcl");
    expect(thresholdBackend()).toBe("mcl");
  });

  it("falls back to noble if another mcl-wasm user re-initializes it for another curve", async () => {
    const r = rng(5);
    const message = r.bytes(16);
    const dealing = dealShares(r.secret(), 2, 3, r.bytes(32));
    const list = dealing.shares.map((s) => partialSign(bls, s, message));
    const expected = toHex(recoverSignatureWith(nobleG2Combiner, list, 2));
    await mcl.init(mcl.BN254);
    try {
      expect(() => recoverSignatureWith(fast, list, 2)).toThrow("fell back to noble");
      expect(toHex(recoverSignatureWith(createMclG2Combiner(mcl), list, 2))).toBe(expected);
    } finally {
      await mcl.init(mcl.BLS12_381);
    }
    expect(toHex(recoverSignatureWith(fast, list, 2))).toBe(expected);
  });
});
