// Shared by the scheduler tests: a real @cowboy/state fork over the memory backend and a small
// TimerHost that keeps balances in a map and records every handler run.
import { toHex } from "@cowboy/codec";
import { MemoryBackend, StateStore, type Fork } from "@cowboy/state";
import { DEFAULT_SCHEDULER_CONFIG, processTimers, scheduleTimer, type GasBid, type GasBidContext, type SchedulerConfig, type TimerFire, type TimerHost } from "../../src/index.js";

export const addr = (b: number): Uint8Array => new Uint8Array(20).fill(b);
export const A = addr(0xa1);
export const B = addr(0xb2);
export const PRICE = { cycleBasefee: 10n, cellBasefee: 2n };

export class TestHost implements TimerHost {
  readonly balances = new Map<string, bigint>();
  readonly runs: Array<{ id: string; handler: string; height: bigint; cyclePrice: bigint }> = [];
  readonly bidQueries: GasBidContext[] = [];
  /** Usage each handler reports (default 1,000 Cycles, 10 Cells); may also act on the fork. */
  onRun: (fire: TimerFire) => { cyclesUsed: bigint; cellsUsed: bigint } = () => ({ cyclesUsed: 1_000n, cellsUsed: 10n });
  /** Answers of Gas Bidding Agents, by GBA address (hex); absent → null (the default GBA applies). */
  readonly bids = new Map<string, GasBid>();
  readonly accounts = {
    balanceOf: (a: Uint8Array) => this.balances.get(toHex(a)) ?? 0n,
    debit: (a: Uint8Array, n: bigint) => void this.balances.set(toHex(a), this.accounts.balanceOf(a) - n),
    credit: (a: Uint8Array, n: bigint) => void this.balances.set(toHex(a), this.accounts.balanceOf(a) + n),
  };
  runHandler(fire: TimerFire) {
    this.runs.push({ id: toHex(fire.id), handler: fire.record.handler, height: fire.height, cyclePrice: fire.cyclePrice });
    return this.onRun(fire);
  }
  queryGasBid(gba: Uint8Array, context: GasBidContext): GasBid | null {
    this.bidQueries.push(context);
    return this.bids.get(toHex(gba)) ?? null;
  }
}

export interface TimerOpts {
  owner?: Uint8Array;
  feePayer?: Uint8Array;
  handler?: string;
  interval?: bigint;
  cycles?: bigint;
  cells?: bigint;
  expiresAt?: bigint;
  maxFee?: bigint;
  maxTip?: bigint;
  tier?: 0 | 1 | 2 | 3;
  gba?: Uint8Array;
}

export function setup(cfg: SchedulerConfig = DEFAULT_SCHEDULER_CONFIG) {
  const store = StateStore.open(new MemoryBackend());
  const fork: Fork = store.fork();
  const host = new TestHost();
  host.balances.set(toHex(A), 10n ** 15n);
  const schedule = (height: bigint, fireHeight: bigint, o: TimerOpts = {}) =>
    scheduleTimer(
      fork,
      height,
      {
        owner: o.owner ?? A,
        handler: o.handler ?? "tick",
        data: new Uint8Array(0),
        fireHeight,
        interval: o.interval ?? 0n,
        gasLimitPerFire: o.cycles ?? 50_000n,
        maxCellsPerFire: o.cells ?? 100n,
        ...(o.feePayer === undefined ? {} : { feePayer: o.feePayer }),
        ...(o.expiresAt === undefined ? {} : { expiresAt: o.expiresAt }),
        ...(o.maxFee === undefined ? {} : { maxFeePerCycle: o.maxFee }),
        ...(o.maxTip === undefined ? {} : { maxPriorityFeePerCycle: o.maxTip }),
        ...(o.tier === undefined ? {} : { tier: o.tier }),
        ...(o.gba === undefined ? {} : { gba: o.gba }),
      },
      cfg,
    ).id;
  const block = (height: bigint, price = PRICE) => processTimers(fork, { height, ...price }, host, cfg);
  return { fork, host, schedule, block, cfg };
}

/** The code of the SchedulerError (or, for a bad argument, @cowboy/codec's ArgumentError) `f` throws; anything else fails the test. */
export function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof Error && "code" in e && (e.name === "SchedulerError" || e.name === "ArgumentError")) return String((e as { code: unknown }).code);
    throw e;
  }
  throw new Error("expected a SchedulerError, nothing was thrown");
}
