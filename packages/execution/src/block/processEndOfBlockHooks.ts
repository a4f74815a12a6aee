// Steps 4 and 6 of the spec's state transition, Resolve Jobs and Mint Rewards: the hooks each later
// subsystem registers in ChainParams.endOfBlockHooks, run in their registered order.
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";

export function processEndOfBlockHooks(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  for (const hook of params.endOfBlockHooks) hook(state, env, params);
}
