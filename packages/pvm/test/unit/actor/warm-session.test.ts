// Warm sessions are a speed device: every invocation on a reused session must give what a new
// session gives — return data, Cycles, Cells, memory figure, errors and their tracebacks, output,
// effects — whatever ran on the session before (including calls that failed half way).
import { describe, expect, it } from "vitest";
import { type Invocation, type InvocationResult, MemoryHost, invokeActor, SessionCache } from "../../../src/index.js";

const PROBE = `import json
from typing import List
from cowboy_sdk import actor
import pvm_host

CALLS = 0
REGISTRY: List[int] = []

@actor
class Probe:
    hits = 0

    def __init__(self):
        self.n = 0

    def poke(self, k):
        global CALLS
        CALLS += 1
        Probe.hits += 1
        REGISTRY.append(k)
        setattr(Probe, "dyn_" + str(k), k)
        names = [n for n in dir(Probe) if n.startswith("dyn_")]
        o = object()
        t = (1, 2)
        print("poke", k, CALLS, Probe.hits, len(REGISTRY))
        self.n += k
        return [CALLS, Probe.hits, REGISTRY, names, id(o), id(t), id(self), json.dumps({"k": k, "n": self.n})]

    def fail(self, k):
        print("about to fail", k)
        x = [1] * k
        raise ValueError("bad " + str(len(x)))

    def spin(self):
        while True:
            pass

    def scratch(self, k):
        with open("/tmp/f", "a") as f:
            f.write("x" * k)
        with open("/tmp/f") as f:
            return len(f.read())

    def churn(self, n):
        total = 0
        for i in range(n):
            total += len([i] * 1000)
        return total

    def hold(self, n):
        return len([[i] * 1000 for i in range(n)])

    def again(self, k):
        ok, data = pvm_host.call_actor(b"\\x11" * 20, "poke", pvm_host.encode([k]))
        return [ok, pvm_host.decode(data) if ok else data]
`;

const BROKEN_MODULE = `from cowboy_sdk import actor
LOADED = 1
raise RuntimeError("module refuses to load")

@actor
class Never:
    def f(self):
        return 1
`;

const cbor = (...bytes: number[]) => new Uint8Array(bytes);
/** CBOR [k] for a small non-negative k (< 24) or a two-byte k (< 65536). */
const one = (k: number) => (k < 24 ? cbor(0x81, k) : k < 256 ? cbor(0x81, 0x18, k) : cbor(0x81, 0x19, k >> 8, k & 0xff));

type Step = { kind: "deploy" | "call"; method?: string; args?: Uint8Array; cyclesLimit?: number };

interface World {
  run(step: Step): { result: InvocationResult; out: string };
  host: MemoryHost;
}

function world(source: string, sessions: SessionCache | undefined): World {
  const host = new MemoryHost();
  const run = (step: Step): { result: InvocationResult; out: string } => {
    let out = "";
    const inv: Invocation = {
      source,
      host,
      kind: step.kind,
      ...(step.method === undefined ? {} : { method: step.method }),
      args: step.args ?? new Uint8Array(0),
      cyclesLimit: step.cyclesLimit ?? 50_000_000,
      cellsLimit: 1_000_000,
      stdout: (t) => {
        out += t;
      },
      ...(sessions === undefined ? {} : { sessions }),
    };
    return { result: invokeActor(inv), out };
  };
  // A nested call into the same actor module (re-entrancy): it must not get the busy session.
  host.actors.set("11".repeat(20), (method, payload) => {
    const r = run({ kind: "call", method, args: payload });
    if (!r.result.ok) throw new Error(r.result.error?.message);
    return r.result.returnData;
  });
  return { run, host };
}

function view(r: { result: InvocationResult; out: string }) {
  const e = r.result.error;
  return {
    ok: r.result.ok,
    returnData: Buffer.from(r.result.returnData).toString("hex"),
    cycles: r.result.cycles,
    cells: r.result.cells,
    memory: r.result.memory,
    out: r.out,
    error: e === undefined ? null : { code: e.code, message: e.message, traceback: e.traceback ?? null },
  };
}

function compare(source: string, steps: Step[]) {
  const fresh = world(source, undefined);
  const warm = world(source, new SessionCache());
  const a = steps.map((s) => view(fresh.run(s)));
  const b = steps.map((s) => view(warm.run(s)));
  expect(b).toEqual(a);
  expect([...warm.host.storage]).toEqual([...fresh.host.storage]);
  return a;
}

describe("warm actor sessions", () => {
  it("give every call exactly what a new session gives: values, Cycles, memory, id(), class attributes, output", () => {
    const got = compare(PROBE, [
      { kind: "deploy" },
      { kind: "call", method: "poke", args: one(1) },
      { kind: "call", method: "poke", args: one(2) },
      { kind: "call", method: "fail", args: one(3) },
      { kind: "call", method: "poke", args: one(4) },
      { kind: "call", method: "scratch", args: one(5) },
      { kind: "call", method: "scratch", args: one(6) },
      { kind: "call", method: "poke", args: one(7) },
    ]);
    // Module and class state never leak from one call into the next: CALLS and hits are 1 each time.
    expect(got.map((g) => g.error?.message ?? "ok")).toEqual(["ok", "ok", "ok", "ValueError: bad 3", "ok", "ok", "ok", "ok"]);
    expect(got[3]!.error?.message).toBe("ValueError: bad 3");
    expect(got[3]!.out).toBe("about to fail 3\n");
    expect(got[4]!.out).toBe("poke 4 1 1 1\n");
    // The scratch space starts empty on every call: 5, then 6 (not 11).
    expect(got[5]!.returnData).toBe("05");
    expect(got[6]!.returnData).toBe("06");
  });

  it("recover from calls that ran out of Cycles part way through the module or the method", () => {
    compare(PROBE, [
      { kind: "deploy" },
      { kind: "call", method: "poke", args: one(1), cyclesLimit: 2_000 },
      { kind: "call", method: "poke", args: one(2) },
      { kind: "call", method: "spin", cyclesLimit: 200_000 },
      { kind: "call", method: "poke", args: one(3) },
    ]);
  });

  it("count live memory the same way (recounts after churn, MemoryError when really held)", () => {
    const got = compare(PROBE, [
      { kind: "deploy" },
      { kind: "call", method: "churn", args: one(2000) },
      { kind: "call", method: "hold", args: one(2000) },
      { kind: "call", method: "churn", args: one(2000) },
    ]);
    expect(got[1]!.ok).toBe(true);
    expect(got[2]!.error?.code).toBe("OutOfMemory");
    expect(got[3]!.ok).toBe(true);
  });

  it("run a re-entrant call into the same module on a session of its own", () => {
    const got = compare(PROBE, [{ kind: "deploy" }, { kind: "call", method: "again", args: one(9) }, { kind: "call", method: "again", args: one(10) }]);
    expect(got[1]!.error?.message ?? "ok").toBe("ok");
  });

  it("fail a module that raises at import identically every time", () => {
    const got = compare(BROKEN_MODULE, [{ kind: "deploy" }, { kind: "call", method: "f" }, { kind: "call", method: "f" }]);
    expect(got.map((g) => g.error?.message)).toEqual(Array(3).fill("RuntimeError: module refuses to load"));
  });
});
