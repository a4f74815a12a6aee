import { describe, expect, it } from "vitest";
import { MemoryHost, invokeActor, ATTRIBUTES_SLOT, type Invocation } from "../../../src/index.js";

const COUNTER_SDK = `from cowboy_sdk import actor

@actor
class Counter:
    def __init__(self):
        self.storage["count"] = 0

    def increment(self):
        self.storage["count"] += 1
        return self.storage["count"]

    def get_count(self):
        return self.storage["count"]
`;

const COUNTER_PLAIN = `class Actor:
    def __init__(self, start=0):
        self.counter = start

    def increment(self, by=1):
        if by <= 0:
            raise ValueError("amount must be positive")
        self.counter += by
        return self.counter

    def get_count(self):
        return self.counter
`;

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const cbor = (...bytes: number[]) => new Uint8Array(bytes);

function actorOn(source: string, host = new MemoryHost()) {
  const base = { source, host, args: new Uint8Array(0), cyclesLimit: 1_000_000, cellsLimit: 100_000 };
  return {
    host,
    deploy: (args = new Uint8Array(0)) => invokeActor({ ...base, kind: "deploy", args }),
    call: (method: string, args = new Uint8Array(0), extra: Partial<Invocation> = {}) => invokeActor({ ...base, kind: "call", method, args, ...extra }),
  };
}

