import { describe, expect, it } from "vitest";
import { HOST_OPS_V1, linearCost } from "@cowboy/metering";
import { MemoryHost, ModuleRegistry, hostModuleDef, runScript } from "../../../src/index.js";

function setup() {
  const host = new MemoryHost({ block: { height: 42n, timestamp: 1_700_000_000_000n, chainId: 7n }, balances: new Map([["ac".repeat(20), 1000n]]) });
  const modules = new ModuleRegistry().register("pvm_host", hostModuleDef(host));
  return { host, modules };
}

/** Calls `h.fn(*args)` for each Python tuple in `calls` (after `prelude`), printing each refusal's type and message. */
function refusals(modules: ModuleRegistry, fn: string, calls: string[], prelude: string[] = []) {
  let out = "";
  const src = [
    "import pvm_host as h",
    ...prelude,
    `for bad in [${calls.join(", ")}]:`,
    "    try:",
    `        h.${fn}(*bad)`,
    "    except Exception as e:",
    "        print(type(e).__name__, e)",
    "",
  ].join("\n");
  const r = runScript(src, { modules, stdout: (s) => (out += s) });
  return { r, out };
}

describe("host module", () => {
  it("reads and writes storage, emits events, sends messages through the Host", () => {
    const { host, modules } = setup();
    let out = "";
    const src = [
      "import pvm_host as h",
      "h.storage_set(b'k', b'value')",
      "print(h.storage_get(b'k'), h.storage_get(b'missing'))",
      "h.emit_event('Transfer', b'abc')",
      "h.send_message(b'\\x01' * 20, 'ping', b'')",
      "info = h.block_info()",
      "print(info['height'], info['chain_id'])",
      "print(h.sha256(b'abc').hex()[:16], h.keccak256(b'').hex()[:16])",
      "t = h.set_timer(100, 'tick', b'x', 50000, 1000, None, 1, 0, 0, None)",
      "print(len(t), h.cancel_timer(t), h.cancel_timer(t))",
      "print(h.balance(), h.value(), h.sender().hex()[:4], h.decode(h.encode({'a': (1, 2.5)})))",
      "print(len(h.randomness(b'label')))",
      "",
    ].join("\n");
    const r = runScript(src, { modules, stdout: (s) => (out += s) });
    expect(r.error).toBeUndefined();
    expect(out).toBe("b'value' None\n42 7\nba7816bf8f01cfea c5d2460186f7233c\n32 True False\n1000 0 0000 {'a': (1, 2.5)}\n32\n");
    expect(host.events).toEqual([{ topic: "Transfer", data: new Uint8Array([97, 98, 99]) }]);
    expect(host.messages.length).toBe(1);
    // Cells: storage_set key+value (1 + 5) + storage_get read 0.01/byte (1) + event data/2 rounded
    // up (2) + send_message method+payload (4) + set_timer data (1)
    expect(r.cells).toBe(14n);
  });
  it("charges the §17.3 host costs", () => {
    const { modules } = setup();
    const base = runScript("import pvm_host as h\nx = b'k'\n", { modules }).cycles;
    const withRead = runScript("import pvm_host as h\nx = b'k'\nh.storage_get(x)\n", { modules }).cycles;
    // one expression statement (1) + a call (10) + attribute (3) + storage_read (100)
    expect(withRead - base).toBe(1n + 10n + 3n + linearCost(HOST_OPS_V1.storageRead));
  });
  it("rejects bad arguments with TypeError and changes nothing", () => {
    const { host, modules } = setup();
    let out = "";
    const r = runScript("import pvm_host as h\ntry:\n    h.storage_set('k', b'v')\nexcept TypeError as e:\n    print(e)\n", { modules, stdout: (s) => (out += s) });
    expect(r.error).toBeUndefined();
    expect(out).toBe("storage_set() argument 'key' must be bytes, not str\n");
    expect(host.storage.size).toBe(0);
  });
  it("passes a timer's per-fire budget and bid to the Host, and refuses bad ones", () => {
    const { host, modules } = setup();
    const { r, out } = refusals(
      modules,
      "set_timer",
      [
        "(100, 'tick', b'', 1, 1, None, 4, 0, 0, None)",
        "(100, 'tick', b'', -1, 1, None, 1, 0, 0, None)",
        "(100, 'tick', b'', 1, 1, None, 1, 0, 0, b'short')",
        "(100, 'tick', b'')",
      ],
      ["t = h.set_interval(10, 'tick', b'', 70000, 500, 900, 3, 20, 2, b'\\x07' * 20)"],
    );
    expect(r.error).toBeUndefined();
    expect(out).toBe(
      "ValueError set_timer() argument 'tier' must be 0 (economy), 1 (standard), 2 (fast) or 3 (urgent), got 4\n" +
        "ValueError set_timer() argument 'cycles_per_fire' must be in [0, 2**64), got -1\n" +
        "ValueError set_timer() argument 'bidding_agent' must be a 20-byte address, got 5 bytes\n" +
        "TypeError set_timer() takes 10 positional arguments but 3 were given\n",
    );
    expect([...host.timers.values()]).toEqual([
      {
        height: 52n,
        every: 10n,
        handler: "tick",
        data: new Uint8Array(0),
        options: { cyclesPerFire: 70000n, cellsPerFire: 500n, expiresAt: 900n, tier: 3, maxFeePerCycle: 20n, maxPriorityFeePerCycle: 2n, biddingAgent: new Uint8Array(20).fill(7) },
      },
    ]);
  });
  it("deploy_actor checks its salt, reaches a host that deploys, and refuses on one that does not", () => {
    const { modules } = setup();
    const { r, out } = refusals(modules, "deploy_actor", ["(b'x = 1\\n', b'short', b'')", "('x = 1', b'\\x00' * 32, b'')", "(b'x = 1\\n', b'\\x00' * 32, b'')"]);
    expect(r.error).toBeUndefined();
    expect(out).toBe(
      [
        "ValueError deploy_actor() argument 'salt' must be 32 bytes, got 5",
        "TypeError deploy_actor() argument 'code' must be bytes, not str",
        "RuntimeError this host does not deploy actors",
        "",
      ].join("\n"),
    );
    // A host that deploys: its outcome comes back as (ok, address) and its price is charged to the caller.
    const deploying = new MemoryHost();
    const seen: [string, number, number][] = [];
    Object.assign(deploying, {
      deployActor: (code: Uint8Array, salt: Uint8Array, args: Uint8Array) => {
        seen.push([new TextDecoder().decode(code), salt.length, args.length]);
        return { ok: true, data: new Uint8Array(20).fill(0xcd), cycles: 100_000, cells: 9 };
      },
    });
    const m = new ModuleRegistry().register("pvm_host", hostModuleDef(deploying));
    let printed = "";
    const base = runScript("import pvm_host as h\nok, a = (True, b'')\n", { modules: m }).cycles;
    const ran = runScript("import pvm_host as h\nok, a = h.deploy_actor(b'x = 1\\n', b'\\x01' * 32, b'\\x80')\nprint(ok, a.hex())\n", {
      modules: m,
      stdout: (s) => (printed += s),
    });
    expect(ran.error).toBeUndefined();
    expect(printed).toBe(`True ${"cd".repeat(20)}\n`);
    expect(seen).toEqual([["x = 1\n", 32, 1]]);
    expect(ran.cycles - base).toBeGreaterThan(100_000n + linearCost(HOST_OPS_V1.callActor));
  });
  it("stops at the Cells limit with OutOfCells", () => {
    const { modules } = setup();
    const r = runScript("import pvm_host as h\nh.storage_set(b'k', b'x' * 100)\n", { modules, cellsLimit: 50n });
    expect(r.error?.code).toBe("OutOfCells");
  });
});
