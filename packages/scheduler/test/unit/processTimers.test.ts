// processTimers (§5.1a FIFO) and timersOf over a real @cowboy/state Fork (memory backend), with a
// small in-test host that keeps balances in a map and records every handler run.
import { toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { cancelTimer, createSchedulerConfig, getTimer, scheduleTimer, SchedulerError, timersOf } from "../../src/index.js";
import { A, B, setup } from "../utils/helpers.js";

describe("processTimers (FIFO phase)", () => {
  it("writes nothing while no timer exists", () => {
    const { fork, block } = setup();
    const before = fork.computeRoot();
    expect(block(1n)).toMatchObject({ fired: [], destroyed: [], laneCyclesUsed: 0n, maintenanceSteps: 0 });
    expect(toHex(fork.computeRoot())).toBe(toHex(before));
  });

  it("fires due timers in height then scheduling order, charges used × basefee and refunds the rest", () => {
    const { host, schedule, block } = setup();
    const t1 = schedule(1n, 5n, { handler: "first" });
    const t2 = schedule(2n, 4n, { handler: "early" });
    const t3 = schedule(2n, 5n, { handler: "second" });
    for (let h = 3n; h < 5n; h++) block(h);
    expect(host.runs.map((r) => r.handler)).toEqual(["early"]);
    const balance = host.accounts.balanceOf(A);
    const r = block(5n);
    expect(r.fired.map((f) => toHex(f.id))).toEqual([toHex(t1), toHex(t3)]);
    expect(r.fired[0]).toMatchObject({ cyclesUsed: 1_000n, cellsUsed: 10n, charged: 1_000n * 10n + 10n * 2n, refunded: 50_000n * 10n + 100n * 2n - 10_020n, rearmedAt: null });
    expect(r.laneCyclesUsed).toBe(2_000n);
    expect(r.burned).toBe(2n * 10_020n);
    expect(host.accounts.balanceOf(A)).toBe(balance - 2n * 10_020n);
    expect(toHex(t2)).not.toBe(toHex(t1));
  });

  it("re-arms an interval one interval after each fire and stops at its expiry", () => {
    const { fork, host, schedule, block } = setup();
    const id = schedule(1n, 3n, { interval: 4n, expiresAt: 11n });
    const fires: bigint[] = [];
    for (let h = 2n; h <= 20n; h++) {
      for (const f of block(h).fired) {
        fires.push(h);
        expect(f.rearmedAt).toBe(h + 4n <= 11n ? h + 4n : null);
      }
    }
    expect(fires).toEqual([3n, 7n, 11n]);
    expect(getTimer(fork, id)).toBeUndefined();
    expect(timersOf(fork, A)).toEqual([]);
    expect(host.runs).toHaveLength(3);
  });

  it("destroys expired timers and timers whose payer cannot cover the pre-charge, without running them", () => {
    const { fork, host, schedule, block } = setup();
    const poor = schedule(1n, 3n, { owner: B });
    const stale = schedule(1n, 3n, { expiresAt: 3n });
    const live = schedule(1n, 3n);
    block(2n);
    // Block 3 is not processed here (as if the lane had been full): at 4, `stale` is past its expiry.
    const r = block(4n);
    expect(r.destroyed).toEqual([
      { id: poor, owner: B, handler: "tick", reason: "insufficient-funds" },
      { id: stale, owner: A, handler: "tick", reason: "expired" },
    ]);
    expect(r.fired.map((f) => toHex(f.id))).toEqual([toHex(live)]);
    expect(host.runs).toHaveLength(1);
    expect(getTimer(fork, poor)).toBeUndefined();
    expect(getTimer(fork, stale)).toBeUndefined();
  });

  it("rolls due timers over in FIFO order when the lane is full", () => {
    const cfg = createSchedulerConfig({ laneCycles: 120_000n, maxCyclesPerFire: 50_000n, maxCyclesPerFireAuction: 50_000n });
    const { host, schedule, block } = setup(cfg);
    host.onRun = (fire) => ({ cyclesUsed: fire.cyclesLimit, cellsUsed: 0n });
    const ids = [0, 1, 2, 3, 4].map(() => schedule(1n, 3n));
    const r3 = block(3n);
    expect(r3.fired.map((f) => toHex(f.id))).toEqual(ids.slice(0, 2).map(toHex));
    expect(r3.rolledOver).toBe(3);
    expect(r3.laneCyclesUsed).toBe(100_000n);
    const r4 = block(4n);
    expect(r4.fired.map((f) => toHex(f.id))).toEqual(ids.slice(2, 4).map(toHex));
    expect(host.runs.slice(2).every((r) => r.height === 4n)).toBe(true);
    expect(block(5n).fired.map((f) => toHex(f.id))).toEqual([toHex(ids[4]!)]);
  });

  it("lets a handler reschedule itself and cancel its own interval", () => {
    const { fork, host, schedule, block, cfg } = setup();
    schedule(1n, 2n, { handler: "again" });
    const interval = schedule(1n, 2n, { handler: "quit", interval: 1n });
    host.onRun = (fire) => {
      if (fire.record.handler === "again" && fire.height < 6n)
        scheduleTimer(fork, fire.height, { owner: A, handler: "again", data: new Uint8Array(0), fireHeight: fire.height + 1n, gasLimitPerFire: 50_000n, maxCellsPerFire: 0n }, cfg);
      if (fire.record.handler === "quit" && fire.height === 3n) cancelTimer(fork, fire.height, A, fire.id, cfg);
      return { cyclesUsed: 10n, cellsUsed: 0n };
    };
    for (let h = 2n; h <= 8n; h++) block(h);
    expect(host.runs.map((r) => `${r.handler}@${r.height}`)).toEqual(["again@2", "quit@2", "again@3", "quit@3", "again@4", "again@5", "again@6"]);
    expect(getTimer(fork, interval)).toBeUndefined();
    expect(timersOf(fork, A)).toEqual([]);
  });

  it("fires a timer a million blocks ahead at exactly its height, maintenance bounded per block", () => {
    const { host, schedule, block, cfg } = setup();
    const far = 1_000_000n;
    schedule(1n, far);
    let worst = 0;
    let firedAt: bigint | null = null;
    for (let h = 2n; h <= far + 1n; h++) {
      const r = block(h);
      if (r.maintenanceSteps > worst) worst = r.maintenanceSteps;
      if (r.fired.length > 0) firedAt = h;
    }
    expect(firedAt).toBe(far);
    expect(host.runs).toHaveLength(1);
    expect(host.runs[0]).toMatchObject({ handler: "tick", height: far, cyclePrice: 10n });
    expect(worst).toBeLessThanOrEqual(cfg.maintenanceBudget);
  }, 300_000);

  it("keeps per-block maintenance within a small budget while far heights migrate", () => {
    const cfg = createSchedulerConfig({ ringSize: 16, epochLength: 16, horizonEpochs: 2, maintenanceBudget: 4 });
    const { host, schedule, block } = setup(cfg);
    const heights = [40n, 41n, 47n, 300n, 301n, 5_000n];
    for (const at of heights) schedule(1n, at);
    let worst = 0;
    for (let h = 2n; h <= 5_001n; h++) worst = Math.max(worst, block(h).maintenanceSteps);
    expect(host.runs.map((r) => r.height)).toEqual(heights);
    expect(worst).toBeLessThanOrEqual(4 + 4);
  });

  it("refuses a height already processed and bad host results, with codes", () => {
    const { host, schedule, block } = setup();
    schedule(1n, 3n);
    block(2n);
    expect(() => block(2n)).toThrow(SchedulerError);
    host.onRun = () => ({ cyclesUsed: 60_000n, cellsUsed: 0n });
    try {
      block(3n);
      expect.unreachable();
    } catch (e) {
      expect((e as SchedulerError).code).toBe("BAD_HOST_RESULT");
    }
  });
});

describe("timersOf", () => {
  it("lists an owner's active timers in creation order through schedule, cancel and fire", () => {
    const { fork, schedule, block, cfg } = setup();
    const ids = [10n, 20n, 30n, 40n].map((at) => schedule(1n, at));
    schedule(1n, 25n, { owner: B });
    expect(timersOf(fork, A).map((t) => toHex(t.id))).toEqual(ids.map(toHex));
    cancelTimer(fork, 2n, A, ids[2]!, cfg);
    expect(timersOf(fork, A).map((t) => t.record.fireHeight)).toEqual([10n, 20n, 40n]);
    for (let h = 2n; h <= 20n; h++) block(h);
    expect(timersOf(fork, A).map((t) => toHex(t.id))).toEqual([toHex(ids[3]!)]);
    expect(timersOf(fork, B).map((t) => t.record.fireHeight)).toEqual([25n]);
  });

  it("refuses a malformed owner", () => {
    const { fork } = setup();
    expect(() => timersOf(fork, new Uint8Array(19) as never)).toThrow(/owner must be 20 bytes, got 19/);
  });
});
