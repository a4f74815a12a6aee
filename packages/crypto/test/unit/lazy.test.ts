// Lazy back-ends (src/lazy.ts): loaded on first use, the same values through the proxy.
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { describe, expect, it } from "vitest";
import { BLS_R } from "../../src/index.js";
import { bls12381Curve, lazyProxy } from "../../src/lazy.js";

describe("lazy back-ends", () => {
  it("BLS_R is BLS12-381's scalar field order", () => {
    expect(BLS_R).toBe(bls12_381.fields.Fr.ORDER);
  });

  it("load on first use, once, and forward reads, calls, new, in and instanceof", () => {
    let loads = 0;
    class Point {
      constructor(readonly x: number) {}
      static of(x: number): Point {
        return new Point(x);
      }
      double(): Point {
        return new Point(2 * this.x);
      }
    }
    const P = lazyProxy(() => {
      loads++;
      return Point;
    });
    expect(loads).toBe(0);
    const p = P.of(3);
    expect(loads).toBe(1);
    expect(p).toBeInstanceOf(Point);
    expect(p instanceof P).toBe(true);
    expect(new P(4).double().x).toBe(8);
    expect("of" in P).toBe(true);
    expect(P.of).toBe(P.of);
    expect(loads).toBe(1);
  });

  it("give noble's bytes through the proxy", () => {
    const sk = new Uint8Array(32).fill(7);
    const pk = bls12381Curve.longSignatures.getPublicKey(sk).toBytes();
    expect(pk).toEqual(bls12_381.longSignatures.getPublicKey(sk).toBytes());
  });
});
