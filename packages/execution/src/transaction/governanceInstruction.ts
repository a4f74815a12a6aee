// The governance instructions (System sub_types 64–79, cips/governance.md "Instructions"): propose with a deposit,
// vote, and a Security Council member's approval of an action. A refusal reverts with `GovernanceError: CODE: why`.
import { castVote, councilApprove, decodeJson, GovernanceError, isCircuitBroken, submitProposal, topUpDeposit, VOTE_CHOICES } from "@cowboy/governance";
import {
  SYSTEM_ACTORS,
  systemAddress,
  type GovCouncilInstruction,
  type GovDepositInstruction,
  type GovProposeInstruction,
  type GovVoteInstruction,
  type Event,
  type Instruction,
} from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import { governanceHost } from "../governance/host.js";
import { reverted, succeeded, type InstructionContext, type InstructionResult } from "./instruction.js";

export type GovernanceInstruction = GovProposeInstruction | GovVoteInstruction | GovCouncilInstruction | GovDepositInstruction;

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

export function governanceInstruction(ctx: InstructionContext, ins: GovernanceInstruction): InstructionResult {
  if (ctx.params.governance === undefined) return reverted(ctx, exceptionLine({ type: "GovernanceError", message: "governance is not enabled on this chain" }));
  const events: Event[] = [];
  const host = governanceHost(ctx.state, ctx.params, ctx.env.height, events);
  try {
    switch (ins.type) {
      case "gov_propose": {
        const p = submitProposal(host, ctx.tx.from, decodeJson(ins.body, "body"), ins.deposit);
        return { ...succeeded(ctx, utf8(`{"id":"${p.id}","voting_ends_at":"${p.votingEndsAt}","tier":${p.tier}}`)), events };
      }
      case "gov_vote": {
        const choice = VOTE_CHOICES[Number(ins.choice)];
        if (ins.choice > 2n || choice === undefined) throw new GovernanceError("INVALID_ARGUMENT", `choice ${ins.choice}: expected 0 (yes), 1 (no) or 2 (abstain)`);
        castVote(host, ctx.tx.from, ins.proposalId, choice);
        return { ...succeeded(ctx), events };
      }
      case "gov_deposit": {
        const p = topUpDeposit(host, ctx.tx.from, ins.proposalId, ins.amount);
        return { ...succeeded(ctx, utf8(`{"id":"${p.id}","deposit":"${p.deposit}"}`)), events };
      }
      case "gov_council": {
        const outcome = councilApprove(host, ctx.tx.from, decodeJson(ins.action, "action"));
        return { ...succeeded(ctx, utf8(`{"approvals":${outcome.approvals},"executed":${outcome.executed}}`)), events };
      }
    }
  } catch (error) {
    if (!(error instanceof GovernanceError)) throw error;
    return reverted(ctx, exceptionLine({ type: "GovernanceError", message: `${error.code}: ${error.message}` }));
  }
}

/** The §9 system actor an instruction acts on, if any (circuit breaks stop these). */
function systemTargetOf(ins: Instruction): Uint8Array | undefined {
  const t = ins.type;
  if (t.startsWith("relay_")) return systemAddress(SYSTEM_ACTORS.relayRegistry);
  if (t.startsWith("storage_")) return systemAddress(SYSTEM_ACTORS.storageManager);
  if (t.startsWith("eth_")) return systemAddress(SYSTEM_ACTORS.eventListener);
  if (ins.type === "call_actor") return ins.target;
  return undefined;
}

/** The revert of an instruction whose system actor is circuit-broken, or undefined when it may run. */
export function circuitBreakRefusal(ctx: InstructionContext, ins: Instruction): InstructionResult | undefined {
  if (ctx.params.governance === undefined) return undefined;
  const target = systemTargetOf(ins);
  if (target === undefined || !isCircuitBroken(ctx.state, target)) return undefined;
  return reverted(ctx, exceptionLine({ type: "GovernanceError", message: "CIRCUIT_BROKEN: the target system actor is circuit-broken by governance" }));
}
