// Proposal lifecycle events (cips/governance.md "Events"): every transition of a proposal — created, voted, passed,
// rejected, queued, executed, failed, cancelled — as a chain event from 0x09, topic `cowboy:gov_<kind>`, data a CBOR
// map, so wallets and explorers follow a proposal with cowboy_getLogs instead of polling its record.
import { encodeCbor, type CborValue } from "@cowboy/codec";
import type { Event } from "@cowboy/types";
import { GOVERNANCE_ADDRESS } from "./keys.js";
import type { Proposal, VoteChoice } from "./proposal.js";

export type ProposalEvent =
  | { readonly kind: "created"; readonly proposal: Proposal }
  | { readonly kind: "voted"; readonly proposal: Proposal; readonly voter: Uint8Array; readonly choice: VoteChoice }
  | { readonly kind: "deposited"; readonly proposal: Proposal; readonly depositor: Uint8Array; readonly amount: bigint }
  | { readonly kind: "passed" | "rejected" | "executed" | "failed" | "cancelled"; readonly proposal: Proposal }
  | { readonly kind: "queued"; readonly proposal: Proposal };

export const PROPOSAL_EVENT_KINDS = ["created", "voted", "deposited", "passed", "rejected", "queued", "executed", "failed", "cancelled"] as const;

/** The fields of each event's data map (keys in this order; u64s as CBOR integers). */
function dataOf(e: ProposalEvent): Record<string, CborValue> {
  const p = e.proposal;
  switch (e.kind) {
    case "created":
      return { proposal: p.id, proposer: p.proposer, kind: p.body.kind, tier: BigInt(p.tier), voting_ends_at: p.votingEndsAt };
    case "voted":
      return { proposal: p.id, voter: e.voter, choice: e.choice };
    case "deposited":
      return { proposal: p.id, depositor: e.depositor, amount: e.amount, deposit: p.deposit };
    case "queued":
      return { proposal: p.id, eta: p.eta ?? 0n, emergency: p.emergency };
    default:
      return { proposal: p.id, note: p.note };
  }
}

/** The chain event of `e`: emitter 0x09, topic `cowboy:gov_<kind>`, data the CBOR map of dataOf. */
export function proposalEvent(e: ProposalEvent): Event {
  return { emitter: GOVERNANCE_ADDRESS.slice(), topic: new TextEncoder().encode(`cowboy:gov_${e.kind}`), data: encodeCbor(dataOf(e)) };
}
