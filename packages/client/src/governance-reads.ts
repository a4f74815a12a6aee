// Governance (cips/governance.md; apps/node/README.md "JSON-RPC"): the parameter registry (cowboy_listParams,
// cowboy_getParam) and proposals (cowboy_listProposals, cowboy_getProposal). Heights, amounts and tallies become
// bigints; a proposal's body and a group's value stay the canonical JSON the node gives. Each answers `undefined` on a
// chain without governance.
import { fromHex } from "@cowboy/codec";
import { optional } from "./reads.js";
import type { Request } from "./transport.js";

export interface ChamberTally {
  readonly yes: bigint;
  readonly no: bigint;
  readonly abstain: bigint;
}

export interface ProposalInfo {
  readonly id: bigint;
  readonly proposer: Uint8Array;
  /** `{ kind: "param_change", changes: [...] }` and the other kinds of cips/governance.md, as JSON. */
  readonly body: unknown;
  readonly tier: number;
  readonly deposit: bigint;
  readonly submittedAt: bigint;
  readonly votingEndsAt: bigint;
  /** The chambers' sizes at submission (the quorum's base). */
  readonly totalStake: bigint;
  readonly totalValidators: bigint;
  readonly stake: ChamberTally;
  readonly validators: ChamberTally;
  readonly status: "voting" | "queued" | "executed" | "rejected" | "cancelled" | "failed" | string;
  /** Activation height once queued; null before. */
  readonly eta: bigint | null;
  readonly emergency: boolean;
  /** Why it ended as it did (empty while open). */
  readonly note: string;
}

export interface ParamAmendment {
  readonly height: bigint;
  /** The proposal that made it; null for a council action or genesis. */
  readonly proposal: bigint | null;
  readonly value: unknown;
}

export interface ParamGroupInfo {
  readonly key: string;
  readonly tier: number;
  readonly summary: string;
  /** The group's canonical JSON at the head (null when the registry holds no value: the node's base parameters apply). */
  readonly value: unknown;
  /** The last amendments (cowboy_getParam only). */
  readonly history?: readonly ParamAmendment[];
}

type Json = Record<string, unknown>;
const big = (j: Json, k: string): bigint => BigInt(j[k] as string);
const tally = (j: Json): ChamberTally => ({ yes: big(j, "yes"), no: big(j, "no"), abstain: big(j, "abstain") });

function proposalFromJson(j: Json): ProposalInfo {
  return {
    id: big(j, "id"),
    proposer: fromHex(j.proposer as string),
    body: j.body,
    tier: Number(j.tier),
    deposit: big(j, "deposit"),
    submittedAt: big(j, "submitted_at"),
    votingEndsAt: big(j, "voting_ends_at"),
    totalStake: big(j, "total_stake"),
    totalValidators: big(j, "total_validators"),
    stake: tally(j.stake as Json),
    validators: tally(j.validators as Json),
    status: j.status as string,
    eta: j.eta === null ? null : big(j, "eta"),
    emergency: j.emergency === true,
    note: (j.note as string) ?? "",
  };
}

function groupFromJson(j: Json): ParamGroupInfo {
  const history = j.history as Json[] | undefined;
  return {
    key: j.key as string,
    tier: Number(j.tier),
    summary: j.summary as string,
    value: j.value,
    ...(history === undefined ? {} : { history: history.map((h) => ({ height: big(h, "height"), proposal: h.proposal === null ? null : big(h, "proposal"), value: h.value })) }),
  };
}

/** `cowboy_listProposals`: the newest 100, newest first. */
export async function listProposals(request: Request): Promise<ProposalInfo[] | undefined> {
  return (await optional(request<Json[]>("cowboy_listProposals")))?.map(proposalFromJson);
}

/** `cowboy_getProposal`: null when there is no such proposal. */
export async function getProposal(request: Request, id: bigint): Promise<ProposalInfo | null | undefined> {
  const j = await optional(request<Json | null>("cowboy_getProposal", [id.toString()]));
  return j === undefined || j === null ? j : proposalFromJson(j);
}

/** `cowboy_listParams`: every registry group with its tier and value. */
export async function listParams(request: Request): Promise<ParamGroupInfo[] | undefined> {
  return (await optional(request<Json[]>("cowboy_listParams")))?.map(groupFromJson);
}

/** `cowboy_getParam`: one group with its last amendments (`key`: `system:…` or a short name). */
export async function getParam(request: Request, key: string): Promise<ParamGroupInfo | undefined> {
  const j = await optional(request<Json>("cowboy_getParam", [key]));
  return j === undefined ? undefined : groupFromJson(j);
}
