// The reshare's epoch-boundary step (cips/staking.md "Reshare"): at an epoch's last block, after the
// next set is fixed, records the new epoch's group key, or the old key carried with the failure.
import { processReshare as settleReshare } from "@cowboy/staking";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";

export function processReshare(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  if (params.staking === undefined) return;
  settleReshare(state, params.staking, env.height);
}
