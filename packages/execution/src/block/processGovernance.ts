// Governance's per-block step (spec §11, §8.2; cips/governance.md "Lifecycle", "Security-floor trigger"): votes ending
// at this height are tallied and proposals whose timelock ends here are activated; at a staking epoch's last block the
// security-floor trigger is evaluated. Registry writes made here govern from the next block (resolveChainParams reads
// the parent state), so an activation height H changes block H+1's arithmetic. The transitions become events from
// 0x09 in the block journal (cips/governance.md "Events").
import { advanceGovernance } from "@cowboy/governance";
import { governanceHost } from "../governance/host.js";
import { evaluateSecurityFloorAt } from "../governance/securityFloor.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";

export function processGovernance(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  if (params.governance === undefined) return;
  advanceGovernance(governanceHost(state, params, env.height, env.actors.journal.governance));
  evaluateSecurityFloorAt(state, params, env.height, env.actors.journal.governance);
}
