// CBFS proof-of-retrievability deadlines (cips/cbfs.md §11): every challenge at 0x0B whose deadline has passed is
// closed as missed — the relay loses reputation and is suspended, never slashed.
import { DEFAULT_CBFS_CHAIN_CONFIG, expirePorChallenges } from "@cowboy/cbfs";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";

export function processCbfsPor(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  expirePorChallenges(state, env.height, params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG);
}
