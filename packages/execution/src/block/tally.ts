// The block tally (spec §6.3, cips/execution.md "Lanes"): the one record of what a block's
// transactions and fires used and paid, and the one owner of the rule that says whether a
// transaction fits. Building and importing both fill a tally, so a block the builder assembles is
// exactly what the importer recomputes: the same fit rule, the same sums, the same roots.
import { laneCapacity, type FeeMarketConfig, type LaneId } from "@cowboy/fee-market";
import { merkleRoot, receiptDigest, transactionsRoot, type LaneUsage, type Receipt, type Transaction } from "@cowboy/types";
import type { BlockJournal } from "../actors/journal.js";
import type { BlockExecution, TimerUsage } from "../types.js";

/** Why a transaction does not fit: its lane's Cycles, or the block's Cells cap. */
export type Misfit = "lane" | "cells";

type Keccak = (data: Uint8Array) => Uint8Array;

export class BlockTally {
  readonly transactions: Transaction[] = [];
  readonly receipts: Receipt[] = [];
  #laneUsage: LaneUsage = { system: 0n, timer: 0n, runner: 0n, user: 0n };
  #cyclesUsed = 0n;
  #cellsUsed = 0n;
  #burned = 0n;
  #tipped = 0n;
  #timers: TimerUsage["report"] = null;

  constructor(private readonly feeMarket: FeeMarketConfig) {}

  /** Fees burned so far in this block (transactions and timers). */
  get burned(): bigint {
    return this.#burned;
  }

  /** What keeps `cycles` in `lane` and `cells` from fitting what is left, or null when they fit. */
  misfit(lane: LaneId, cycles: bigint, cells: bigint): Misfit | null {
    if (cycles > laneCapacity(lane, this.#laneUsage, this.feeMarket)) return "lane";
    if (this.#cellsUsed + cells > this.feeMarket.cellsCap) return "cells";
    return null;
  }

  /** Counts an applied transaction when its receipt fits; otherwise changes nothing and says why. */
  add(tx: Transaction, lane: LaneId, receipt: Receipt): Misfit | null {
    const misfit = this.misfit(lane, receipt.cycles_used, receipt.cells_used);
    if (misfit !== null) return misfit;
    this.#laneUsage = { ...this.#laneUsage, [lane]: this.#laneUsage[lane] + receipt.cycles_used };
    this.#cyclesUsed += receipt.cycles_used;
    this.#cellsUsed += receipt.cells_used;
    this.#burned += receipt.fee_burned;
    this.#tipped += receipt.fee_tipped;
    this.transactions.push(tx);
    this.receipts.push(receipt);
    return null;
  }

  /**
   * Counts the block's timer fires: their Cycles fill the timer lane (the scheduler keeps them
   * within its budget) and, with their Cells, count in the header's usage, so they move the
   * basefees; their burned fees and tips add up. Once per block.
   */
  addTimers(usage: TimerUsage): void {
    this.#laneUsage = { ...this.#laneUsage, timer: this.#laneUsage.timer + usage.cycles };
    this.#cyclesUsed += usage.cycles;
    this.#cellsUsed += usage.cells;
    this.#burned += usage.burned;
    this.#tipped += usage.tipped;
    this.#timers = usage.report;
  }

  /**
   * Counts the jobs step's continuations (cips/runner-market.md "Delivery"): their Cycles fill the Runner lane and,
   * with their Cells, the header's usage; their fees are burned basefees.
   */
  addRunnerWork(usage: { readonly cycles: bigint; readonly cells: bigint; readonly burned: bigint }): void {
    this.#laneUsage = { ...this.#laneUsage, runner: this.#laneUsage.runner + usage.cycles };
    this.#cyclesUsed += usage.cycles;
    this.#cellsUsed += usage.cells;
    this.#burned += usage.burned;
  }

  get laneUsage(): LaneUsage {
    return this.#laneUsage;
  }

  get cyclesUsed(): bigint {
    return this.#cyclesUsed;
  }

  get cellsUsed(): bigint {
    return this.#cellsUsed;
  }

  /** The header's transactions_root over the counted transactions. */
  transactionsRoot(keccak256: Keccak): Uint8Array {
    return transactionsRoot(this.transactions, keccak256);
  }

  /** The header's receipts_root over the counted receipts. */
  receiptsRoot(keccak256: Keccak): Uint8Array {
    return merkleRoot(
      this.receipts.map((r) => receiptDigest(r, keccak256)),
      keccak256,
    );
  }

  /** Everything counted so far, as the block's execution result, with what `journal` observed. */
  execution(journal: BlockJournal): BlockExecution {
    return {
      receipts: this.receipts,
      laneUsage: this.#laneUsage,
      cyclesUsed: this.#cyclesUsed,
      cellsUsed: this.#cellsUsed,
      burned: this.#burned,
      tipped: this.#tipped,
      timers: this.#timers,
      journal,
    };
  }
}
