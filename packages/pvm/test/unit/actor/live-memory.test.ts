// An actor call under the live-heap recount (cips/pvm.md, "Memory accounting"): the instance is a
// root, so what `self` holds counts against the budget, and churn inside a handler runs past it.
import { describe, expect, it } from "vitest";
import { invokeActor, MemoryHost } from "../../../src/index.js";

const SOURCE = `class Actor:
    def __init__(self):
        self.n = 0

    def churn(self):
        total = 0
        for i in range(300000):
            d = {"i": i, "s": "x" * 20}
            total += len(d)
        self.n = total
        return total

    def hoard(self, kib):
        self.blob = [bytes(1024) for _ in range(kib)]
        more = [bytes(1024) for _ in range(5 * 1024)]
        total = 0
        for i in range(300000):
            d = {"i": i}
            total += len(d)
        return len(more)
`;

function call(method: string, args: Uint8Array) {
  const host = new MemoryHost();
  const base = { source: SOURCE, host, cyclesLimit: 50_000_000, cellsLimit: 50_000_000 };
  expect(invokeActor({ ...base, kind: "deploy", args: new Uint8Array(0) }).ok).toBe(true);
  return invokeActor({ ...base, kind: "call", method, args });
}

// Canonical CBOR: an empty array, and [n] for a small unsigned n (major type 0, two-byte argument).
const noArgs = Uint8Array.of(0x80);
const oneArg = (n: number) => Uint8Array.of(0x81, 0x19, n >> 8, n & 0xff);

describe("actor calls and the live heap", () => {
  it("a handler that churns far more than the budget returns", () => {
    const r = call("churn", noArgs);
    expect(r.error).toBeUndefined();
    expect(r.ok).toBe(true);
    expect(r.memory).toBeLessThanOrEqual(10 * 1024 * 1024);
    // Deterministic: the same call again gives the same Cycles and memory figure.
    const again = call("churn", noArgs);
    expect([again.cycles, again.memory]).toEqual([r.cycles, r.memory]);
  }, 60_000);

  it("what the instance holds counts: 4 MiB on self + 5 MiB local + churn runs, 6 + 5 MiB fails", () => {
    const ok = call("hoard", oneArg(4 * 1024));
    expect(ok.error).toBeUndefined();
    const held = call("hoard", oneArg(6 * 1024));
    expect(held.ok).toBe(false);
    expect(held.error?.code).toBe("OutOfMemory");
  }, 60_000);
});
