// Module snapshots (cips/pvm.md "Module snapshots"): a warm session restores cowboy_sdk's namespace
// instead of running its body, and every call must still give exactly what a new session gives —
// also after an actor changed the SDK's objects, imported it late, deep, inside `except`, short of
// Cycles or near its memory budget.
import { describe, expect, it } from "vitest";
import { type Invocation, type InvocationResult, MemoryHost, invokeActor, SessionCache } from "../../../src/index.js";

const SOURCE = `import cowboy_sdk
from cowboy_sdk import actor

class Mine(cowboy_sdk.ActorCallError):
    pass

@actor
class Mutator:
    def __init__(self):
        self.n = 0

    def look(self):
        s = cowboy_sdk
        return [len(s._TIERS), hasattr(s.Storage, "extra"), hasattr(s.send, "tag"), s.emit is None,
                s.DEFAULT_TIMER_CYCLES, id(s.storage), hash(s.msg), id(Mine), s.runner is None]

    def mutate(self, k):
        s = cowboy_sdk
        s._TIERS["x" + str(k)] = k
        s.Storage.extra = k
        s.send.tag = k
        s.emit = None
        s.DEFAULT_TIMER_CYCLES = k
        return self.look()

    def bad_address(self):
        return cowboy_sdk.call(b"short", "f")

    def blob(self, n):
        self.keep = [0] * n
        return len(self.keep)
`;

/** A module that imports the SDK only when a method runs: late, deep, in an except block, after pvm_host. */
const LATE = `import pvm_host

class Actor:
    def after_host(self):
        import cowboy_sdk
        return [cowboy_sdk.__version__, id(cowboy_sdk.storage)]

    def deep(self, n):
        if n > 0:
            return self.deep(n - 1)
        import cowboy_sdk
        return cowboy_sdk.__version__

    def in_except(self):
        try:
            raise KeyError("k")
        except KeyError:
            import cowboy_sdk
            try:
                cowboy_sdk.call(b"short", "f")
            except ValueError as e:
                return [str(e), repr(e.__context__)]

    def hold_then_import(self, n):
        keep = [[i] * 100 for i in range(n)]
        from cowboy_sdk import storage
        return len(keep)
`;

const PLAIN = `from cowboy_sdk import actor

@actor
class Plain:
    def __init__(self):
        self.storage["c"] = 0

    def inc(self):
        self.storage["c"] += 1
        return self.storage["c"]
`;

const cbor = (...bytes: number[]) => new Uint8Array(bytes);
const one = (k: number) => (k < 24 ? cbor(0x81, k) : k < 256 ? cbor(0x81, 0x18, k) : cbor(0x81, 0x19, k >> 8, k & 0xff));

type Step = { kind: "deploy" | "call"; method?: string; args?: Uint8Array; cyclesLimit?: number; memoryLimit?: number };

function runner(source: string, sessions: SessionCache | undefined) {
  const host = new MemoryHost();
  return (step: Step) => {
    let out = "";
    const inv: Invocation = {
      source,
      host,
      kind: step.kind,
      ...(step.method === undefined ? {} : { method: step.method }),
      args: step.args ?? new Uint8Array(0),
      cyclesLimit: step.cyclesLimit ?? 50_000_000,
      cellsLimit: 1_000_000,
      ...(step.memoryLimit === undefined ? {} : { memoryLimit: step.memoryLimit }),
      stdout: (t) => {
        out += t;
      },
      ...(sessions === undefined ? {} : { sessions }),
    };
    return view(invokeActor(inv), out);
  };
}

function view(r: InvocationResult, out: string) {
  const e = r.error;
  return {
    ok: r.ok,
    returnData: Buffer.from(r.returnData).toString("hex"),
    cycles: r.cycles,
    cells: r.cells,
    memory: r.memory,
    out,
    error: e === undefined ? null : { code: e.code, message: e.message, traceback: e.traceback ?? null },
  };
}

/** Runs `steps` on new sessions and on one warm cache; returns the results and the restores done. */
function compare(source: string, steps: Step[]) {
  const sessions = new SessionCache();
  const fresh = runner(source, undefined);
  const warm = runner(source, sessions);
  const a = steps.map(fresh);
  const b = steps.map(warm);
  expect(b).toEqual(a);
  const s = sessions.acquire(source, "actor.py", undefined);
  return { results: a, restored: s.snapshots.restored };
}

describe("module snapshots", () => {
  it("are restored on warm calls, with the Cycles and memory figures of running cowboy_sdk's body", () => {
    const steps: Step[] = [{ kind: "deploy" }, ...Array.from({ length: 5 }, () => ({ kind: "call" as const, method: "inc" }))];
    const { results, restored } = compare(PLAIN, steps);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(restored).toBe(6);
  });

  it("are not restored once an actor changed the SDK's objects: every call still sees a new SDK", () => {
    const { results, restored } = compare(SOURCE, [
      { kind: "deploy" },
      { kind: "call", method: "look" },
      { kind: "call", method: "mutate", args: one(7) },
      { kind: "call", method: "look" },
      { kind: "call", method: "mutate", args: one(8) },
      { kind: "call", method: "look" },
      { kind: "call", method: "bad_address" },
      { kind: "call", method: "look" },
    ]);
    // _TIERS has its 4 tiers, no `extra`, no `tag`, emit bound, the default Cycles: on every call.
    expect(results[1]).toEqual(results[3]);
    expect(results[3]).toEqual(results[5]);
    expect(results[6]!.error?.message).toMatch(/ValueError: an address is 20 bytes/);
    expect(results[6]!.error?.traceback).toMatch(/cowboy_sdk\/__init__\.py/);
    // Calls after a mutation run the body (the snapshot is recorded again before the next call).
    expect(restored).toBeGreaterThanOrEqual(3);
  });

  it("give a late, deep or in-except import and an import after pvm_host what a new session gives", () => {
    const { results } = compare(LATE, [
      { kind: "call", method: "after_host" },
      { kind: "call", method: "after_host" },
      { kind: "call", method: "deep", args: one(10) },
      ...[230, 250, 251, 252, 253, 254].map((n) => ({ kind: "call" as const, method: "deep", args: one(n) })),
      { kind: "call", method: "in_except" },
      { kind: "call", method: "in_except" },
      { kind: "call", method: "after_host" },
    ]);
    expect(results[0]!.ok).toBe(true);
    // Past the snapshot's depth room (224) the body runs, as on a new session.
    expect(results.slice(2, 9).every((r) => r.ok)).toBe(true);
    expect(results[9]!.ok).toBe(true);
  });

  it("give the same outcome at every Cycle limit around the import, and near the memory budget", () => {
    const base = runner(PLAIN, undefined)({ kind: "call", method: "inc" });
    const steps: Step[] = [];
    // From failing before the import to succeeding, in steps that land inside cowboy_sdk's body.
    for (let limit = 50; limit <= base.cycles + 200; limit += 97) steps.push({ kind: "call", method: "inc", cyclesLimit: limit });
    const { results } = compare(PLAIN, [{ kind: "deploy" }, ...steps, { kind: "call", method: "inc" }]);
    expect(results.some((r) => r.error?.code === "OutOfCycles")).toBe(true);
    expect(results.at(-1)!.ok).toBe(true);
    const mem: Step[] = [];
    for (const n of [10, 200, 400, 600, 800]) mem.push({ kind: "call", method: "hold_then_import", args: one(n), memoryLimit: 600_000 });
    const m = compare(LATE, mem).results;
    expect(m.some((r) => r.ok)).toBe(true);
    expect(m.some((r) => r.error?.code === "OutOfMemory")).toBe(true);
  });
});
