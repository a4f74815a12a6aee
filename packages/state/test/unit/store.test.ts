import { CowboyError } from "@cowboy/codec";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { accountKey, decodeProof, EMPTY_STATE_ROOT, encodeProof, LmdbBackend, MemoryBackend, StateStore, verifyProof, type StateBackend } from "../../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let dbCount = 0;

const backends: Array<[string, () => StateBackend]> = [
  ["memory", () => new MemoryBackend()],
  ["lmdb", () => LmdbBackend.open(join(dir, `db${dbCount++}`))],
];

const k = (s: string) => new TextEncoder().encode(s);
const v = (s: string) => new TextEncoder().encode(s);
const H = (n: number) => new Uint8Array(32).fill(n);

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CowboyError); // a StateError, or @cowboy/codec's ArgumentError for a bad argument
    return (error as CowboyError).code;
  }
  throw new Error("expected a StateError");
}

describe.each(backends)("StateStore on %s", (_name, backend) => {
  it("starts empty with the documented empty root", () => {
    const store = StateStore.open(backend());
    expect(store.head()).toBeUndefined();
    expect(toHex(store.root())).toBe("00".repeat(32));
    expect(toHex(store.fork().computeRoot())).toBe(toHex(EMPTY_STATE_ROOT));
  });

  it("commits a block of writes, reads them back, and keeps the root per height", () => {
    const store = StateStore.open(backend());
    const fork = store.fork();
    fork.set(k("a"), v("1"));
    fork.set(k("b"), v("2"));
    const expected = fork.computeRoot();
    expect(toHex(store.commit(fork, 0n, H(1)))).toBe(toHex(expected));
    expect(store.get(k("a"))).toEqual(v("1"));
    expect(store.head()).toEqual({ height: 0n, blockHash: H(1), root: expected });
    const next = store.fork();
    next.delete(k("a"));
    next.set(k("c"), v("3"));
    store.commit(next, 1n, H(2));
    expect(store.get(k("a"))).toBeUndefined();
    expect(toHex(store.rootAt(0n)!)).toBe(toHex(expected));
    expect(store.rootAt(5n)).toBeUndefined();
  });

  it("refuses stale forks, wrong heights and closed stores", async () => {
    const store = StateStore.open(backend());
    const a = store.fork();
    const b = store.fork();
    a.set(k("x"), v("1"));
    store.commit(a, 0n, H(1));
    expect(code(() => store.commit(b, 1n, H(2)))).toBe("STALE_FORK");
    expect(code(() => store.commit(store.fork(), 3n, H(2)))).toBe("INVALID_ARGUMENT");
    await store.close();
    expect(code(() => store.get(k("x")))).toBe("CLOSED");
  });
});

describe("forks and checkpoints", () => {
  it("revert exactly the writes since a checkpoint, nested", () => {
    const store = StateStore.open(new MemoryBackend());
    const fork = store.fork();
    fork.set(k("a"), v("1"));
    const outer = fork.checkpoint();
    fork.set(k("a"), v("2"));
    fork.set(k("b"), v("x"));
    const inner = fork.checkpoint();
    fork.delete(k("a"));
    fork.revertTo(inner);
    expect(fork.get(k("a"))).toEqual(v("2"));
    fork.revertTo(outer);
    expect(fork.get(k("a"))).toEqual(v("1"));
    expect(fork.get(k("b"))).toBeUndefined();
    expect(code(() => fork.revertTo(outer))).toBe("BAD_CHECKPOINT");
  });

  it("lets a proposer build two candidates on one parent fork", () => {
    const store = StateStore.open(new MemoryBackend());
    const base = store.fork();
    base.set(k("shared"), v("s"));
    const one = base.fork();
    const two = base.fork();
    one.set(k("a"), v("1"));
    two.set(k("b"), v("2"));
    expect(one.get(k("shared"))).toEqual(v("s"));
    expect(two.get(k("a"))).toBeUndefined();
    expect(toHex(one.computeRoot())).not.toBe(toHex(two.computeRoot()));
    store.commit(two, 0n, H(1));
    expect(store.get(k("shared"))).toEqual(v("s"));
    expect(store.get(k("b"))).toEqual(v("2"));
    expect(store.get(k("a"))).toBeUndefined();
  });

  it("agree with a plain Map under random sets, deletes, checkpoints and reverts", () => {
    const op = fc.oneof(
      fc.record({ t: fc.constant("set" as const), key: fc.integer({ min: 0, max: 20 }), value: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ t: fc.constant("del" as const), key: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ t: fc.constant("cp" as const) }),
      fc.record({ t: fc.constant("revert" as const) }),
      fc.record({ t: fc.constant("keep" as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const store = StateStore.open(new MemoryBackend());
        const fork = store.fork();
        let model = new Map<number, number>();
        const saved: Array<[number, Map<number, number>]> = [];
        for (const o of ops) {
          if (o.t === "set") {
            fork.set(k(`k${o.key}`), v(`v${o.value}`));
            model.set(o.key, o.value);
          } else if (o.t === "del") {
            fork.delete(k(`k${o.key}`));
            model.delete(o.key);
          } else if (o.t === "cp") {
            saved.push([fork.checkpoint(), new Map(model)]);
          } else if (saved.length > 0) {
            const [id, snapshot] = saved.pop()!;
            if (o.t === "revert") {
              fork.revertTo(id);
              model = snapshot;
            } else {
              fork.commitCheckpoint(id);
            }
          }
        }
        for (let i = 0; i <= 20; i++) {
          const got = fork.get(k(`k${i}`));
          expect(got === undefined ? undefined : new TextDecoder().decode(got)).toBe(model.has(i) ? `v${model.get(i)}` : undefined);
        }
        // The root depends only on the final contents.
        const direct = StateStore.open(new MemoryBackend()).fork();
        for (const [key, value] of model) direct.set(k(`k${key}`), v(`v${value}`));
        expect(toHex(fork.computeRoot())).toBe(toHex(direct.computeRoot()));
      }),
      { numRuns: 150 },
    );
  });
});

describe("the root", () => {
  it("does not depend on insertion order or on how writes are split across blocks", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (keys, blocks) => {
        const once = StateStore.open(new MemoryBackend()).fork();
        for (const key of keys) once.set(k(`${key}`), v(`${key * 7}`));
        const reversed = StateStore.open(new MemoryBackend()).fork();
        for (const key of [...keys].reverse()) reversed.set(k(`${key}`), v(`${key * 7}`));
        expect(toHex(reversed.computeRoot())).toBe(toHex(once.computeRoot()));

        const store = StateStore.open(new MemoryBackend());
        const size = Math.ceil(keys.length / blocks);
        let height = 0n;
        for (let i = 0; i < keys.length; i += size) {
          const fork = store.fork();
          for (const key of keys.slice(i, i + size)) fork.set(k(`${key}`), v(`${key * 7}`));
          store.commit(fork, height++, H(1));
        }
        expect(toHex(store.root())).toBe(toHex(once.computeRoot()));
      }),
      { numRuns: 60 },
    );
  });

  it("returns to the empty root when everything is deleted", () => {
    const store = StateStore.open(new MemoryBackend());
    const fork = store.fork();
    for (let i = 0; i < 50; i++) fork.set(k(`${i}`), v("x"));
    store.commit(fork, 0n, H(1));
    const cleanup = store.fork();
    for (let i = 0; i < 50; i++) cleanup.delete(k(`${i}`));
    expect(toHex(cleanup.computeRoot())).toBe("00".repeat(32));
  });
});

