// Every step of the state transition after a block's transactions, in the spec's order (cips/execution.md). The one
// list of them: applyBlock runs it to check a block, buildBlock to produce one, so the two cannot disagree on a step.
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { processCbfsPor } from "./processCbfsPor.js";
import { processCbfsPorSchedule } from "./processCbfsPorSchedule.js";
import { processCbfsRentPayout } from "./processCbfsRentPayout.js";
import { processDeliveries } from "./processDeliveries.js";
import { processDowntime } from "./processDowntime.js";
import { processEndOfBlockHooks } from "./processEndOfBlockHooks.js";
import { processEpochBoundary } from "./processEpochBoundary.js";
import { processGovernance } from "./processGovernance.js";
import { processJobs } from "./processJobs.js";
import { processRent } from "./processRent.js";
import { processReshare } from "./processReshare.js";
import { processRewards } from "./processRewards.js";
import { processTimers } from "./processTimers.js";
import type { BlockTally } from "./tally.js";

export function processAfterTransactions(state: StateAccess, env: BlockEnv, params: ChainParams, tally: BlockTally): void {
  // 3. Timers, after the transactions: fires see their writes and take the timer lane's room.
  processTimers(state, env, params, tally);
  // Deliveries after the fires, so messages a fire delivered are deduplicated too.
  processDeliveries(state, env, params);
  // 4. Jobs: after the block's transactions and timers (their commits and reveals count), before the hooks and rewards.
  processJobs(state, env, params, tally);
  // 4 and 6. Jobs and rewards (registered hooks), last: rewards count the block's fees.
  processEndOfBlockHooks(state, env, params);
  // State rent: the cursor assesses a bounded number of actors (cips/rent.md), before the rewards.
  processRent(state, env, params);
  processCbfsPor(state, env, params);
  processCbfsPorSchedule(state, env, params);
  processCbfsRentPayout(state, env, params);
  // Rewards after the hooks (every fee of the block is counted), by the set governing this block;
  // the epoch boundary last, so the next set's snapshot sees every stake change of this block.
  processDowntime(state, env, params);
  processRewards(state, env, params, tally.burned);
  processEpochBoundary(state, env, params);
  // The reshare's outcome for the new epoch, after its set is fixed (it checks the frozen recipients against it).
  processReshare(state, env, params);
  // Governance last: tallies and activations at this height; a registry write governs from the next block.
  processGovernance(state, env, params);
}
