// bitLength reads the bit count from a double's exponent and settles the values that round up to a power of two
// with one exact comparison (against cached ±2^e): checked here against the binary string at every such boundary.
import { describe, expect, it } from "vitest";
import { bitLength } from "../../../src/numeric/bits.js";

const exact = (n: bigint): number => (n === 0n ? 0 : (n < 0n ? -n : n).toString(2).length);

describe("bitLength", () => {
  it("is exact around every power of two up to 2^1100, for both signs", () => {
    const offsets = [-4097n, -2049n, -1025n, -777n, -2n, -1n, 0n, 1n, 2n, 777n, 4097n];
    let checked = 0;
    for (let k = 0; k <= 1100; k++) {
      const p = 1n << BigInt(k);
      for (const d of offsets) {
        for (const n of [p + d, -(p + d)]) {
          expect(bitLength(n)).toBe(exact(n));
          checked++;
        }
      }
    }
    expect(checked).toBe(1101 * 11 * 2);
  });

  it("counts 0, small and 4096-bit values", () => {
    expect(bitLength(0n)).toBe(0);
    expect(bitLength(-1n)).toBe(1);
    expect(bitLength((1n << 64n) - 777n)).toBe(64);
    expect(bitLength(-(1n << 64n))).toBe(65);
    expect(bitLength((1n << 4096n) - 1n)).toBe(4096);
  });
});
