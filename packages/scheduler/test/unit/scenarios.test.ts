// The brief's scenarios over the FIFO phase: long-running self-rescheduling, the per-actor cap,
// cancellation, fee payers running dry and bad input leaving the state untouched. Determinism
// against the pinned vector in test-vectors/scheduler/fifo-schedule.json is in test/spec/fifo-schedule.test.ts.
import { toHex } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import { describe, expect, it } from "vitest";
import { cancelTimer, createSchedulerConfig, getTimer, processTimers, scheduleTimer, sysCancelTimer, timersOf, type ScheduleRequest } from "../../src/index.js";
import { metaKey, recordKey, TIMER_REGISTRY, TimerKeyKind } from "../../src/keys.js";
import { A, addr, B, codeOf, PRICE, setup } from "../utils/helpers.js";

describe("FIFO scenarios", () => {
  it("runs a self-rescheduling timer for 1,000 blocks, once per block", () => {
    const { fork, host, schedule, block, cfg } = setup();
    schedule(1n, 2n, { handler: "loop" });
    host.onRun = (fire) => {
      scheduleTimer(fork, fire.height, { owner: A, handler: "loop", data: new Uint8Array(0), fireHeight: fire.height + 1n, gasLimitPerFire: 50_000n, maxCellsPerFire: 100n }, cfg);
      return { cyclesUsed: 500n, cellsUsed: 0n };
    };
    for (let h = 2n; h <= 1_001n; h++) expect(block(h).fired).toHaveLength(1);
    expect(host.runs.map((r) => r.height)).toEqual(Array.from({ length: 1_000 }, (_, i) => BigInt(i + 2)));
    expect(timersOf(fork, A).map((t) => t.record.fireHeight)).toEqual([1_002n]);
    expect(host.accounts.balanceOf(A)).toBe(10n ** 15n - 1_000n * 500n * PRICE.cycleBasefee);
  });

  it("caps a timer bomb at 1,024 active timers per owner (TOO_MANY_TIMERS, state unchanged)", () => {
    const { fork, schedule, block } = setup();
    for (let i = 0; i < 1_024; i++) schedule(1n, 10n + BigInt(i % 7));
    const root = toHex(fork.computeRoot());
    expect(codeOf(() => schedule(1n, 10n))).toBe("TOO_MANY_TIMERS");
    expect(toHex(fork.computeRoot())).toBe(root);
    expect(timersOf(fork, A)).toHaveLength(1_024);
    schedule(1n, 10n, { owner: B }); // other owners are unaffected
    for (let h = 2n; h <= 10n; h++) block(h);
    schedule(10n, 20n); // a fired one-shot frees its slot
    expect(timersOf(fork, A)).toHaveLength(1_024 - Math.ceil(1_024 / 7) + 1);
  });

  it("cancels before due (never fires) and reports TIMER_NOT_FOUND after a one-shot fired", () => {
    const { fork, host, schedule, block, cfg } = setup();
    const early = schedule(1n, 5n, { handler: "early" });
    const later = schedule(1n, 5n, { handler: "later" });
    expect(codeOf(() => cancelTimer(fork, 2n, B, early, cfg))).toBe("NOT_OWNER");
    expect(cancelTimer(fork, 2n, A, early, cfg).handler).toBe("early");
    for (let h = 2n; h <= 6n; h++) block(h);
    expect(host.runs.map((r) => r.handler)).toEqual(["later"]);
    expect(codeOf(() => cancelTimer(fork, 7n, A, later, cfg))).toBe("TIMER_NOT_FOUND");
    expect(codeOf(() => sysCancelTimer(fork, 7n, early, cfg))).toBe("TIMER_NOT_FOUND");
  });

  it("cancels a due timer that rolled over, keeping the others in FIFO order", () => {
    const cfg = createSchedulerConfig({ laneCycles: 100_000n, maxCyclesPerFire: 50_000n, maxCyclesPerFireAuction: 50_000n });
    const { fork, host, schedule, block } = setup(cfg);
    host.onRun = (fire) => ({ cyclesUsed: fire.cyclesLimit, cellsUsed: 0n });
    const ids = [0, 1, 2, 3, 4].map((i) => schedule(1n, 3n, { handler: `t${i}` }));
    expect(block(3n).rolledOver).toBe(3);
    sysCancelTimer(fork, 4n, ids[2]!, cfg);
    expect(block(4n).fired.map((f) => f.handler)).toEqual(["t3", "t4"]);
    expect(host.runs.map((r) => r.handler)).toEqual(["t0", "t1", "t3", "t4"]);
  });

  it("destroys an interval whose fee payer ran dry, without firing it", () => {
    const { fork, host, schedule, block } = setup();
    const payer = addr(0xcc);
    // The pre-charge is 50,000 × 10 + 100 × 2 = 500,200; each fire burns 1,000 × 10 + 10 × 2 = 10,020.
    host.balances.set(toHex(payer), 500_200n + 10_020n - 1n);
    const id = schedule(1n, 2n, { interval: 3n, feePayer: payer });
    const seen: string[] = [];
    for (let h = 2n; h <= 12n; h++) {
      const r = block(h);
      for (const _f of r.fired) seen.push(`fire@${h}`);
      for (const d of r.destroyed) seen.push(`${d.reason}@${h}`);
    }
    expect(seen).toEqual(["fire@2", "insufficient-funds@5"]);
    expect(host.accounts.balanceOf(payer)).toBe(500_199n);
    expect(getTimer(fork, id)).toBeUndefined();
    expect(timersOf(fork, A)).toEqual([]);
  });

  it("expires an interval at its TTL and a late one-shot without running them", () => {
    const { host, schedule, block } = setup();
    schedule(1n, 2n, { interval: 2n, expiresAt: 5n, handler: "ttl" });
    const r: string[] = [];
    for (let h = 2n; h <= 8n; h++) for (const f of block(h).fired) r.push(`${f.handler}@${h}:${String(f.rearmedAt)}`);
    expect(r).toEqual(["ttl@2:4", "ttl@4:null"]);
    expect(host.runs).toHaveLength(2);
  });
});

