// Determinism of the FIFO phase against the pinned vector in test-vectors/scheduler/fifo-schedule.json.
import { readVector } from "@cowboy/checks/vectors";
import { fromHex, toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { createSchedulerConfig, scheduleTimer } from "../../src/index.js";
import { addr, setup } from "../utils/helpers.js";

interface Vector {
  description: string;
  timers: Array<{ at: string; owner: number; handler: string; fireHeight: string; interval: string; cycles: string }>;
  blocks: { from: string; to: string };
  handlerCycles: string;
  fires: string[];
  stateRoot: string;
}

describe("determinism", () => {
  const vector = readVector<Vector>("scheduler/fifo-schedule.json");
  const run = () => {
    const cfg = createSchedulerConfig({ ringSize: 8, epochLength: 8, horizonEpochs: 2, laneCycles: 120_000n, maxCyclesPerFire: 60_000n, maxCyclesPerFireAuction: 60_000n });
    const { fork, host, block } = setup(cfg);
    for (const o of [0xa1, 0xb2, 0xc3]) host.balances.set(toHex(addr(o)), 10n ** 15n);
    host.onRun = (fire) => ({ cyclesUsed: BigInt(vector.handlerCycles) < fire.cyclesLimit ? BigInt(vector.handlerCycles) : fire.cyclesLimit, cellsUsed: 1n });
    const pending = [...vector.timers];
    const fires: string[] = [];
    for (let h = BigInt(vector.blocks.from); h <= BigInt(vector.blocks.to); h++) {
      while (pending.length > 0 && BigInt(pending[0]!.at) === h) {
        const t = pending.shift()!;
        scheduleTimer(
          fork,
          h,
          {
            owner: addr(t.owner),
            handler: t.handler,
            data: new Uint8Array(0),
            fireHeight: BigInt(t.fireHeight),
            interval: BigInt(t.interval),
            gasLimitPerFire: BigInt(t.cycles),
            maxCellsPerFire: 10n,
          },
          cfg,
        );
      }
      for (const f of block(h).fired) fires.push(`${f.handler}@${h}`);
    }
    return { fires, root: toHex(fork.computeRoot()) };
  };
  it("gives the same firing order and state root on every run, equal to the pinned vector", () => {
    const a = run();
    const b = run();
    expect(b).toEqual(a);
    expect(a.fires).toEqual(vector.fires);
    expect(a.root).toBe(vector.stateRoot);
    expect(fromHex(vector.stateRoot)).toHaveLength(32);
  });
});
