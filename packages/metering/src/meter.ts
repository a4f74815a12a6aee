import { MeteringError, OutOfCells, OutOfCycles } from "./errors.js";

export interface MeterOptions {
  cyclesLimit: bigint;
  cellsLimit: bigint;
}

function guardAmount(name: string, v: unknown): bigint {
  if (typeof v !== "bigint") throw new MeteringError("InvalidArgument", `${name} must be a bigint, got ${typeof v}`);
  if (v < 0n) throw new MeteringError("InvalidArgument", `${name} must be non-negative, got ${v}`);
  return v;
}

/**
 * The dual meter of one call: Cycles (compute) and Cells (bytes). Charging more than remains throws
 * and leaves `used` at the limit, so a failed call is billed its whole limit (as the spec's "halt").
 * Hot interpreter loops do not call this per operation: they keep a local number budget and settle
 * through `consumeCycles` (see @cowboy/pvm).
 */
export class Meter {
  readonly cyclesLimit: bigint;
  readonly cellsLimit: bigint;
  #cycles = 0n;
  #cells = 0n;

  constructor(opts: MeterOptions) {
    if (opts === null || typeof opts !== "object") throw new MeteringError("InvalidArgument", "opts must be an object");
    this.cyclesLimit = guardAmount("opts.cyclesLimit", opts.cyclesLimit);
    this.cellsLimit = guardAmount("opts.cellsLimit", opts.cellsLimit);
  }

  get cyclesUsed(): bigint {
    return this.#cycles;
  }
  get cellsUsed(): bigint {
    return this.#cells;
  }
  get cyclesRemaining(): bigint {
    return this.cyclesLimit - this.#cycles;
  }
  get cellsRemaining(): bigint {
    return this.cellsLimit - this.#cells;
  }

  consumeCycles(amount: bigint): void {
    guardAmount("amount", amount);
    const next = this.#cycles + amount;
    if (next > this.cyclesLimit) {
      const used = this.#cycles;
      this.#cycles = this.cyclesLimit;
      throw new OutOfCycles(this.cyclesLimit, used, amount);
    }
    this.#cycles = next;
  }

  consumeCells(amount: bigint): void {
    guardAmount("amount", amount);
    const next = this.#cells + amount;
    if (next > this.cellsLimit) {
      const used = this.#cells;
      this.#cells = this.cellsLimit;
      throw new OutOfCells(this.cellsLimit, used, amount);
    }
    this.#cells = next;
  }
}
