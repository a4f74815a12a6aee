import { CowboyError } from "@cowboy/codec";
import { fromHex, toHex } from "@cowboy/codec";
import { blake3 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { accountKey, actorCodeKey, actorStorageKey, decodeProof, MemoryBackend, StateStore, systemKey, verifyProof } from "../../src/index.js";
import { readVector } from "@cowboy/checks/vectors";

describe("state vectors", () => {
  it("reproduce every scripted root", () => {
    for (const c of readVector<any>("state/roots.json").cases) {
      const store = StateStore.open(new MemoryBackend());
      c.blocks.forEach((writes: Array<[string, string | null]>, height: number) => {
        const fork = store.fork();
        for (const [key, value] of writes) value === null ? fork.delete(fromHex(key)) : fork.set(fromHex(key), fromHex(value));
        expect(toHex(store.commit(fork, BigInt(height), new Uint8Array(32))), `${c.name} block ${height}`).toBe(c.roots[height]);
      });
    }
  });

  it("agree with the hashing rule written in cips/state.md for a one-key state", () => {
    const single = readVector<any>("state/roots.json").cases.find((c: { name: string }) => c.name === "one key");
    const [[key, value]] = single.blocks[0];
    const leaf = blake3(new Uint8Array([0x00, ...blake3(fromHex(key)), ...blake3(fromHex(value))]));
    expect(toHex(leaf)).toBe(single.roots[0]);
  });

  it("verify every proof against the root alone", () => {
    const { root, proofs } = readVector<any>("state/proofs.json");
    for (const p of proofs) {
      const value = verifyProof(fromHex(root), fromHex(p.key), decodeProof(fromHex(p.proof)));
      expect(value === null ? null : toHex(value)).toBe(p.value);
    }
  });

  it("pin the key schema (vm_ns ‖ kind ‖ …) of every helper", () => {
    const helpers: Record<string, (args: string[]) => Uint8Array> = {
      accountKey: ([a]) => accountKey(fromHex(a!)),
      actorCodeKey: ([a]) => actorCodeKey(fromHex(a!)),
      actorStorageKey: ([a, slot]) => actorStorageKey(fromHex(a!), fromHex(slot!)),
      systemKey: ([name, item]) => systemKey(name!, fromHex(item!)),
    };
    const { keys } = readVector<any>("state/keys.json");
    expect(keys.length).toBeGreaterThan(0);
    for (const c of keys) {
      const helper = helpers[c.helper];
      // A vector naming a helper we do not know is an error, not a skip.
      expect(helper, `unknown helper ${c.helper}`).toBeDefined();
      expect(toHex(helper!(c.args))).toBe(c.key);
    }
  });
});

describe("key helpers", () => {
  it("refuse bad addresses, slots and registry names with INVALID_ARGUMENT naming the argument", () => {
    const cases: Array<[() => unknown, RegExp]> = [
      [() => accountKey(new Uint8Array(19)), /^address:/],
      [() => actorCodeKey("00" as unknown as Uint8Array), /^address:/],
      [() => actorStorageKey(new Uint8Array(20), new Uint8Array(1025)), /^slot:/],
      [() => systemKey("Timers"), /^registry:/],
      [() => systemKey("a\u0000b"), /^registry:/],
      [() => systemKey("timers", new Uint8Array(1025)), /^item:/],
      [() => systemKey(7 as unknown as string), /^registry:/],
    ];
    for (const [fn, message] of cases) {
      let caught: unknown;
      try {
        fn();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CowboyError);
      expect((caught as CowboyError).code).toBe("INVALID_ARGUMENT");
      expect((caught as CowboyError).message).toMatch(message);
    }
  });
});
