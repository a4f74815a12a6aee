import type { PriorityTier, TimerRecord } from "./timerRecord.js";

/** Balances as execution keeps them (in the same fork). Amounts are bigint base units. */
export interface TimerAccounts {
  balanceOf(address: Uint8Array): bigint;
  /** Removes `amount` (<= balance, checked by the scheduler first). */
  debit(address: Uint8Array, amount: bigint): void;
  credit(address: Uint8Array, amount: bigint): void;
}

/** One fire handed to execution: run `record.handler` of `record.owner` with `record.data`. */
export interface TimerFire {
  readonly id: Uint8Array;
  readonly record: TimerRecord;
  readonly height: bigint;
  /** Cycles and Cells the handler may use (already pre-charged). */
  readonly cyclesLimit: bigint;
  readonly cellsLimit: bigint;
  /** Price per Cycle charged (basefee, plus the tip in the auction phase) and per Cell. */
  readonly cyclePrice: bigint;
  readonly cellPrice: bigint;
}

/** What the handler consumed; a handler that raised still reports what it used. */
export interface FireResult {
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
}

/** CIP-1 context given to a Gas Bidding Agent (read-only call). */
export interface GasBidContext {
  readonly timerId: Uint8Array;
  readonly owner: Uint8Array;
  readonly triggerHeight: bigint;
  readonly currentHeight: bigint;
  /** The timer-lane basefee per Cycle. */
  readonly basefeeCycle: bigint;
  readonly basefeeCell: bigint;
  /** Timer-lane Cycles used by the previous block. */
  readonly lastBlockCycleUsage: bigint;
  readonly ownerBalance: bigint;
  readonly tier: PriorityTier;
}

/** A bid per Cycle (TxFeeParams of CIP-1). */
export interface GasBid {
  readonly maxFeePerCycle: bigint;
  readonly maxPriorityFeePerCycle: bigint;
}

/** What execution provides to `processTimers`. */
export interface TimerHost {
  readonly accounts: TimerAccounts;
  /** Runs the handler (inside its own checkpoint) and reports usage within the limits. */
  runHandler(fire: TimerFire): FireResult;
  /** Read-only call `getGasBid(context)` on `gba`; null when the call fails or returns garbage. */
  queryGasBid?(gba: Uint8Array, context: GasBidContext): GasBid | null;
}

/** Per-block prices from the CIP-3 fee markets. */
export interface BlockFees {
  readonly cycleBasefee: bigint;
  readonly cellBasefee: bigint;
}
