// The epoch boundary (spec §6 "Validator Set"; cips/staking.md "Epochs"): the last end-of-block step
// of an epoch's last block fixes the next epoch's validator set and stake snapshot.
import { processEpochBoundary as fixNextSet } from "@cowboy/staking";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";

export function processEpochBoundary(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  if (params.staking === undefined) return;
  fixNextSet(state, params.staking, env.height);
}
