// The native back-ends load on first use (src/defaults.ts, issue 19 "Startup"): importing @cowboy/crypto
// loads neither addon; the first getNative*() call (or the first use of `secp256k1` / `bls`) does, once.
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { bls, getNativeBls, getNativeSecp256k1, keccak256, secp256k1 } from "../../src/index.js";

const cache = createRequire(import.meta.url).cache;
const loaded = (part: string): boolean => Object.keys(cache).some((k) => k.includes(part));
const SECP = "/secp256k1/bindings";
const BLST = "/@chainsafe/blst/";

it("importing the package loads no native addon; first use loads each once", () => {
  expect(keccak256(new Uint8Array(0)).length).toBe(32);
  expect(loaded(SECP)).toBe(false);
  expect(loaded(BLST)).toBe(false);
  expect(secp256k1.getPublicKey(new Uint8Array(32).fill(1), true).length).toBe(33);
  expect(loaded(SECP)).toBe(true);
  expect(loaded(BLST)).toBe(false);
  expect(bls.name).toBe("native");
  expect(loaded(BLST)).toBe(true);
  expect(getNativeSecp256k1()).toBe(getNativeSecp256k1());
  expect(getNativeBls()).toBe(getNativeBls());
});
