// The mcl-wasm G2 combiner for threshold recombination (cips/crypto.md, "Threshold BLS" and
// "Backends"): one multi-scalar multiplication (mcl's mulVec) instead of t double-and-adds in JS,
// about 10x faster. Same bytes and same errors as nobleG2Combiner, which it defers to whenever mcl
// refuses an input, so noble alone decides what is malformed and how the error reads.
import type * as Mcl from "mcl-wasm";
import { BLS_R } from "./bls.js";
import { infinityError, nobleG2Combiner, type G2Combiner, type IndexedSignature } from "./threshold-combine.js";

export type MclModule = typeof Mcl;

/** p of BLS12-381's base field: each of the two 48-byte x coordinates of a G2 encoding must be below it. */
const FP_ORDER = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
const COMPRESSED = 0x80;
const INFINITY = 0x40;
const FLAG_BITS = 0xe0;

/**
 * Loads and initializes mcl-wasm for BLS12-381 (about 250 ms: it compiles a 600 KB WASM module), or
 * undefined when the package is missing or fails to start. mcl-wasm keeps one module per process;
 * this package is its only user in Cowboy, and the combiner re-asserts the settings it needs on
 * every call in case someone else changes them.
 */
export async function loadMclModule(): Promise<MclModule | undefined> {
  try {
    const imported = (await import("mcl-wasm")) as MclModule & { default?: MclModule };
    const mcl = imported.default ?? imported;
    await mcl.init(mcl.BLS12_381);
    // Hash-to-curve as BLS_DST's suite (RFC 9380 = mcl's IRTF mode); unused by recombination, set so
    // the process-wide module is never left in a mode that disagrees with our signatures.
    mcl.setMapToMode(mcl.IRTF);
    mcl.setETHserialization(true);
    return mcl;
  } catch {
    return undefined;
  }
}

/**
 * Wraps an initialized mcl-wasm module. Decoding: the flags and both x coordinates are checked here
 * (compression bit set, infinity bit clear, x_c1 and x_c0 below p: mcl would read some
 * non-canonical forms, such as an infinity flag with a non-zero payload), then mcl's deserializer
 * in Ethereum/ZCash mode recovers y (refusing an x off the curve) and checks the point's order is r
 * (`verifyOrderG2(true)`). Any refusal re-runs the whole combination with `fallback` (noble), which
 * throws exactly its own error (or, were mcl ever stricter than noble, returns noble's result).
 */
export function createMclG2Combiner(mcl: MclModule, fallback: G2Combiner = nobleG2Combiner): G2Combiner {
  function decode(bytes: Uint8Array): Mcl.G2 | undefined {
    const b0 = bytes[0] as number;
    if ((b0 & COMPRESSED) === 0 || (b0 & INFINITY) !== 0) return undefined;
    if (readFp(bytes, 0, b0 & ~FLAG_BITS) >= FP_ORDER || readFp(bytes, 48, bytes[48] as number) >= FP_ORDER) return undefined;
    const point = new mcl.G2();
    try {
      point.deserialize(bytes);
    } catch {
      return undefined;
    }
    return point.isZero() ? undefined : point;
  }

  function toFr(scalar: bigint): Mcl.Fr {
    const fr = new mcl.Fr();
    fr.setStr(scalar.toString(16), 16);
    return fr;
  }

  return Object.freeze({
    name: "mcl",
    combine(chosen: readonly IndexedSignature[], scalars: readonly bigint[]): Uint8Array {
      // Another mcl-wasm user re-initialized it for another curve: our points would be meaningless.
      if (mcl.curveType !== mcl.BLS12_381) return fallback.combine(chosen, scalars);
      mcl.setETHserialization(true);
      mcl.verifyOrderG2(true);
      const points: Mcl.G2[] = [];
      for (const p of chosen) {
        const point = decode(p.signature);
        if (point === undefined) return fallback.combine(chosen, scalars);
        points.push(point);
      }
      for (const s of scalars) if (s <= 0n || s >= BLS_R) return fallback.combine(chosen, scalars);
      const sum = mcl.mulVec(points, scalars.map(toFr));
      if (sum.isZero()) throw infinityError();
      return sum.serialize();
    },
  });
}

/** The 48-byte big-endian integer at `offset`, with its first byte replaced by `first` (flags masked off). */
function readFp(bytes: Uint8Array, offset: number, first: number): bigint {
  let n = BigInt(first);
  for (let i = offset + 1; i < offset + 48; i++) n = (n << 8n) | BigInt(bytes[i] as number);
  return n;
}
