// Back-ends loaded on first use (issue 19 "Startup"): importing @cowboy/crypto evaluated all three
// @noble/curves modules (secp256k1, BLS12-381, Ed25519: ~100 ms of CPU at start-up, with their
// precomputed tables), though most programs use one curve or none. Each curve is now required on the
// first access to it — synchronously (Node 20 loads these ES modules with require) — and the values
// derived from it at module level are lazy too. Same objects, same bytes; only when they load differs.
import { createRequire } from "node:module";
import type * as Bls12381 from "@noble/curves/bls12-381.js";
import type * as Ed25519 from "@noble/curves/ed25519.js";
import type * as Secp256k1 from "@noble/curves/secp256k1.js";

const require = createRequire(import.meta.url);

/**
 * Stands for `load()`'s result, calling `load` on first use: property reads (methods bound to the
 * real object, once per name; classes as they are), `new`, calls, `in` and `instanceof` go to the real value.
 */
export function lazyProxy<T extends object>(load: () => T): T {
  let real: T | undefined;
  const get = (): T => (real ??= load());
  const bound = new Map<PropertyKey, unknown>();
  // A function target, so classes can be constructed and called through the proxy.
  return new Proxy(function lazy() {} as unknown as T, {
    get(_t, key) {
      const r = get();
      const v = Reflect.get(r, key, r);
      // Classes (and anything with a prototype) go as they are: their statics must stay reachable.
      if (typeof v !== "function" || v.prototype !== undefined) return v;
      let b = bound.get(key);
      if (b === undefined || (b as { original?: unknown }).original !== v) {
        b = Object.assign((v as (...a: unknown[]) => unknown).bind(r), { original: v });
        bound.set(key, b);
      }
      return b;
    },
    has: (_t, key) => Reflect.has(get(), key),
    construct: (_t, args) => Reflect.construct(get() as unknown as new (...a: unknown[]) => object, args),
    apply: (_t, self, args) => Reflect.apply(get() as unknown as (...a: unknown[]) => unknown, self, args),
  });
}

export const secp256k1Curve: typeof Secp256k1.secp256k1 = lazyProxy(() => (require("@noble/curves/secp256k1.js") as typeof Secp256k1).secp256k1);
export const bls12381Curve: typeof Bls12381.bls12_381 = lazyProxy(() => (require("@noble/curves/bls12-381.js") as typeof Bls12381).bls12_381);
export const ed25519Curve: typeof Ed25519.ed25519 = lazyProxy(() => (require("@noble/curves/ed25519.js") as typeof Ed25519).ed25519);
