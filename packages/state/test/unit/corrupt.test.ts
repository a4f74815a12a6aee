import { describe, expect, it } from "vitest";
import { MemoryBackend, StateError, StateStore } from "../../src/index.js";

// Damages a committed store through its backend (layout in cips/state.md "Storage layout") and
// checks that opening it fails with CORRUPT_STORE instead of serving a wrong state.

const ascii = (s: string) => new TextEncoder().encode(s);
const HEAD = ascii("mhead");
const FORMAT = ascii("mformat");
const rootKey = (h: bigint) => {
  const out = new Uint8Array(9);
  out[0] = 0x72;
  new DataView(out.buffer).setBigUint64(1, h);
  return out;
};

/** The node-table key of the root: 'n' ‖ the locator stored after the root in the 'r' record. */
const rootNodeKey = (backend: MemoryBackend, h: bigint) => new Uint8Array([0x6e, ...backend.get(rootKey(h))!.subarray(32, 44)]);

function committed(): { backend: MemoryBackend; root: Uint8Array } {
  const backend = new MemoryBackend();
  const store = StateStore.open(backend);
  const fork = store.fork();
  for (let i = 0; i < 10; i++) fork.set(ascii(`k${i}`), ascii(`v${i}`));
  const root = store.commit(fork, 5n, new Uint8Array(32).fill(1));
  return { backend, root };
}

function openCode(backend: MemoryBackend): string {
  try {
    StateStore.open(backend);
  } catch (error) {
    expect(error).toBeInstanceOf(StateError);
    return (error as StateError).code;
  }
  return "opened";
}

describe("opening a damaged store", () => {
  it("opens an intact store at its head", () => {
    const { backend, root } = committed();
    expect(StateStore.open(backend).head()).toEqual({ height: 5n, blockHash: new Uint8Array(32).fill(1), root });
  });

  it("refuses an unreadable head record", () => {
    const { backend } = committed();
    backend.write([[HEAD, new Uint8Array([1, 2, 3])]], []);
    expect(openCode(backend)).toBe("CORRUPT_STORE");
  });

  it("refuses a missing root node", () => {
    const { backend } = committed();
    backend.write([], [rootNodeKey(backend, 5n)]);
    expect(openCode(backend)).toBe("CORRUPT_STORE");
  });

  it("refuses a root node that does not hash to the root", () => {
    const { backend } = committed();
    const node = backend.get(rootNodeKey(backend, 5n))!;
    node[40]! ^= 1;
    backend.write([[rootNodeKey(backend, 5n), node]], []);
    expect(openCode(backend)).toBe("CORRUPT_STORE");
  });

  it("refuses a head whose height has another root recorded", () => {
    const { backend } = committed();
    backend.write([[rootKey(5n), new Uint8Array(32).fill(7)]], []);
    expect(openCode(backend)).toBe("CORRUPT_STORE");
  });

  it("refuses an unknown layout version and a head without a layout marker", () => {
    const { backend } = committed();
    backend.write([[FORMAT, new Uint8Array([1])]], []);
    expect(openCode(backend)).toBe("CORRUPT_STORE");
    backend.write([], [FORMAT]);
    expect(openCode(backend)).toBe("CORRUPT_STORE");
  });
});
