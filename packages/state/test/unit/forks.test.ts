import { CowboyError } from "@cowboy/codec";
import { toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { MemoryBackend, StateStore, verifyProof } from "../../src/index.js";

const b = (s: string) => new TextEncoder().encode(s);

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CowboyError); // a StateError, or @cowboy/codec's ArgumentError for a bad argument
    return (error as CowboyError).code;
  }
  throw new Error("expected a StateError");
}

describe("fork lifecycle", () => {
  it("refuses any use of a committed fork with FORK_COMMITTED, and of its parent", () => {
    const store = StateStore.open(new MemoryBackend());
    const parent = store.fork();
    parent.set(b("p"), b("1"));
    const child = parent.fork();
    child.set(b("c"), b("2"));
    store.commit(child, 0n);
    expect(code(() => child.set(b("x"), b("y")))).toBe("FORK_COMMITTED");
    expect(code(() => child.get(b("c")))).toBe("FORK_COMMITTED");
    expect(code(() => child.computeRoot())).toBe("FORK_COMMITTED");
    expect(code(() => store.commit(child, 1n))).toBe("FORK_COMMITTED");
    expect(code(() => parent.get(b("p")))).toBe("FORK_COMMITTED");
    expect(store.get(b("p"))).toEqual(b("1"));
    expect(store.get(b("c"))).toEqual(b("2"));
  });

  it("makes a sibling stale instead of letting it read a head it was not opened on", () => {
    const store = StateStore.open(new MemoryBackend());
    const one = store.fork();
    const two = store.fork();
    one.set(b("k"), b("from one"));
    store.commit(one, 0n);
    expect(code(() => two.get(b("k")))).toBe("STALE_FORK");
    expect(code(() => two.set(b("k"), b("v")))).toBe("STALE_FORK");
    expect(code(() => two.checkpoint())).toBe("STALE_FORK");
    expect(code(() => store.commit(two, 1n))).toBe("STALE_FORK");
    // the store is unchanged by the refused commit
    expect(store.head()!.height).toBe(0n);
    expect(store.get(b("k"))).toEqual(b("from one"));
  });

  it("recomputes a child's root after its parent is written", () => {
    const store = StateStore.open(new MemoryBackend());
    const parent = store.fork();
    const child = parent.fork();
    child.set(b("a"), b("1"));
    const before = toHex(child.computeRoot());
    parent.set(b("b"), b("2"));
    const expected = store.fork();
    expected.set(b("a"), b("1"));
    expected.set(b("b"), b("2"));
    expect(toHex(child.computeRoot())).not.toBe(before);
    expect(toHex(child.computeRoot())).toBe(toHex(expected.computeRoot()));
  });

  it("refuses a fork of another store, bad heights and bad block hashes, changing nothing", () => {
    const store = StateStore.open(new MemoryBackend());
    const other = StateStore.open(new MemoryBackend());
    const foreign = other.fork();
    foreign.set(b("x"), b("1"));
    expect(code(() => store.commit(foreign, 0n))).toBe("INVALID_ARGUMENT");
    const fork = store.fork();
    fork.set(b("x"), b("1"));
    expect(code(() => store.commit(fork, 0 as unknown as bigint))).toBe("INVALID_ARGUMENT");
    expect(code(() => store.commit(fork, -1n))).toBe("INVALID_ARGUMENT");
    expect(code(() => store.commit(fork, 2n ** 64n))).toBe("INVALID_ARGUMENT");
    expect(code(() => store.commit(fork, 0n, new Uint8Array(31)))).toBe("INVALID_ARGUMENT");
    expect(store.head()).toBeUndefined();
    // the fork is still usable after the refusals
    const root = fork.computeRoot();
    expect(store.commit(fork, 7n)).toEqual(root);
    expect(store.head()).toEqual({ height: 7n, blockHash: new Uint8Array(32), root });
  });

  it("rejects keys and values of the wrong type or size with INVALID_ARGUMENT", () => {
    const fork = StateStore.open(new MemoryBackend()).fork();
    expect(code(() => fork.set(new Uint8Array(0), b("v")))).toBe("INVALID_ARGUMENT");
    expect(code(() => fork.set(new Uint8Array(2049), b("v")))).toBe("INVALID_ARGUMENT");
    expect(code(() => fork.set(b("k"), new Uint8Array(1024 * 1024 + 1)))).toBe("INVALID_ARGUMENT");
    expect(code(() => fork.set("k" as unknown as Uint8Array, b("v")))).toBe("INVALID_ARGUMENT");
    expect(code(() => fork.get([1, 2] as unknown as Uint8Array))).toBe("INVALID_ARGUMENT");
    expect(toHex(fork.computeRoot())).toBe("00".repeat(32));
  });
});

