// CBFS scheduled proofs of retrievability (cips/cbfs.md §11.2): every porScheduleInterval blocks the chain opens a
// challenge, with 0x0A as challenger, against one receipted holding at 0x0A drawn from this block's beacon.
import { DEFAULT_CBFS_CHAIN_CONFIG, scheduledPorChallenge } from "@cowboy/cbfs";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";

export function processCbfsPorSchedule(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  scheduledPorChallenge(state, env.height, env.beacon, params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG);
}
