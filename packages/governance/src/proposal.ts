// Proposals and their records (spec §11; cips/governance.md "Proposals"): what a proposal asks, and the stored
// record of its life — deposit, snapshot, the two chambers' tallies, status and activation height.
import { fromHex, toHex } from "@cowboy/codec";
import type { Tier } from "./config.js";
import { GovernanceError } from "./errors.js";
import type { Json } from "./json.js";

/** What a proposal asks for. Addresses are 40 lowercase hex digits; amounts and heights decimal strings. */
export type ProposalBody =
  | { readonly kind: "param_change"; readonly changes: readonly { readonly key: string; readonly value: Json }[] }
  | { readonly kind: "treasury_spend"; readonly to: string; readonly amount: string }
  | { readonly kind: "circuit_break"; readonly actor: string; readonly broken: boolean }
  | { readonly kind: "upgrade_signal"; readonly name: string; readonly height: string; readonly info: string }
  /** Opened by the council's own circuit break (never by a transaction): rejection lifts the break. */
  | { readonly kind: "ratify_circuit_break"; readonly actor: string };

export type ProposalStatus = "voting" | "queued" | "executed" | "rejected" | "cancelled" | "failed";
export type VoteChoice = "yes" | "no" | "abstain";
export const VOTE_CHOICES: readonly VoteChoice[] = ["yes", "no", "abstain"];

export interface ChamberTally {
  readonly yes: bigint;
  readonly no: bigint;
  readonly abstain: bigint;
}

export interface Proposal {
  readonly id: bigint;
  readonly proposer: Uint8Array;
  readonly body: ProposalBody;
  readonly tier: Tier;
  readonly deposit: bigint;
  readonly submittedAt: bigint;
  readonly votingEndsAt: bigint;
  /** The chambers' sizes at submission: the quorum's base. */
  readonly totalStake: bigint;
  readonly totalValidators: bigint;
  readonly stake: ChamberTally;
  readonly validators: ChamberTally;
  readonly status: ProposalStatus;
  /** Activation height once queued (null before). */
  readonly eta: bigint | null;
  /** The council fast-tracked it: the emergency timelock applies. */
  readonly emergency: boolean;
  /** Why it ended as it did (empty while open). */
  readonly note: string;
}

const HEX40 = /^[0-9a-f]{40}$/;
const DEC = /^(0|[1-9][0-9]*)$/;

function str(v: unknown, path: string, re?: RegExp, max = 256): string {
  if (typeof v !== "string" || v.length > max || (re !== undefined && !re.test(v))) throw new GovernanceError("INVALID_ARGUMENT", `${path}: invalid value ${JSON.stringify(v)}`);
  return v;
}

function exactKeys(obj: Record<string, unknown>, keys: readonly string[], path: string): void {
  for (const k of Object.keys(obj)) if (!keys.includes(k)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: unknown field '${k}'`);
  for (const k of keys) if (!(k in obj)) throw new GovernanceError("INVALID_ARGUMENT", `${path}: missing field '${k}'`);
}

/** Checks the shape of a proposal body (not its meaning: keys, values and tiers are the caller's). */
export function parseProposalBody(json: Json): ProposalBody {
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new GovernanceError("INVALID_ARGUMENT", "proposal: expected an object");
  const o = json as Record<string, Json>;
  switch (o.kind) {
    case "param_change": {
      exactKeys(o, ["kind", "changes"], "proposal");
      if (!Array.isArray(o.changes) || o.changes.length === 0) throw new GovernanceError("INVALID_ARGUMENT", "proposal.changes: expected a non-empty array");
      const changes = (o.changes as Json[]).map((c, i) => {
        if (typeof c !== "object" || c === null || Array.isArray(c)) throw new GovernanceError("INVALID_ARGUMENT", `proposal.changes[${i}]: expected {key, value}`);
        exactKeys(c as Record<string, unknown>, ["key", "value"], `proposal.changes[${i}]`);
        const r = c as Record<string, Json>;
        return { key: str(r.key, `proposal.changes[${i}].key`), value: r.value! };
      });
      if (new Set(changes.map((c) => c.key)).size !== changes.length) throw new GovernanceError("INVALID_ARGUMENT", "proposal.changes: a key appears twice");
      return { kind: "param_change", changes };
    }
    case "treasury_spend":
      exactKeys(o, ["kind", "to", "amount"], "proposal");
      return { kind: "treasury_spend", to: str(o.to, "proposal.to", HEX40), amount: str(o.amount, "proposal.amount", DEC, 20) };
    case "circuit_break":
      exactKeys(o, ["kind", "actor", "broken"], "proposal");
      if (typeof o.broken !== "boolean") throw new GovernanceError("INVALID_ARGUMENT", "proposal.broken: expected a boolean");
      return { kind: "circuit_break", actor: str(o.actor, "proposal.actor", HEX40), broken: o.broken };
    case "upgrade_signal":
      exactKeys(o, ["kind", "name", "height", "info"], "proposal");
      return {
        kind: "upgrade_signal",
        name: str(o.name, "proposal.name", /^[A-Za-z0-9._-]{1,64}$/),
        height: str(o.height, "proposal.height", DEC, 20),
        info: str(o.info, "proposal.info", undefined, 1024),
      };
    default:
      throw new GovernanceError("INVALID_ARGUMENT", `proposal.kind: expected param_change, treasury_spend, circuit_break or upgrade_signal, got ${JSON.stringify(o.kind)}`);
  }
}

const tallyJson = (t: ChamberTally): Json => ({ yes: t.yes.toString(), no: t.no.toString(), abstain: t.abstain.toString() });
const tallyOf = (j: Record<string, string>): ChamberTally => ({ yes: BigInt(j.yes!), no: BigInt(j.no!), abstain: BigInt(j.abstain!) });

/** The stored (and RPC) form of a proposal. */
export function proposalToJson(p: Proposal): Json {
  return {
    id: p.id.toString(),
    proposer: toHex(p.proposer),
    body: p.body as unknown as Json,
    tier: p.tier,
    deposit: p.deposit.toString(),
    submitted_at: p.submittedAt.toString(),
    voting_ends_at: p.votingEndsAt.toString(),
    total_stake: p.totalStake.toString(),
    total_validators: p.totalValidators.toString(),
    stake: tallyJson(p.stake),
    validators: tallyJson(p.validators),
    status: p.status,
    eta: p.eta === null ? null : p.eta.toString(),
    emergency: p.emergency,
    note: p.note,
  };
}

export function proposalFromJson(j: Json): Proposal {
  try {
    const o = j as Record<string, Json>;
    return {
      id: BigInt(o.id as string),
      proposer: fromHex(o.proposer as string),
      body: o.body as unknown as ProposalBody,
      tier: o.tier as Tier,
      deposit: BigInt(o.deposit as string),
      submittedAt: BigInt(o.submitted_at as string),
      votingEndsAt: BigInt(o.voting_ends_at as string),
      totalStake: BigInt(o.total_stake as string),
      totalValidators: BigInt(o.total_validators as string),
      stake: tallyOf(o.stake as Record<string, string>),
      validators: tallyOf(o.validators as Record<string, string>),
      status: o.status as ProposalStatus,
      eta: o.eta === null ? null : BigInt(o.eta as string),
      emergency: o.emergency === true,
      note: o.note as string,
    };
  } catch (error) {
    throw new GovernanceError("CORRUPT_STATE", `proposal record: ${(error as Error).message}`);
  }
}
