// isqrtBig (math.isqrt, decimal and fixed-point square roots) against a plain Newton reference,
// on squares, their neighbours and pseudo-random values from 1 to 5,000 bits.
import { describe, expect, it } from "vitest";
import { isqrtBig } from "../../../src/numeric/fixed.js";

/** floor(sqrt(n)) by Newton's method from a power of two above the root. */
function reference(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** A deterministic stream of `bits`-bit values (64-bit LCG, 30 bits per step). */
function generator(seed: bigint): (bits: number) => bigint {
  let s = seed;
  return (bits) => {
    let v = 0n;
    for (let i = 0; i < bits; i += 30) {
      s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffff_ffff_ffff_ffffn;
      v = (v << 30n) | (s >> 34n);
    }
    return v >> BigInt(Math.max(0, Math.ceil(bits / 30) * 30 - bits));
  };
}

describe("isqrtBig", () => {
  it("is floor(sqrt(n)) on squares, their neighbours and random values up to 5,000 bits", () => {
    const next = generator(12345n);
    let checked = 0;
    for (let bits = 1; bits < 5000; bits += bits < 200 ? 1 : 37) {
      for (let j = 0; j < 4; j++) {
        const r = next(bits);
        for (const n of [r, r * r, r * r - 1n, r * r + 1n, (r + 1n) * (r + 1n) - 1n]) {
          if (n < 0n) continue;
          expect(isqrtBig(n)).toBe(reference(n));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it("refuses a negative argument", () => {
    expect(() => isqrtBig(-1n)).toThrow(RangeError);
  });
});