describe("proofs", () => {
  it("prove presence and absence against the root alone, and fail when tampered", () => {
    const store = StateStore.open(new MemoryBackend());
    const fork = store.fork();
    for (let i = 0; i < 200; i++) fork.set(k(`key${i}`), v(`value${i}`));
    const root = store.commit(fork, 0n, H(1));
    for (const i of [0, 17, 199]) {
      const proof = decodeProof(encodeProof(store.prove(k(`key${i}`))));
      expect(verifyProof(root, k(`key${i}`), proof)).toEqual(v(`value${i}`));
      expect(code(() => verifyProof(root, k(`key${i}`), { ...proof, value: v("forged") }))).toBe("INVALID_PROOF");
      const siblings = proof.siblings.map((s) => s.slice());
      siblings[0]![0]! ^= 1;
      expect(code(() => verifyProof(root, k(`key${i}`), { ...proof, siblings }))).toBe("INVALID_PROOF");
      expect(code(() => verifyProof(new Uint8Array(32).fill(9), k(`key${i}`), proof))).toBe("INVALID_PROOF");
    }
    for (const absent of ["nope", "key200", "key-1"]) {
      const proof = store.prove(k(absent));
      expect(proof.value).toBeNull();
      expect(verifyProof(root, k(absent), proof)).toBeNull();
      // an absence proof cannot be turned into a proof for a present key
      expect(code(() => verifyProof(root, k("key5"), proof))).toBe("INVALID_PROOF");
    }
  });

  it("of the empty state is an empty terminal", () => {
    const store = StateStore.open(new MemoryBackend());
    const proof = store.prove(k("anything"));
    expect(proof).toEqual({ siblings: [], terminal: { type: "empty", value: null }, value: null });
    expect(verifyProof(EMPTY_STATE_ROOT, k("anything"), proof)).toBeNull();
  });
});

describe("lmdb persistence", () => {
  it("reopens at the last commit with its root", async () => {
    const path = join(dir, "reopen");
    const store = StateStore.open(LmdbBackend.open(path));
    const fork = store.fork();
    fork.set(accountKey(new Uint8Array(20).fill(1)), v("account"));
    const root = store.commit(fork, 0n, H(3));
    const uncommitted = store.fork();
    uncommitted.set(k("lost"), v("never committed"));
    await store.close();
    const reopened = StateStore.open(LmdbBackend.open(path));
    expect(reopened.head()).toEqual({ height: 0n, blockHash: H(3), root });
    expect(reopened.get(accountKey(new Uint8Array(20).fill(1)))).toEqual(v("account"));
    expect(reopened.get(k("lost"))).toBeUndefined();
    expect(verifyProof(root, accountKey(new Uint8Array(20).fill(1)), reopened.prove(accountKey(new Uint8Array(20).fill(1))))).toEqual(v("account"));
    await reopened.close();
  });
});

describe("hash implementations", () => {
  it("give the same roots and proofs with WASM blake3 as with noble", async () => {
    const { loadFastHashes } = await import("@cowboy/crypto");
    const fast = StateStore.open(new MemoryBackend(), { hashes: await loadFastHashes() });
    const noble = StateStore.open(new MemoryBackend());
    for (const store of [fast, noble]) {
      const fork = store.fork();
      for (let i = 0; i < 100; i++) fork.set(k(`h${i}`), v(`${i}`.repeat(i)));
      store.commit(fork, 0n, H(1));
    }
    expect(toHex(fast.root())).toBe(toHex(noble.root()));
    expect(verifyProof(noble.root(), k("h42"), fast.prove(k("h42")))).toEqual(v("42".repeat(42)));
  });
});