describe("invokeActor", () => {
  it("runs the @actor Counter: constructor, increments, storage under 01 ‖ canonical(key)", () => {
    const a = actorOn(COUNTER_SDK);
    expect(a.deploy().ok).toBe(true);
    expect(a.call("increment").returnData).toEqual(cbor(0x01));
    expect(a.call("increment").returnData).toEqual(cbor(0x02));
    expect(a.call("get_count").returnData).toEqual(cbor(0x02));
    // "count" → 65 63 6f 75 6e 74; value 2
    expect([...a.host.storage].map(([k, v]) => [k, hex(v)])).toEqual([["0165636f756e74", "02"]]);
  });

  it("persists a plain Actor's attributes in slot 00 and takes positional and keyword arguments", () => {
    const a = actorOn(COUNTER_PLAIN);
    expect(a.deploy(cbor(0x81, 0x05)).ok).toBe(true); // [5]
    expect(a.call("increment", cbor(0xa1, 0x62, 0x62, 0x79, 0x03)).returnData).toEqual(cbor(0x08)); // {"by": 3}
    expect(a.call("get_count").returnData).toEqual(cbor(0x08));
    // {"counter": 8}
    expect(hex(a.host.storage.get(hex(ATTRIBUTES_SLOT))!)).toBe("a167636f756e74657208");
  });

  it("reports a raising handler as a PythonException and persists nothing", () => {
    const a = actorOn(COUNTER_PLAIN);
    a.deploy();
    const before = hex(a.host.storage.get("00")!);
    const r = a.call("increment", cbor(0x81, 0x00)); // [0]
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe("PythonException");
    expect(r.error?.message).toBe("ValueError: amount must be positive");
    expect(hex(a.host.storage.get("00")!)).toBe(before);
  });

  it("refuses private, unknown and non-method names", () => {
    const a = actorOn(COUNTER_PLAIN);
    a.deploy();
    expect(a.call("_secret").error?.code).toBe("InvalidMethod");
    expect(a.call("nope").error?.message).toBe("Actor has no public method 'nope'");
    expect(a.call("counter").error?.message).toBe("Actor has no public method 'counter'");
  });

  it("needs exactly one actor class", () => {
    expect(actorOn("x = 1\n").deploy().error?.code).toBe("InvalidActor");
    const two = "from cowboy_sdk import actor\n@actor\nclass A:\n    pass\n@actor\nclass B:\n    pass\n";
    expect(actorOn(two).deploy().error?.message).toMatch(/marks 2 classes/);
  });

  it("fails on an attribute that has no canonical encoding", () => {
    const a = actorOn("class Actor:\n    def __init__(self):\n        self.f = lambda: 1\n");
    const r = a.deploy();
    expect(r.ok).toBe(false);
    expect(r.error?.message).toBe("TypeError: cannot canonically encode a value of type 'function'");
  });

  it("stops an endless handler with OutOfCycles within its limit", () => {
    const a = actorOn("class Actor:\n    def spin(self):\n        while True:\n            pass\n");
    a.deploy();
    const r = a.call("spin", new Uint8Array(0), { cyclesLimit: 50_000 });
    expect(r.error?.code).toBe("OutOfCycles");
    expect(r.cycles).toBe(50_000);
  });

  it("gives the SDK's context, events, transfers and messages to the host", () => {
    const src = `from cowboy_sdk import actor, msg, block, this, emit, send, transfer, vrf

@actor
class A:
    def go(self):
        emit("Hello", {"n": 1})
        transfer("0x" + "11" * 20, 5)
        mid = send(b"\\x22" * 20, "ping", 1, 2, value=7)
        return [msg.sender.hex()[:4], msg.value, block.height, this.balance, len(mid), len(vrf.random("x"))]
`;
    const host = new MemoryHost({ balances: new Map([["ac".repeat(20), 100n]]), block: { height: 9n } });
    const a = actorOn(src, host);
    a.deploy();
    const r = a.call("go");
    expect(r.error).toBeUndefined();
    // ["0000", 0, 9, 88, 32, 32]
    expect(hex(r.returnData)).toBe("86643030303000091858182018" + "20");
    expect(host.events.map((e) => [e.topic, hex(e.data)])).toEqual([["Hello", "a1616e01"]]);
    expect(host.transfers).toEqual([{ to: new Uint8Array(20).fill(0x11), amount: 5n }]);
    expect(host.messages.map((m) => [m.method, hex(m.payload), m.value])).toEqual([["ping", "820102", 7n]]);
  });

  it("gives each invocation its own /tmp scratch: open() works there, charges Cells, and is gone afterwards", () => {
    const SCRATCH = `class Actor:
    def write(self, n):
        with open("/tmp/notes.txt", "w") as f:
            f.write("x" * n)
        with open("/tmp/notes.txt") as f:
            return len(f.read())

    def read(self):
        try:
            open("/tmp/notes.txt")
        except FileNotFoundError as e:
            return str(e)

    def escape(self):
        try:
            open("/etc/passwd")
        except PermissionError as e:
            return str(e)
`;
    const a = actorOn(SCRATCH);
    expect(a.deploy().ok).toBe(true);
    const small = a.call("write", cbor(0x81, 0x0a)); // [10]
    const large = a.call("write", cbor(0x81, 0x19, 0x03, 0xe8)); // [1000]
    expect(small.returnData).toEqual(cbor(0x0a));
    expect(large.returnData).toEqual(cbor(0x19, 0x03, 0xe8));
    expect(large.cells - small.cells).toBe(990 + 2); // one Cell per byte written, and the 2 more bytes of return data
    const text = (b: Uint8Array) => new TextDecoder().decode(b.subarray(b[0]! - 0x60 < 24 ? 1 : 2));
    expect(text(a.call("read").returnData)).toBe("[Errno 2] No such file or directory: '/tmp/notes.txt'");
    expect(text(a.call("escape").returnData)).toBe("[Errno 13] Permission denied: '/etc/passwd'");
    expect(a.host.storage.size).toBe(0);
  });

  it("Storage.pop returns any default for a missing key, including numbers and strings, and raises KeyError without one", () => {
    const POPPER = `from cowboy_sdk import actor

@actor
class Popper:
    def __init__(self):
        self.storage["k"] = 7

    def run(self):
        out = [self.storage.pop("k", 0), self.storage.pop("k", 0), self.storage.pop("k", "none"), self.storage.pop("k", None)]
        try:
            self.storage.pop("k")
        except KeyError as e:
            out.append("KeyError " + str(e))
        return out
`;
    const a = actorOn(POPPER);
    expect(a.deploy().ok).toBe(true);
    const r = a.call("run");
    expect(r.error).toBeUndefined();
    // [7, 0, "none", None, "KeyError 'k'"]
    expect(hex(r.returnData)).toBe(`8507006${"none".length}${hex(new TextEncoder().encode("none"))}f66c${hex(new TextEncoder().encode("KeyError 'k'"))}`);
  });
});
