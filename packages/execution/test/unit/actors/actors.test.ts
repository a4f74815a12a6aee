import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY, cbor, text } from "../../utils/chain.js";
import { addressOf } from "../../utils/helpers.js";

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
    """A Cowboy actor deployed on-chain."""

    def __init__(self):
        self.counter = 0

    def increment(self):
        self.counter += 1
        return self.counter

    def get_count(self):
        return self.counter
`;

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function deploy(chain: ActorChain, source: string, args: Parameters<ActorChain["deployTx"]>[2] = [], salt = 0): Uint8Array {
  const [r] = chain.block([chain.deployTx(0, source, args, salt)]);
  if (r!.status !== ReceiptStatus.Success) throw new Error(`deploy failed: ${text(r!.return_data)}`);
  return r!.return_data;
}

describe("Counter on chain", () => {
  for (const [form, source] of [
    ["@actor", COUNTER_SDK],
    ["class Actor", COUNTER_PLAIN],
  ] as const) {
    it(`${form}: deploy, increment across blocks, read back`, () => {
      const chain = new ActorChain();
      const addr = deploy(chain, source);
      expect(addr).toHaveLength(20);
      expect(chain.account(addr).code_hash).not.toBeNull();
      for (let i = 1; i <= 3; i++) {
        const [r] = chain.block([chain.callTx(1, addr, "increment")]);
        expect(r!.status).toBe(ReceiptStatus.Success);
        expect(r!.return_data).toEqual(cbor(i));
      }
      // two in one block, from two senders
      const rs = chain.block([chain.callTx(1, addr, "increment"), chain.callTx(2, addr, "increment")]);
      expect(rs.map((r) => r.status)).toEqual([ReceiptStatus.Success, ReceiptStatus.Success]);
      const q = chain.query(addr, "get_count");
      expect(q.ok).toBe(true);
      expect(q.data).toEqual(cbor(5));
      expect(chain.account(addr).storage_bytes).toBeGreaterThan(0n);
    });
  }

  it("charges intrinsic Cycles plus the handler's, and the fee settles exactly", () => {
    const chain = new ActorChain();
    const addr = deploy(chain, COUNTER_SDK);
    const before = chain.account(addressOf(1)).balance;
    const [r] = chain.block([chain.callTx(1, addr, "increment")]);
    expect(r!.cycles_used).toBeGreaterThan(21_000n);
    expect(r!.cycles_used).toBeLessThan(40_000n);
    expect(chain.account(addressOf(1)).balance).toBe(before - r!.fee_paid);
    expect(r!.fee_paid).toBe(r!.cycles_used * 10_000n + r!.cells_used * 10_000n);
  });

  it("refuses a second deploy at the same address and a non-canonical source", () => {
    const chain = new ActorChain();
    deploy(chain, COUNTER_SDK);
    const [again] = chain.block([chain.deployTx(0, COUNTER_SDK)]);
    expect(again!.status).toBe(ReceiptStatus.Reverted);
    expect(text(again!.return_data)).toMatch(/^ValueError: an actor already exists at 0x/);
  });
});

describe("failures", () => {
  const RISKY = `from cowboy_sdk import actor

@actor
class Risky:
    def __init__(self):
        self.storage["x"] = 1
        self.note = "kept"

    def write_then_fail(self):
        self.storage["x"] = 999
        self.note = "changed"
        raise ValueError("amount must be positive")

    def spin(self):
        while True:
            pass

    def hoard(self, start, n):
        for i in range(start, start + n):
            self.storage[i] = b"\\x00" * 10000
        return n

    def read(self):
        return [self.storage["x"], self.note]
