// Randomised check of the calendar queue against a plain reference model: with a tiny ring, short
// epochs and a short horizon every layer (ring, epoch lists, far set, migrations, promotions) churns,
// yet each block must fire exactly the timers the model says, in the model's order.
import { toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { cancelTimer, createSchedulerConfig, scheduleTimer, timersOf } from "../../src/index.js";
import { addr, setup } from "../utils/helpers.js";

/** xorshift32: a deterministic stream of test choices. */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

describe("queue against a reference model", () => {
  it.each([1, 2, 3])("seed %i: same fires, same order, same owner lists", (seed) => {
    const cfg = createSchedulerConfig({ ringSize: 4, epochLength: 4, horizonEpochs: 2, maintenanceBudget: 64 });
    const { fork, host, block } = setup(cfg);
    const owners = [addr(1), addr(2), addr(3)];
    for (const o of owners) host.balances.set(toHex(o), 10n ** 15n);
    host.onRun = () => ({ cyclesUsed: 10n, cellsUsed: 0n });
    const rand = rng(seed * 7_919);
    // Model: per height, ids in queue order; per id, its owner and interval.
    const lists = new Map<bigint, string[]>();
    const info = new Map<string, { owner: number; interval: bigint; raw: Uint8Array }>();
    const push = (h: bigint, id: string) => lists.set(h, [...(lists.get(h) ?? []), id]);
    for (let h = 1n; h <= 250n; h++) {
      for (let k = rand(4); k > 0; k--) {
        const o = rand(3);
        const far = rand(10) === 0;
        const at = h + 1n + BigInt(far ? 40 + rand(200) : rand(12));
        const interval = rand(4) === 0 ? BigInt(1 + rand(9)) : 0n;
        const { id } = scheduleTimer(
          fork,
          h,
          { owner: owners[o]!, handler: "t", data: new Uint8Array(0), fireHeight: at, interval, gasLimitPerFire: 1_000n, maxCellsPerFire: 0n, expiresAt: 100_000n },
          cfg,
        );
        info.set(toHex(id), { owner: o, interval, raw: id });
        push(at, toHex(id));
      }
      if (rand(3) === 0 && info.size > 0) {
        const ids = [...info.keys()];
        const victim = ids[rand(ids.length)]!;
        cancelTimer(fork, h, owners[info.get(victim)!.owner]!, info.get(victim)!.raw, cfg);
        for (const [at, l] of lists)
          lists.set(
            at,
            l.filter((x) => x !== victim),
          );
        info.delete(victim);
      }
      const expected = lists.get(h) ?? [];
      lists.delete(h);
      for (const id of expected) {
        const t = info.get(id)!;
        if (t.interval > 0n && h + t.interval <= 100_000n) push(h + t.interval, id);
        else info.delete(id);
      }
      const r = block(h);
      expect(r.fired.map((f) => toHex(f.id))).toEqual(expected);
      expect(r.rolledOver).toBe(0);
      expect(r.maintenanceSteps).toBeLessThanOrEqual(64);
    }
    for (let o = 0; o < 3; o++) {
      const mine = [...info.entries()].filter(([, t]) => t.owner === o).map(([id]) => id);
      expect(timersOf(fork, owners[o]!).map((t) => toHex(t.id))).toEqual(mine);
    }
  });
});
