import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { LmdbBackend, MemoryBackend, StateStore, verifyProof, type StateBackend } from "../../src/index.js";

// Random sequences of set / delete / checkpoint / revert / keep / commit, checked against a plain
// Map on both backends: reads, committed reads, the root (against a fresh store holding only the
// final contents) and a proof per key.

const dir = mkdtempSync(join(tmpdir(), "cowboy-state-model-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;

const backends: Array<[string, () => StateBackend, number]> = [
  ["memory", () => new MemoryBackend(), 120],
  ["lmdb", () => LmdbBackend.open(join(dir, `m${count++}`)), 40],
];

const KEYS = 24;
const key = (i: number) => new TextEncoder().encode(`key-${i}`);
const value = (i: number) => new TextEncoder().encode(`value-${i}`.repeat(1 + (i % 3)));

const op = fc.oneof(
  { weight: 5, arbitrary: fc.record({ t: fc.constant("set" as const), key: fc.nat(KEYS - 1), value: fc.nat(9) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("del" as const), key: fc.nat(KEYS - 1) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("cp" as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("revert" as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("keep" as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("commit" as const) }) },
);

describe.each(backends)("the %s backend against a Map model", (_name, open, runs) => {
  it("agrees on every read, root and proof", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 100 }), async (ops) => {
        const store = StateStore.open(open());
        let fork = store.fork();
        let model = new Map<number, number>();
        let committed = new Map<number, number>();
        let saved: Array<[number, Map<number, number>]> = [];
        let height = 0n;
        for (const o of ops) {
          if (o.t === "set") {
            fork.set(key(o.key), value(o.value));
            model.set(o.key, o.value);
          } else if (o.t === "del") {
            fork.delete(key(o.key));
            model.delete(o.key);
          } else if (o.t === "cp") {
            saved.push([fork.checkpoint(), new Map(model)]);
          } else if (o.t === "commit") {
            store.commit(fork, height++);
            committed = new Map(model);
            saved = [];
            fork = store.fork();
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
        const fresh = StateStore.open(new MemoryBackend()).fork();
        for (const [k, v] of model) fresh.set(key(k), value(v));
        const root = fork.computeRoot();
        expect(toHex(root)).toBe(toHex(fresh.computeRoot()));
        for (let i = 0; i < KEYS; i++) {
          const want = model.has(i) ? value(model.get(i)!) : undefined;
          expect(fork.get(key(i))).toEqual(want);
          expect(store.get(key(i))).toEqual(committed.has(i) ? value(committed.get(i)!) : undefined);
          expect(verifyProof(root, key(i), fork.prove(key(i)))).toEqual(want ?? null);
          expect(verifyProof(store.root(), key(i), store.prove(key(i)))).toEqual(committed.has(i) ? value(committed.get(i)!) : null);
        }
        await store.close();
      }),
      { numRuns: runs },
    );
  });
});