`;

  it("a handler that raises after writing: nothing persists, fees charged, exception in return data", () => {
    const chain = new ActorChain();
    const addr = deploy(chain, RISKY);
    const before = chain.account(addressOf(1)).balance;
    const [r] = chain.block([chain.callTx(1, addr, "write_then_fail")]);
    expect(r!.status).toBe(ReceiptStatus.Reverted);
    expect(text(r!.return_data)).toBe("ValueError: amount must be positive");
    expect(r!.fee_paid).toBeGreaterThan(0n);
    expect(chain.account(addressOf(1)).balance).toBe(before - r!.fee_paid);
    expect(chain.account(addressOf(1)).nonce).toBe(1n);
    expect(chain.query(addr, "read").data).toEqual(cbor([1, "kept"]));
  });

  it("an endless loop: OutOfCycles, the whole cycles_limit charged, state unchanged", () => {
    const chain = new ActorChain();
    const addr = deploy(chain, RISKY);
    const root = chain.root();
    const [r] = chain.block([chain.callTx(1, addr, "spin", [], { cycles: 200_000n })]);
    expect(r!.status).toBe(ReceiptStatus.OutOfCycles);
    expect(r!.cycles_used).toBe(200_000n);
    expect(chain.query(addr, "read").data).toEqual(cbor([1, "kept"]));
    expect(chain.root()).not.toBe(root); // fees and nonce moved
  });

  it("a handler that runs out of its actor's per-block allowance (not the transaction's Cycles) fails with the documented error", () => {
    const chain = new ActorChain();
    const addr = deploy(chain, RISKY);
    const [r] = chain.block([chain.callTx(1, addr, "spin", [], { cycles: 5_000_000n })]);
    expect(r!.status).toBe(ReceiptStatus.Reverted);
    expect(text(r!.return_data)).toBe(`RuntimeError: actor 0x${hex(addr)} has used its 1000000 Cycles for this block`);
    // It ran up to the allowance, not up to the transaction's limit.
    expect(r!.cycles_used).toBeGreaterThan(1_000_000n);
    expect(r!.cycles_used).toBeLessThan(1_100_000n);
    // A second call in the same block fails at entry with the same error.
    const [a, b] = chain.block([chain.callTx(1, addr, "spin", [], { cycles: 5_000_000n }), chain.callTx(2, addr, "read", [], { cycles: 5_000_000n })]);
    expect(text(a!.return_data)).toBe(text(r!.return_data));
    expect(text(b!.return_data)).toBe(text(r!.return_data));
  });

  it("storage over the 1 MiB quota fails the handler and keeps the quota", () => {
    const chain = new ActorChain();
    const addr = deploy(chain, RISKY);
    // 1,048,576 bytes of quota; each entry is ~10,004 bytes; the per-block Cycles allowance of an
    // actor (1,000,000) lets about 40 such writes happen per block.
    for (let b = 0; b < 2; b++) {
      const [ok] = chain.block([chain.callTx(1, addr, "hoard", [b * 40, 40], { cycles: 5_000_000n, cells: 2_000_000n })]);
      expect(ok!.status).toBe(ReceiptStatus.Success);
    }
    const used = chain.account(addr).storage_bytes;
    expect(used).toBeGreaterThan(800_000n);
    const [bad] = chain.block([chain.callTx(1, addr, "hoard", [80, 40], { cycles: 5_000_000n, cells: 2_000_000n })]);
    expect(bad!.status).toBe(ReceiptStatus.Reverted);
    expect(text(bad!.return_data)).toMatch(/^RuntimeError: storage quota exceeded: \d+ bytes > 1048576 \(a storage bond raises it: cowboy_sdk.rent.set_quota\)$/);
    expect(chain.account(addr).storage_bytes).toBe(used);
  });

  it("calling an address without code reverts with LookupError", () => {
    const chain = new ActorChain();
    const [r] = chain.block([chain.callTx(1, new Uint8Array(20).fill(0x77), "anything")]);
    expect(r!.status).toBe(ReceiptStatus.Reverted);
    expect(text(r!.return_data)).toBe("LookupError: no actor at 0x" + "77".repeat(20));
  });
});

describe("messages between actors", () => {
  const BANK = `from cowboy_sdk import actor, send, call, msg, emit

@actor
class Bank:
    def __init__(self):
        self.storage["log"] = []

    def notify(self, other, n):
        send(other, "record", n, value=0)
        return "queued"

    def record(self, n):
        log = self.storage["log"]
        log.append([msg.sender.hex()[:8], n])
        self.storage["log"] = log
        emit("Recorded", n)

    def ask(self, other):
        return call(other, "double", 21)

    def double(self, x):
        return x * 2

    def log(self):
        return self.storage["log"]
