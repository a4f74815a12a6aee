import { CowboyError } from "@cowboy/codec";
import { concatBytes, toHex } from "@cowboy/codec";
import { loadFastHashes } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { decodeProof, encodeProof, MemoryBackend, type StateError, StateStore, verifyProof, type StateProof } from "../../src/index.js";

const b = (s: string) => new TextEncoder().encode(s);

function failure(fn: () => unknown): StateError | Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

function store(n: number): StateStore {
  const s = StateStore.open(new MemoryBackend());
  const fork = s.fork();
  for (let i = 0; i < n; i++) fork.set(b(`k${i}`), b(`v${i}`));
  s.commit(fork, 0n);
  return s;
}

describe("proof encoding", () => {
  it("round-trips and rejects trailing bytes and truncation", () => {
    const s = store(30);
    const raw = encodeProof(s.prove(b("k7")));
    expect(toHex(encodeProof(decodeProof(raw)))).toBe(toHex(raw));
    expect(failure(() => decodeProof(concatBytes(raw, new Uint8Array([0]))))).toHaveProperty("code");
    expect(failure(() => decodeProof(raw.subarray(0, raw.length - 1)))).toHaveProperty("code");
  });

  it("lays out siblings, terminal and value as cips/state.md says", () => {
    const s = store(1);
    const raw = encodeProof(s.prove(b("k0")));
    // no siblings (the root is the leaf) ‖ terminal tag 1, key hash, value hash ‖ Some(len 2 "v0")
    expect(raw.length).toBe(1 + 1 + 64 + 1 + 1 + 2);
    expect(raw[0]).toBe(0);
    expect(raw[1]).toBe(1);
    expect(toHex(raw.subarray(66))).toBe(`0102${toHex(b("v0"))}`);
    const absent = encodeProof(s.prove(b("nope")));
    expect(absent[absent.length - 1]).toBe(0); // None
  });
});

describe("proof verification", () => {
  it("gives the same verdicts with WASM blake3", async () => {
    const { blake3 } = await loadFastHashes();
    const s = store(50);
    const root = s.root();
    expect(verifyProof(root, b("k9"), s.prove(b("k9")), blake3)).toEqual(b("v9"));
    expect(verifyProof(root, b("zz"), s.prove(b("zz")), blake3)).toBeNull();
  });

  it("refuses a proof in non-canonical form even before folding", () => {
    const s = store(1);
    const proof = s.prove(b("k0"));
    const padded: StateProof = { ...proof, siblings: [new Uint8Array(32)] };
    const error = failure(() => verifyProof(s.root(), b("k0"), padded));
    expect(error).toBeInstanceOf(CowboyError); // a StateError, or @cowboy/codec's ArgumentError for a bad argument
    expect((error as CowboyError).code).toBe("INVALID_PROOF");
    expect(error.message).toMatch(/canonical/);
  });

  it("refuses a presence proof replayed for another key and a leaf off the key's path", () => {
    const s = store(64);
    const root = s.root();
    const proof = s.prove(b("k1"));
    expect((failure(() => verifyProof(root, b("k2"), proof)) as StateError).code).toBe("INVALID_PROOF");
    // an absence claim built from k1's own leaf for a key whose path diverges earlier
    const absence: StateProof = { ...proof, value: null };
    expect((failure(() => verifyProof(root, b("k1"), absence)) as StateError).code).toBe("INVALID_PROOF");
  });

  it("names the bad argument for malformed inputs", () => {
    const s = store(3);
    const proof = s.prove(b("k1"));
    expect(failure(() => verifyProof(new Uint8Array(31), b("k1"), proof)).message).toMatch(/^root must be 32 bytes/);
    expect(failure(() => verifyProof(s.root(), new Uint8Array(0), proof)).message).toMatch(/^key must be 1 to 2048 bytes/);
    const bad = { ...proof, siblings: [new Uint8Array(5)] };
    expect((failure(() => verifyProof(s.root(), b("k1"), bad)) as StateError).code).toBe("INVALID_PROOF");
    expect((failure(() => verifyProof(s.root(), b("k1"), null as unknown as StateProof)) as StateError).code).toBe("INVALID_PROOF");
  });
});
