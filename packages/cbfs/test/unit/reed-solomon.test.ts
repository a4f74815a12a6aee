import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CbfsError, createReedSolomon, gfInv, gfMul } from "../../src/index.js";

describe("GF(2^8)", () => {
  it("every non-zero element times its inverse is 1; 2·0x80 reduces by 0x11D", () => {
    for (let a = 1; a < 256; a++) expect(gfMul(a, gfInv(a))).toBe(1);
    expect(gfMul(2, 0x80)).toBe(0x1d);
    expect(gfMul(0, 77)).toBe(0);
  });
});

const erasurePlan = fc
  .record({ k: fc.integer({ min: 1, max: 12 }), m: fc.integer({ min: 0, max: 6 }), len: fc.integer({ min: 1, max: 64 }), seed: fc.integer() })
  .chain((p) => fc.record({ p: fc.constant(p), order: fc.shuffledSubarray([...Array(p.k + p.m).keys()], { minLength: p.k + p.m, maxLength: p.k + p.m }) }));

function dataFor(k: number, len: number, seed: number): Uint8Array[] {
  let x = seed >>> 0 || 1;
  return Array.from({ length: k }, () =>
    Uint8Array.from({ length: len }, () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x & 0xff;
    }),
  );
}

describe("Reed–Solomon (property)", () => {
  it("any K of K+M shards rebuild every shard; any K−1 do not", () => {
    fc.assert(
      fc.property(erasurePlan, ({ p, order }) => {
        const rs = createReedSolomon(p.k, p.m);
        const data = dataFor(p.k, p.len, p.seed);
        const all = [...data, ...rs.encode(data)];
        const keep = new Set(order.slice(0, p.k));
        const slots = all.map((s, i) => (keep.has(i) ? s : undefined));
        expect(rs.reconstruct(slots)).toEqual(all);
        const fewer = all.map((s, i) => (keep.has(i) && i !== order[0] ? s : undefined));
        expect(() => rs.reconstruct(fewer)).toThrow(expect.objectContaining({ code: "NOT_ENOUGH_SHARDS" }));
      }),
      { numRuns: 300 },
    );
  });

  it("K=4, M=2: all 15 pairs of lost shards rebuild the exact bytes", () => {
    const rs = createReedSolomon(4, 2);
    const data = dataFor(4, 1000, 42);
    const all = [...data, ...rs.encode(data)];
    let pairs = 0;
    for (let a = 0; a < 6; a++)
      for (let b = a + 1; b < 6; b++) {
        const slots = all.map((s, i) => (i === a || i === b ? undefined : s));
        expect(rs.reconstruct(slots)).toEqual(all);
        pairs++;
      }
    expect(pairs).toBe(15);
  });

  it("refuses bad parameters and mismatched shard lengths", () => {
    expect(() => createReedSolomon(0, 2)).toThrow(CbfsError);
    expect(() => createReedSolomon(200, 57)).toThrow(expect.objectContaining({ code: "INVALID_PARAMS" }));
    const rs = createReedSolomon(2, 1);
    expect(() => rs.encode([new Uint8Array(3), new Uint8Array(4)])).toThrow(expect.objectContaining({ code: "INVALID_PARAMS" }));
    expect(() => rs.encode([new Uint8Array(3)])).toThrow(expect.objectContaining({ code: "INVALID_PARAMS" }));
  });

  it("word-at-a-time and byte-at-a-time paths agree: unaligned inputs and lengths that are not a multiple of 4", () => {
    const rs = createReedSolomon(4, 2);
    for (const length of [1, 3, 4, 7, 1001]) {
      const data = dataFor(4, length, length);
      const unaligned = data.map((d) => {
        const backing = new Uint8Array(length + 1);
        backing.set(d, 1);
        return backing.subarray(1);
      });
      // Aligned inputs take the word path, the offset-1 copies the byte path; the vectors pin the former.
      const parity = rs.encode(data);
      expect(rs.encode(unaligned)).toEqual(parity);
      const slots = [undefined, unaligned[1], undefined, unaligned[3], ...parity];
      expect(rs.reconstruct(slots).slice(0, 4)).toEqual(data);
    }
  });
});