`;

  it("send delivers after the handler, in the same transaction; call returns a value", () => {
    const chain = new ActorChain();
    const a = deploy(chain, BANK, [], 1);
    const b = deploy(chain, BANK, [], 2);
    const [r] = chain.block([chain.callTx(1, a, "notify", [b, 7])]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    expect(chain.query(b, "log").data).toEqual(cbor([[hex(a).slice(0, 8), 7]]));
    expect(r!.events.map((e) => [hex(e.emitter), text(e.topic), hex(e.data)])).toEqual([[hex(b), "Recorded", "07"]]);
    const [c] = chain.block([chain.callTx(1, a, "ask", [b])]);
    expect(c!.return_data).toEqual(cbor(42));
  });

  it("value moves with calls and sends, and comes back when the handler fails", () => {
    const VAULT = `from cowboy_sdk import actor, payable, send, this

@actor
class Vault:
    @payable
    def deposit(self):
        return this.balance

    def forward(self, to, amount):
        send(to, "refuse", value=amount)

    @payable
    def refuse(self):
        raise RuntimeError("no thanks")

    def balance(self):
        return this.balance
`;
    const chain = new ActorChain();
    const v = deploy(chain, VAULT, [], 1);
    const w = deploy(chain, VAULT, [], 2);
    const [d] = chain.block([chain.callTx(1, v, "deposit", [], { value: 5n * CBY })]);
    expect(d!.return_data).toEqual(cbor(5n * CBY));
    const [f] = chain.block([chain.callTx(1, v, "forward", [w, 2n * CBY])]);
    expect(f!.status).toBe(ReceiptStatus.Success);
    expect(f!.events.map((e) => text(e.topic))).toEqual(["cowboy:delivery_failed"]);
    expect(text(f!.events[0]!.data.slice(32))).toBe("RuntimeError: no thanks");
    expect(chain.account(v).balance).toBe(5n * CBY);
    expect(chain.account(w).balance).toBe(0n);
  });

  it("a ping-pong cascade stops at the 1,024-message fanout cap", { timeout: 180_000 }, () => {
    const PING = `from cowboy_sdk import actor, send

@actor
class Ping:
    def __init__(self):
        self.storage["n"] = 0

    def ping(self, other, fan):
        self.storage["n"] += 1
        for _ in range(fan):
            send(other, "ping", self_address(), fan)

    def count(self):
        return self.storage["n"]

def self_address():
    from cowboy_sdk import this
    return this.address
`;
    const chain = new ActorChain();
    const a = deploy(chain, PING, [], 1);
    const b = deploy(chain, PING, [], 2);
    const [r] = chain.block([chain.callTx(1, a, "ping", [b, 2], { cycles: 80_000_000n, cells: 1_000_000n })]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    const failed = r!.events.filter((e) => text(e.topic) === "cowboy:delivery_failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(text(failed[0]!.data.slice(32))).toBe("RuntimeError: a transaction may enqueue at most 1024 messages");
    const total = Number(decodeUint(chain.query(a, "count").data)) + Number(decodeUint(chain.query(b, "count").data));
    // every delivered ping incremented its target; 1 top-level + 1,024 deliveries at most
    expect(total).toBeLessThanOrEqual(1025);
    expect(total).toBeGreaterThan(500);
  });

  it("synchronous recursion stops at depth 32", () => {
    const REC = `from cowboy_sdk import actor, call, this, ActorCallError

@actor
class Rec:
    def down(self, n):
        try:
            return call(this.address, "down", n + 1)
        except ActorCallError as e:
            if n == 1:
                return [n, str(e)]
            raise

    def depth_of(self, n):
        return n
`;
    const chain = new ActorChain();
    const a = deploy(chain, REC);
    const [r] = chain.block([chain.callTx(1, a, "down", [1], { cycles: 50_000_000n })]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    const s = text(r!.return_data);
    expect(s).toContain("call depth limit of 32 reached");
  });
});

function decodeUint(b: Uint8Array): bigint {
  const info = b[0]! & 0x1f;
  if (info < 24) return BigInt(info);
  const size = 1 << (info - 24);
  let n = 0n;
  for (let i = 1; i <= size; i++) n = (n << 8n) | BigInt(b[i]!);
  return n;
}