describe("checkpoints", () => {
  it("never reuse an id, so a stale id cannot revert a later checkpoint", () => {
    const fork = StateStore.open(new MemoryBackend()).fork();
    const first = fork.checkpoint();
    fork.set(b("a"), b("1"));
    fork.revertTo(first);
    const second = fork.checkpoint();
    expect(second).not.toBe(first);
    fork.set(b("a"), b("2"));
    expect(code(() => fork.revertTo(first))).toBe("BAD_CHECKPOINT");
    expect(fork.get(b("a"))).toEqual(b("2"));
    expect(code(() => fork.commitCheckpoint(1.5))).toBe("BAD_CHECKPOINT");
  });

  it("keep an inner checkpoint's writes revertible by the outer one", () => {
    const fork = StateStore.open(new MemoryBackend()).fork();
    fork.set(b("base"), b("0"));
    const outer = fork.checkpoint();
    const inner = fork.checkpoint();
    fork.set(b("base"), b("1"));
    fork.set(b("new"), b("1"));
    fork.commitCheckpoint(inner);
    expect(fork.get(b("new"))).toEqual(b("1"));
    fork.revertTo(outer);
    expect(fork.get(b("base"))).toEqual(b("0"));
    expect(fork.get(b("new"))).toBeUndefined();
  });

  it("closes the inner checkpoints when an outer one is reverted", () => {
    const fork = StateStore.open(new MemoryBackend()).fork();
    const outer = fork.checkpoint();
    const inner = fork.checkpoint();
    fork.revertTo(outer);
    expect(code(() => fork.revertTo(inner))).toBe("BAD_CHECKPOINT");
  });
});

describe("fork proofs and memory backend copies", () => {
  it("prove keys against a fork's computed root", () => {
    const store = StateStore.open(new MemoryBackend());
    const base = store.fork();
    for (let i = 0; i < 40; i++) base.set(b(`k${i}`), b(`v${i}`));
    store.commit(base, 0n);
    const fork = store.fork();
    fork.set(b("k3"), b("changed"));
    fork.delete(b("k4"));
    fork.set(b("fresh"), b("new"));
    const root = fork.computeRoot();
    expect(verifyProof(root, b("k3"), fork.prove(b("k3")))).toEqual(b("changed"));
    expect(verifyProof(root, b("k4"), fork.prove(b("k4")))).toBeNull();
    expect(verifyProof(root, b("fresh"), fork.prove(b("fresh")))).toEqual(b("new"));
    expect(verifyProof(root, b("k5"), fork.prove(b("k5")))).toEqual(b("v5"));
    // the committed root still proves the old values
    expect(verifyProof(store.root(), b("k3"), store.prove(b("k3")))).toEqual(b("v3"));
  });

  it("hand out copies, so mutating a returned value changes nothing", () => {
    const store = StateStore.open(new MemoryBackend());
    const fork = store.fork();
    const value = b("abc");
    fork.set(b("k"), value);
    value[0] = 0;
    store.commit(fork, 0n);
    const got = store.get(b("k"))!;
    got[0] = 0;
    expect(store.get(b("k"))).toEqual(b("abc"));
  });
});

describe("rebase: finalizing a chain of forks one block at a time", () => {
  it("re-roots a child on the head after its parent's commit, keeping its writes and its root", () => {
    const store = StateStore.open(new MemoryBackend());
    const one = store.fork();
    one.set(b("a"), b("1"));
    one.set(b("shared"), b("from one"));
    const two = one.fork();
    two.set(b("b"), b("2"));
    two.set(b("shared"), b("from two"));
    const three = two.fork();
    three.delete(b("a"));
    const rootTwo = toHex(two.computeRoot());
    const rootThree = toHex(three.computeRoot());

    store.commit(one, 0n);
    expect(code(() => two.get(b("b")))).toBe("STALE_FORK");
    two.rebase();
    expect(two.get(b("a"))).toEqual(b("1")); // read through to the committed head
    expect(two.get(b("shared"))).toEqual(b("from two"));
    expect(three.get(b("a"))).toBeUndefined(); // a grandchild follows its rebased parent
    expect(toHex(two.computeRoot())).toBe(rootTwo);

    store.commit(two, 1n);
    expect(store.get(b("shared"))).toEqual(b("from two"));
    three.rebase();
    expect(toHex(three.computeRoot())).toBe(rootThree);
    expect(toHex(store.commit(three, 2n))).toBe(rootThree);
    expect(store.get(b("a"))).toBeUndefined();
    expect(store.get(b("b"))).toEqual(b("2"));
  });

  it("refuses NOT_REBASABLE for a sibling's child, a root fork, or a child whose parent was not the last commit", () => {
    const store = StateStore.open(new MemoryBackend());
    const parent = store.fork();
    const left = parent.fork();
    left.set(b("k"), b("left"));
    const right = parent.fork();
    const rightChild = right.fork();
    const root = store.fork();
    store.commit(left, 0n);
    expect(code(() => rightChild.rebase())).toBe("NOT_REBASABLE"); // its parent was not committed: left was
    expect(code(() => root.rebase())).toBe("NOT_REBASABLE");
    expect(code(() => rightChild.get(b("k")))).toBe("STALE_FORK");
    const next = store.fork();
    const afterNext = next.fork();
    store.commit(store.fork(), 1n);
    expect(code(() => afterNext.rebase())).toBe("NOT_REBASABLE"); // another fork was committed in between
  });
});
