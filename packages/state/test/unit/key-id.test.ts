import { describe, expect, it } from "vitest";
import { bytesKey as keyId } from "@cowboy/codec";
import { accountKey, MemoryBackend, StateStore } from "../../src/index.js";

describe("keyId", () => {
  it("maps distinct byte strings to distinct strings, views included", () => {
    const seen = new Set<string>();
    for (let a = 0; a < 256; a++) for (const b of [0, 1, 0x7f, 0x80, 0xff]) seen.add(keyId(new Uint8Array([a, b])));
    expect(seen.size).toBe(256 * 5);
    const buf = new Uint8Array([9, 0xff, 0x00, 0x80, 9]);
    expect(keyId(buf.subarray(1, 4))).toBe(keyId(new Uint8Array([0xff, 0x00, 0x80])));
    expect(keyId(buf.subarray(1, 4))).toHaveLength(3);
    expect(keyId(new Uint8Array(0))).toBe("");
  });

  it("keeps keys that differ only above 0x7f apart in a fork", () => {
    const fork = StateStore.open(new MemoryBackend()).fork();
    fork.set(new Uint8Array([1, 0x80]), new Uint8Array([1]));
    fork.set(new Uint8Array([1, 0x00]), new Uint8Array([2]));
    fork.set(new Uint8Array([1, 0xc3, 0x80]), new Uint8Array([3]));
    expect(fork.get(new Uint8Array([1, 0x80]))).toEqual(new Uint8Array([1]));
    expect(fork.get(new Uint8Array([1, 0x00]))).toEqual(new Uint8Array([2]));
    expect(fork.get(new Uint8Array([1, 0xc3, 0x80]))).toEqual(new Uint8Array([3]));
  });
});

describe("accountKey", () => {
  it("is 00 01 ‖ address and refuses anything but 20 bytes", () => {
    const address = Uint8Array.from({ length: 20 }, (_, i) => 0xe0 + i);
    expect(accountKey(address)).toEqual(Uint8Array.from([0, 1, ...address]));
    expect(() => accountKey(new Uint8Array(19))).toThrow(/address: expected a 20-byte address/);
  });
});