describe("idle chains", () => {
  it("writes nothing once the queue is empty again, and re-anchors when a timer is scheduled later", () => {
    const { fork, host, schedule, block } = setup();
    schedule(1n, 3n);
    for (let h = 2n; h <= 3n; h++) block(h);
    const root = toHex(fork.computeRoot());
    for (let h = 4n; h <= 500n; h++) expect(block(h)).toMatchObject({ fired: [], maintenanceSteps: 0 });
    expect(toHex(fork.computeRoot())).toBe(root);
    schedule(500n, 2_000n, { handler: "later" });
    schedule(500n, 501n, { handler: "next" });
    const fired: string[] = [];
    for (let h = 501n; h <= 2_000n; h++) for (const f of block(h).fired) fired.push(`${f.handler}@${h}`);
    expect(fired).toEqual(["next@501", "later@2000"]);
    expect(host.runs).toHaveLength(3);
  });
});

describe("bad input", () => {
  const base = (): ScheduleRequest => ({ owner: A, handler: "tick", data: new Uint8Array(0), fireHeight: 10n, gasLimitPerFire: 1_000n, maxCellsPerFire: 0n });
  const cases: Array<[string, string, Partial<Record<keyof ScheduleRequest, unknown>>]> = [
    ["short owner", "INVALID_ARGUMENT", { owner: new Uint8Array(19) }],
    ["long fee payer", "INVALID_ARGUMENT", { feePayer: new Uint8Array(21) }],
    ["short gba", "INVALID_ARGUMENT", { gba: new Uint8Array(3) }],
    ["negative fire height", "INVALID_ARGUMENT", { fireHeight: -1n }],
    ["fire height above u64", "INVALID_ARGUMENT", { fireHeight: 1n << 64n }],
    ["number, not bigint", "INVALID_ARGUMENT", { interval: 5 }],
    ["negative max fee", "INVALID_ARGUMENT", { maxFeePerCycle: -3n }],
    ["unknown tier", "INVALID_ARGUMENT", { tier: 4 }],
    ["handler not an identifier", "INVALID_ARGUMENT", { handler: "no-dash" }],
    ["data too large", "INVALID_ARGUMENT", { data: new Uint8Array(4_097) }],
    ["zero Cycles", "INVALID_ARGUMENT", { gasLimitPerFire: 0n }],
    ["Cycles over the per-fire cap", "FIRE_CAP_EXCEEDED", { gasLimitPerFire: 550_001n }],
    ["fire in the current block", "FIRE_HEIGHT_NOT_IN_FUTURE", { fireHeight: 5n }],
    ["expiry before the first fire", "INVALID_ARGUMENT", { expiresAt: 9n }],
  ];
  it.each(cases)("%s → %s, state unchanged", (_name, code, patch) => {
    const { fork, schedule, cfg } = setup();
    schedule(1n, 7n);
    const root = toHex(fork.computeRoot());
    expect(codeOf(() => scheduleTimer(fork, 5n, { ...base(), ...patch } as ScheduleRequest, cfg))).toBe(code);
    expect(toHex(fork.computeRoot())).toBe(root);
  });

  it("refuses bad block contexts and bad host results without changing the state", () => {
    const { fork, host, schedule, block, cfg } = setup();
    schedule(1n, 3n);
    schedule(1n, 3n);
    const root = toHex(fork.computeRoot());
    expect(codeOf(() => processTimers(fork, { height: -1n, ...PRICE }, host, cfg))).toBe("INVALID_ARGUMENT");
    expect(codeOf(() => processTimers(fork, { height: 3n, cycleBasefee: 1n << 64n, cellBasefee: 1n }, host, cfg))).toBe("INVALID_ARGUMENT");
    let n = 0;
    host.onRun = () => (++n === 2 ? { cyclesUsed: -1n, cellsUsed: 0n } : { cyclesUsed: 1n, cellsUsed: 0n });
    expect(codeOf(() => block(3n))).toBe("BAD_HOST_RESULT");
    expect(toHex(fork.computeRoot())).toBe(root);
    expect(codeOf(() => timersOf(fork, "a1" as never))).toBe("INVALID_ARGUMENT");
  });
});

describe("state layout", () => {
  it('builds keys as systemKey("timer", kind ‖ item)', () => {
    const id = new Uint8Array(32).fill(7);
    expect(toHex(recordKey(id))).toBe(toHex(systemKey(TIMER_REGISTRY, new Uint8Array([TimerKeyKind.Record, ...id]))));
    expect(toHex(metaKey())).toBe(toHex(systemKey(TIMER_REGISTRY, new Uint8Array([TimerKeyKind.Meta]))));
  });
});
