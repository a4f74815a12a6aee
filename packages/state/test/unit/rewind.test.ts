import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CowboyError, toHex } from "@cowboy/codec";
import { afterAll, describe, expect, it } from "vitest";
import { LmdbBackend, MemoryBackend, StateStore, type StateBackend } from "../../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-rewind-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const backends: Array<[string, () => StateBackend]> = [
  ["memory", () => new MemoryBackend()],
  ["lmdb", () => LmdbBackend.open(join(dir, `db${n++}`))],
];
const b = (s: string) => new TextEncoder().encode(s);
const H = (x: number) => new Uint8Array(32).fill(x);
const text = (v: Uint8Array | undefined) => (v === undefined ? undefined : new TextDecoder().decode(v));

function commitWrites(store: StateStore, height: bigint, writes: Array<[string, string | null]>): Uint8Array {
  const fork = store.fork();
  for (const [key, value] of writes) {
    if (value === null) fork.delete(b(key));
    else fork.set(b(key), b(value));
  }
  return store.commit(fork, height, H(Number(height)));
}

describe.each(backends)("StateStore.rewind (%s)", (_name, backend) => {
  it("returns values, root and head to an earlier height, and later commits continue from there", () => {
    const store = StateStore.open(backend());
    commitWrites(store, 0n, [["a", "a0"]]);
    store.keepUndo();
    const root1 = commitWrites(store, 1n, [
      ["a", "a1"],
      ["b", "b1"],
    ]);
    commitWrites(store, 2n, [
      ["a", "a2"],
      ["b", null],
      ["c", "c2"],
    ]);
    commitWrites(store, 3n, [["c", "c3"]]);
    expect(store.canRewind(1n)).toBe(true);
    store.rewind(1n, H(1));
    expect(toHex(store.root())).toBe(toHex(root1));
    expect(store.head()?.height).toBe(1n);
    expect([text(store.get(b("a"))), text(store.get(b("b"))), text(store.get(b("c")))]).toEqual(["a1", "b1", undefined]);
    expect(store.rootAt(2n)).toBeUndefined();
    // A fresh commit on the rewound head gives the root a store that never went further would.
    const again = commitWrites(store, 2n, [["d", "d2"]]);
    const reference = StateStore.open(new MemoryBackend());
    commitWrites(reference, 0n, [["a", "a0"]]);
    commitWrites(reference, 1n, [
      ["a", "a1"],
      ["b", "b1"],
    ]);
    expect(toHex(again)).toBe(toHex(commitWrites(reference, 2n, [["d", "d2"]])));
    // Rewinding to genesis undoes every logged commit.
    store.rewind(0n, H(0));
    expect([text(store.get(b("a"))), text(store.get(b("b"))), text(store.get(b("d")))]).toEqual(["a0", undefined, undefined]);
  });

  it("refuses a height the undo log does not reach, and stales open forks", () => {
    const store = StateStore.open(backend());
    commitWrites(store, 0n, [["a", "a0"]]);
    commitWrites(store, 1n, [["a", "a1"]]);
    store.keepUndo();
    commitWrites(store, 2n, [["a", "a2"]]);
    expect(store.canRewind(0n)).toBe(false);
    let code = "";
    try {
      store.rewind(0n, H(0));
    } catch (error) {
      code = (error as CowboyError).code;
    }
    expect(code).toBe("INVALID_ARGUMENT");
    const fork = store.fork();
    store.rewind(1n, H(1));
    expect(text(store.get(b("a")))).toBe("a1");
    expect(() => fork.get(b("a"))).toThrow(/another fork was committed/);
  });
});
