// What one block's timer work is given and what it reports (spec §5.1a): the inputs execution
// passes to processTimers and the per-block report it gets back.

/** One block's timer work, run by execution at the end of the block at `height` (after transactions). */
export interface TimerBlockContext {
  readonly height: bigint;
  /** The timer lane's Cycle basefee for this block (the FIFO phase price per Cycle). */
  readonly cycleBasefee: bigint;
  /** The timer lane's Cell basefee for this block. */
  readonly cellBasefee: bigint;
}

export interface FiredTimer {
  readonly id: Uint8Array;
  readonly owner: Uint8Array;
  readonly handler: string;
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
  /** What the fee payer paid for this fire (used × price, both meters). */
  readonly charged: bigint;
  /** The unused part of the pre-charge, returned to the fee payer. */
  readonly refunded: bigint;
  /** The next fire height of an interval, or null when the timer is gone. */
  readonly rearmedAt: bigint | null;
}

export interface DestroyedTimer {
  readonly id: Uint8Array;
  readonly owner: Uint8Array;
  /** The handler it would have run (for the node's timer history). */
  readonly handler: string;
  /** `expired`: past its expiresAt; `insufficient-funds`: the fee payer could not cover the pre-charge. */
  readonly reason: "expired" | "insufficient-funds";
}

export interface TimerBlockReport {
  /** In firing order. */
  readonly fired: readonly FiredTimer[];
  readonly destroyed: readonly DestroyedTimer[];
  /** Σ cyclesUsed of the fires: the header's timer-lane usage. */
  readonly laneCyclesUsed: bigint;
  /** Fees removed from supply (the basefee part). */
  readonly burned: bigint;
  /** Priority fees for the proposer (auction phase; 0 under FIFO). */
  readonly tips: bigint;
  /** Due timers left in the queue for the next block (lane or cleanup budget exhausted). */
  readonly rolledOver: number;
  /** Queue maintenance steps plus empty heights the cursor stepped over. */
  readonly maintenanceSteps: number;
  /** The price per Cycle the block's fires paid before tips: ctx.cycleBasefee under FIFO, the lane basefee under the auction. */
  readonly laneBasefee: bigint;
}
