// The Security Council (spec §11; cips/governance.md "Security Council"): 7 of 9 members approve one action —
// cancel a voting or queued proposal, fast-track a Tier-3 one, or circuit-break a system actor (which opens its
// mandatory ratification vote). Each member sends its approval; the threshold-th distinct approval acts.
import { keccak256 } from "@cowboy/crypto";
import { toHex } from "@cowboy/codec";
import { GovernanceError } from "./errors.js";
import type { GovernanceHost } from "./host.js";
import { encodeJson, type Json } from "./json.js";
import { councilActionKey } from "./keys.js";
import { cancelProposal, councilCircuitBreak, fastTrackProposal } from "./proposals.js";
import { readJson, writeJson } from "./store.js";

export type CouncilAction =
  | { readonly action: "cancel"; readonly proposal: string }
  | { readonly action: "fast_track"; readonly proposal: string }
  | { readonly action: "circuit_break"; readonly actor: string };

/** What an approval did: counted (`approvals` so far), or executed the action. */
export interface CouncilOutcome {
  readonly approvals: number;
  readonly executed: boolean;
}

export function parseCouncilAction(json: Json): CouncilAction {
  const o = json as Record<string, Json> | null;
  if (typeof o !== "object" || o === null || Array.isArray(o)) throw new GovernanceError("INVALID_ARGUMENT", "council action: expected an object");
  const keys = Object.keys(o).sort().join(",");
  if ((o.action === "cancel" || o.action === "fast_track") && keys === "action,proposal" && typeof o.proposal === "string" && /^(0|[1-9][0-9]*)$/.test(o.proposal)) {
    return { action: o.action, proposal: o.proposal };
  }
  if (o.action === "circuit_break" && keys === "action,actor" && typeof o.actor === "string" && /^[0-9a-f]{40}$/.test(o.actor)) return { action: "circuit_break", actor: o.actor };
  throw new GovernanceError("INVALID_ARGUMENT", 'council action: expected {"action":"cancel"|"fast_track","proposal":"N"} or {"action":"circuit_break","actor":"HEX40"}');
}

/** Records `member`'s approval of `action`; at the council threshold the action runs and the approvals clear. */
export function councilApprove(host: GovernanceHost, member: Uint8Array, actionJson: Json): CouncilOutcome {
  const { state, config, height } = host;
  const memberHex = toHex(member);
  if (!config.council.includes(memberHex)) throw new GovernanceError("NOT_COUNCIL", `0x${memberHex} is not a Security Council member`);
  const action = parseCouncilAction(actionJson);
  const key = councilActionKey(keccak256(encodeJson(action as unknown as Json)));
  const stored = readJson(state, key, "council approvals") as { since: string; members: string[] } | undefined;
  // Approvals older than the window lapse: a council action is decided within one window.
  const fresh = stored !== undefined && height < BigInt(stored.since) + config.councilApprovalWindow;
  const members = fresh ? stored.members : [];
  const since = fresh ? stored.since : height.toString();
  if (!members.includes(memberHex)) members.push(memberHex);
  if (BigInt(members.length) < config.councilThreshold) {
    writeJson(state, key, { since, members: [...members].sort() });
    return { approvals: members.length, executed: false };
  }
  state.delete(key);
  switch (action.action) {
    case "cancel":
      cancelProposal(host, BigInt(action.proposal));
      break;
    case "fast_track":
      fastTrackProposal(host, BigInt(action.proposal));
      break;
    case "circuit_break":
      councilCircuitBreak(host, action.actor);
      break;
  }
  return { approvals: members.length, executed: true };
}
