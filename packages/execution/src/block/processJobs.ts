// Step 4 of the spec's state transition, Resolve Jobs (cips/runner-market.md "The jobs step", "Delivery"): the
// runner market advances every open job (@cowboy/runner-market processJobs), then each ended job's result reaches its
// poster as a deferred transaction in the Runner lane: a call from 0x02 to `callback(job_id, status, result)` with the
// market's callback Cycles and Cells, paid by the poster at the Runner lane's basefees (pre-charged at the limits,
// the unused part never taken; all of it burned like any basefee). A poster that cannot cover the limits is skipped.
import { concatBytes, encodeCbor } from "@cowboy/codec";
import { laneBasefee } from "@cowboy/fee-market";
import { JOB_DISPATCHER_ADDRESS, processJobs as advanceJobs, type Delivery, type JobRecord, getJob, openJobIds } from "@cowboy/runner-market";
import { ReceiptStatus, receiptStatusName } from "@cowboy/types";
import { HostFault } from "@cowboy/pvm";
import { TxExhausted } from "../errors.js";
import { TxRun } from "../actors/run.js";
import { marketContext } from "../transaction/runnerMarketInstruction.js";
import { processSecretReservations } from "./processSecretReservations.js";
import { processCbfsJobDelegations } from "./processCbfsJobDelegations.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";
import type { BlockTally } from "./tally.js";

/** The continuation's arguments: the canonical CBOR list [job_id, status, result], the result spliced in as stored. */
export function continuationPayload(d: Delivery): Uint8Array {
  const head = Uint8Array.of(0x83);
  return concatBytes(head, encodeCbor(d.jobId), encodeCbor(d.status), d.result ?? encodeCbor(null));
}

/** The open jobs whose committee was drawn at `height`, in open-job order. */
function jobsDrawnAt(state: StateAccess, height: bigint): JobRecord[] {
  const drawn: JobRecord[] = [];
  for (const id of openJobIds(state)) {
    const job = getJob(state, id);
    if (job !== undefined && job.selectedAt === height) drawn.push(job);
  }
  return drawn;
}

export function processJobs(state: StateAccess, env: BlockEnv, params: ChainParams, tally: BlockTally): void {
  const cfg = params.runnerMarket;
  if (cfg === undefined) return;
  const accounts = new Accounts(state, params.accountKey);
  const deliveries = advanceJobs(marketContext(state, accounts, env, params));
  // CBSS reservations and CBFS read delegations for the committees drawn in this block (here, so block building and
  // applying run them alike), over one read of the open jobs.
  const drawn = jobsDrawnAt(state, env.height);
  processSecretReservations(state, env, drawn);
  processCbfsJobDelegations(state, env, params, drawn);
  const cycleFee = laneBasefee(env.cycleBasefee, "runner", params.feeMarket);
  const cellFee = laneBasefee(env.cellBasefee, "runner", params.feeMarket);
  let cycles = 0n;
  let cells = 0n;
  let burned = 0n;
  for (const d of deliveries) {
    const record = { jobId: d.jobId, poster: d.poster, callback: d.callback, jobStatus: d.status };
    const maxFee = cfg.callbackCycles * cycleFee + cfg.callbackCells * cellFee;
    // The lane's room: a continuation that no longer fits waits for nobody — it is skipped like an unpaid one.
    if (accounts.get(d.poster).balance < maxFee || tally.misfit("runner", cycles + cfg.callbackCycles, cells + cfg.callbackCells) !== null) {
      env.actors.journal.continuations.push({ ...record, status: "skipped", cyclesUsed: 0n, cellsUsed: 0n, events: [], trace: { status: "reverted", error: null, output: "" } });
      continue;
    }
    // Pre-charged outside the continuation's checkpoint, so what the handler does with the balance cannot undo it.
    accounts.debit(d.poster, maxFee);
    const run = new TxRun(state, env, params, env.actors, JOB_DISPATCHER_ADDRESS, cfg.callbackCycles, cfg.callbackCells);
    const checkpoint = state.checkpoint();
    let status: ReceiptStatus;
    let fault: HostFault | null = null;
    try {
      const outcome = run.call(d.poster, d.callback, continuationPayload(d), 0n);
      state.commitCheckpoint(checkpoint);
      env.actors.delivered.push(...run.delivered);
      status = outcome.ok ? ReceiptStatus.Success : ReceiptStatus.Reverted;
    } catch (error) {
      state.revertTo(checkpoint);
      // A fault cannot refuse a continuation (nobody could drop it): it fails with its whole Cycle budget, as a timer
      // fire does (cips/pvm.md "Faults").
      if (error instanceof HostFault) {
        fault = error;
        status = ReceiptStatus.Reverted;
      } else if (error instanceof TxExhausted) status = error.meter === "cycles" ? ReceiptStatus.OutOfCycles : ReceiptStatus.OutOfCells;
      else throw error;
    }
    const usedCycles = status === ReceiptStatus.OutOfCycles || fault !== null ? cfg.callbackCycles : cfg.callbackCycles - BigInt(Math.max(run.cyclesLeft, 0));
    const usedCells = status === ReceiptStatus.OutOfCells ? cfg.callbackCells : cfg.callbackCells - BigInt(Math.max(run.cellsLeft, 0));
    const fee = usedCycles * cycleFee + usedCells * cellFee;
    accounts.credit(d.poster, maxFee - fee);
    cycles += usedCycles;
    cells += usedCells;
    burned += fee;
    const ok = status === ReceiptStatus.Success;
    env.actors.journal.continuations.push({
      ...record,
      status: receiptStatusName(status),
      cyclesUsed: usedCycles,
      cellsUsed: usedCells,
      events: ok ? run.events.slice() : [],
      trace: { status: receiptStatusName(status), error: fault === null ? run.error : { type: "InternalError", message: fault.message, traceback: [] }, output: run.output.text },
    });
  }
  tally.addRunnerWork({ cycles, cells, burned });
}
