import { toHex } from "@cowboy/codec";
import { blake3 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { encodeProof, MemoryBackend, StateError, StateStore } from "../../src/index.js";
import { NodeCache } from "../../src/node-cache.js";
import { NodeHasher } from "../../src/node-hash.js";

/** xorshift32: deterministic test bytes without Math.random. */
function bytes(seed: number, length: number): Uint8Array {
  let x = seed >>> 0 || 1;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const loc = (generation: number, sequence: number): Uint8Array => {
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(generation));
  view.setUint32(8, sequence);
  return out;
};
const key = (generation: number, sequence: number): Uint8Array => new Uint8Array([0x6e, ...loc(generation, sequence)]);

describe("NodeHasher (65-byte blake3)", () => {
  it("equals @noble/hashes blake3 on 300 seeded inputs", () => {
    const hasher = new NodeHasher();
    for (let seed = 1; seed <= 300; seed++) {
      const input = bytes(seed, 65);
      expect(toHex(hasher.digest65(input))).toBe(toHex(blake3(input)));
    }
  });

  it("pins the blake3 of 65 zero bytes and of 0x01 ‖ 64 × 0xff", () => {
    const hasher = new NodeHasher();
    expect(toHex(hasher.digest65(new Uint8Array(65)))).toBe(toHex(blake3(new Uint8Array(65))));
    const tagged = new Uint8Array(65).fill(0xff);
    tagged[0] = 1;
    expect(toHex(hasher.digest65(tagged))).toBe(toHex(blake3(tagged)));
  });

  it("reads and writes at offsets, in place", () => {
    const hasher = new NodeHasher();
    const buf = bytes(7, 200);
    const expected = blake3(buf.slice(30, 95));
    hasher.hash65(buf, 30, buf, 40); // the output overlaps the input: read first, then written
    expect(toHex(buf.subarray(40, 72))).toBe(toHex(expected));
  });

  it("refuses an input that is not 65 bytes", () => {
    expect(() => new NodeHasher().digest65(new Uint8Array(64))).toThrow(TypeError);
  });
});

describe("NodeCache", () => {
  it("returns what a commit added, by locator, at any offset", () => {
    const cache = new NodeCache(10);
    const a = bytes(1, 65);
    const b = bytes(2, 89);
    cache.addGeneration([
      [key(3, 0), a],
      [key(3, 1), b],
    ]);
    expect(cache.get(loc(3, 1), 0)).toBe(b);
    const inside = new Uint8Array([9, 9, ...loc(3, 0)]);
    expect(cache.get(inside, 2)).toBe(a);
    expect(cache.get(loc(3, 2), 0)).toBeUndefined();
    expect(cache.get(loc(4, 0), 0)).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it("drops the least recently added generations past its capacity, down to three quarters", () => {
    const cache = new NodeCache(8);
    for (let g = 1; g <= 4; g++)
      cache.addGeneration([
        [key(g, 0), bytes(g, 65)],
        [key(g, 1), bytes(g + 10, 65)],
        [key(g, 2), bytes(g + 20, 65)],
      ]);
    // 12 nodes > 8: generations 1 and 2 go (12 → 9 → 6 ≤ 6).
    expect(cache.size).toBe(6);
    expect(cache.get(loc(1, 0), 0)).toBeUndefined();
    expect(cache.get(loc(2, 2), 0)).toBeUndefined();
    expect(cache.get(loc(3, 0), 0)).toEqual(bytes(3, 65));
    expect(cache.get(loc(4, 2), 0)).toEqual(bytes(24, 65));
  });

  it("caches misses one by one and counts each locator once", () => {
    const cache = new NodeCache(100);
    cache.add(loc(9, 5000), 0, bytes(1, 65));
    cache.add(loc(9, 5000), 0, bytes(1, 65));
    cache.add(loc(9, 3), 0, bytes(2, 65));
    expect(cache.size).toBe(2);
    expect(cache.get(loc(9, 3), 0)).toEqual(bytes(2, 65));
  });

  it("stores nothing with capacity 0 and refuses a bad capacity", () => {
    const cache = new NodeCache(0);
    cache.addGeneration([[key(1, 0), bytes(1, 65)]]);
    cache.add(loc(1, 1), 0, bytes(2, 65));
    expect(cache.size).toBe(0);
    expect(() => new NodeCache(-1)).toThrow(RangeError);
  });
});

describe("StateStore node cache", () => {
  const enc = new TextEncoder();
  /** 12 blocks of writes and deletes over 300 keys, the same for every store. */
  function run(store: StateStore): string[] {
    const roots: string[] = [];
    for (let height = 0; height < 12; height++) {
      const fork = store.fork();
      for (let i = 0; i < 60; i++) {
        const n = (height * 37 + i * 11) % 300;
        if ((n + height) % 7 === 0) fork.delete(enc.encode(`key ${n}`));
        else fork.set(enc.encode(`key ${n}`), enc.encode(`value ${height} ${i}`));
      }
      roots.push(toHex(store.commit(fork, BigInt(height))));
    }
    return roots;
  }

  it("gives the same roots and proofs whatever its capacity, including off and tiny", () => {
    const uncached = StateStore.open(new MemoryBackend(), { nodeCacheNodes: 0 });
    const reference = run(uncached);
    const referenceProof = toHex(encodeProof(uncached.prove(enc.encode("key 42"))));
    for (const nodeCacheNodes of [1, 5, 64, 100_000]) {
      const store = StateStore.open(new MemoryBackend(), { nodeCacheNodes });
      expect(run(store), `capacity ${nodeCacheNodes}`).toEqual(reference);
      expect(toHex(encodeProof(store.prove(enc.encode("key 42"))))).toBe(referenceProof);
    }
    expect(reference[11]).toHaveLength(64);
  });

  it("reads a tree written by another store instance (cold cache) to the same next root", () => {
    const backend = new MemoryBackend();
    const writer = StateStore.open(backend);
    run(writer);
    const reopened = StateStore.open(backend);
    const warm = writer.fork();
    const cold = reopened.fork();
    for (const fork of [warm, cold]) fork.set(enc.encode("key 7"), enc.encode("changed"));
    expect(toHex(cold.computeRoot())).toBe(toHex(warm.computeRoot()));
  });

  it("refuses a bad capacity with INVALID_ARGUMENT naming the option", () => {
    for (const bad of [-1, 1.5, Number.NaN, "10"]) {
      try {
        StateStore.open(new MemoryBackend(), { nodeCacheNodes: bad as number });
        throw new Error("expected a StateError");
      } catch (error) {
        expect(error).toBeInstanceOf(StateError);
        expect((error as StateError).code).toBe("INVALID_ARGUMENT");
        expect((error as StateError).message).toContain("options.nodeCacheNodes");
      }
    }
  });
});
