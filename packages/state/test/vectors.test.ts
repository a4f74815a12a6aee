import { readFileSync } from "node:fs";
import { fromHex, toHex } from "@cowboy/codec";
import { blake3 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { decodeProof, MemoryBackend, StateStore, verifyProof } from "../src/index.js";

const load = (name: string) => JSON.parse(readFileSync(new URL(`../../../test-vectors/state/${name}`, import.meta.url), "utf8"));

describe("state vectors", () => {
  it("reproduce every scripted root", () => {
    for (const c of load("roots.json").cases) {
      const store = StateStore.open(new MemoryBackend());
      c.blocks.forEach((writes: Array<[string, string | null]>, height: number) => {
        const fork = store.fork();
        for (const [key, value] of writes) value === null ? fork.delete(fromHex(key)) : fork.set(fromHex(key), fromHex(value));
        expect(toHex(store.commit(fork, BigInt(height), new Uint8Array(32))), `${c.name} block ${height}`).toBe(c.roots[height]);
      });
    }
  });

  it("agree with the hashing rule written in cips/state.md for a one-key state", () => {
    const single = load("roots.json").cases.find((c: { name: string }) => c.name === "one key");
    const [[key, value]] = single.blocks[0];
    const leaf = blake3(new Uint8Array([0x00, ...blake3(fromHex(key)), ...blake3(fromHex(value))]));
    expect(toHex(leaf)).toBe(single.roots[0]);
  });

  it("verify every proof against the root alone", () => {
    const { root, proofs } = load("proofs.json");
    for (const p of proofs) {
      const value = verifyProof(fromHex(root), fromHex(p.key), decodeProof(fromHex(p.proof)));
      expect(value === null ? null : toHex(value)).toBe(p.value);
    }
  });
});
