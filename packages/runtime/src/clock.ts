// The real Clock (ARCHITECTURE.md, "Rules of the house"): wall-clock time from Date.now and timers
// from setTimeout. The simulator's virtual clock lives in sim/; distributed code sees only `Clock`.
import { aint } from "@cowboy/codec";
import type { Clock, Timer } from "./capabilities.js";

export interface RealClockOptions {
  /** When true, pending timers do not keep the Node process alive (setTimeout(...).unref()). Default false. */
  readonly unref?: boolean;
}

/** Node's longest timer: setTimeout clamps larger delays to 1 ms, so longer ones are refused. */
const MAX_DELAY_MS = 2_147_483_647;

/** A Clock on Date.now and setTimeout. */
export function realClock(options: RealClockOptions = {}): Clock {
  const unref = options.unref === true;
  const schedule = (ms: number, fn: () => void): Timer => {
    aint(ms, "ms", 0, MAX_DELAY_MS);
    const handle = setTimeout(fn, ms);
    if (unref) handle.unref();
    return { cancel: () => clearTimeout(handle) };
  };
  return {
    now: () => Date.now(),
    schedule,
    sleep: (ms) => new Promise<void>((resolve) => schedule(ms, resolve)),
  };
}
