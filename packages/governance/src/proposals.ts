// The proposal lifecycle (spec §11; cips/governance.md "Lifecycle"): submit with a deposit → vote in two chambers
// until votingEndsAt → tally (quorum and threshold of the tier in both) → queued for the timelock → activated by
// the per-block step at its eta. Every transition at a height is listed under that height (bounded work per block).
import { equalBytes, fromHex, toHex } from "@cowboy/codec";
import type { Tier } from "./config.js";
import { recordTopUp, settleDeposits } from "./deposits.js";
import { GovernanceError } from "./errors.js";
import type { GovernanceHost } from "./host.js";
import type { Json } from "./json.js";
import { circuitKey, dueKey, GOVERNANCE_ADDRESS, proposalCountKey, proposalKey, TREASURY_ADDRESS, voteKey } from "./keys.js";
import { parseProposalBody, proposalFromJson, proposalToJson, type ChamberTally, type Proposal, type ProposalBody, type VoteChoice } from "./proposal.js";
import { setParam } from "./registry.js";
import { recordUpgradeSignal } from "./upgrade.js";
import { readCount, readJson, writeJson, type GovernanceState, type StateReader } from "./store.js";

const ZERO: ChamberTally = { yes: 0n, no: 0n, abstain: 0n };

export function getProposal(state: StateReader, id: bigint): Proposal | undefined {
  const j = readJson(state, proposalKey(id), `proposal ${id}`);
  return j === undefined ? undefined : proposalFromJson(j);
}

export function proposalCount(state: StateReader): bigint {
  return readCount(state, proposalCountKey(), "proposal count");
}

function put(state: GovernanceState, p: Proposal): void {
  writeJson(state, proposalKey(p.id), proposalToJson(p));
}

function due(state: GovernanceState, height: bigint): bigint[] {
  const j = readJson(state, dueKey(height), `due ${height}`);
  return j === undefined ? [] : (j as string[]).map((s) => BigInt(s));
}

function schedule(state: GovernanceState, height: bigint, id: bigint): void {
  const ids = due(state, height);
  if (!ids.includes(id))
    writeJson(
      state,
      dueKey(height),
      [...ids, id].map((x) => x.toString()),
    );
}

/** The tier a body needs: its parameters' for a change (from the host), fixed for the other kinds. */
function tierOf(host: GovernanceHost, body: ProposalBody): Tier {
  switch (body.kind) {
    case "param_change":
      if (BigInt(body.changes.length) > host.config.maxChangesPerProposal)
        throw new GovernanceError("INVALID_ARGUMENT", `a proposal carries at most ${host.config.maxChangesPerProposal} changes`);
      return host.checkParams(body.changes);
    case "treasury_spend":
      if (BigInt(body.amount) === 0n) throw new GovernanceError("INVALID_ARGUMENT", "proposal.amount: must be positive");
      return 1;
    case "circuit_break":
    case "ratify_circuit_break":
      checkBreakable(body.actor);
      return 2;
    case "upgrade_signal":
      return 3;
  }
}

/** Only the §9 system actors (0x01–0xff) can be circuit-broken, and never Governance itself. */
function checkBreakable(actorHex: string): void {
  const a = fromHex(actorHex);
  const system = a.subarray(0, 19).every((b) => b === 0) && a[19] !== 0;
  if (!system || equalBytes(a, GOVERNANCE_ADDRESS)) throw new GovernanceError("INVALID_ARGUMENT", `0x${actorHex} is not a system actor governance may circuit-break`);
}

function open(host: GovernanceHost, proposer: Uint8Array, body: ProposalBody, tier: Tier, deposit: bigint): Proposal {
  const { state, height, config } = host;
  const id = proposalCount(state);
  const electorate = host.electorate(height);
  const p: Proposal = {
    id,
    proposer: proposer.slice(),
    body,
    tier,
    deposit,
    submittedAt: height,
    votingEndsAt: height + config.votingPeriod,
    totalStake: electorate.totalStake,
    totalValidators: electorate.totalValidators,
    stake: ZERO,
    validators: ZERO,
    status: "voting",
    eta: null,
    emergency: false,
    note: "",
  };
  put(state, p);
  writeJson(state, proposalCountKey(), (id + 1n).toString());
  schedule(state, p.votingEndsAt, id);
  host.emit?.({ kind: "created", proposal: p });
  return p;
}

/** Submits a proposal (`body` as parsed JSON): checks it, locks `deposit` at 0x09 and opens the vote. */
export function submitProposal(host: GovernanceHost, proposer: Uint8Array, bodyJson: Json, deposit: bigint): Proposal {
  const body = parseProposalBody(bodyJson);
  const tier = tierOf(host, body);
  if (deposit < host.config.minDeposit) throw new GovernanceError("INSUFFICIENT_DEPOSIT", `deposit ${deposit} is below the minimum ${host.config.minDeposit}`);
  if (host.accounts.balanceOf(proposer) < deposit) throw new GovernanceError("INSUFFICIENT_DEPOSIT", `balance does not cover the deposit ${deposit}`);
  host.accounts.debit(proposer, deposit);
  host.accounts.credit(GOVERNANCE_ADDRESS, deposit);
  return open(host, proposer, body, tier, deposit);
}

/**
 * Adds `amount` from `from` to the deposit of a proposal still in its vote (cips/governance.md "Deposits"); it is
 * refunded to `from` with the rest, or forfeited with the rest on a missed quorum.
 */
export function topUpDeposit(host: GovernanceHost, from: Uint8Array, id: bigint, amount: bigint): Proposal {
  const p = getProposal(host.state, id);
  if (p === undefined) throw new GovernanceError("UNKNOWN_PROPOSAL", `no proposal ${id}`);
  if (p.status !== "voting" || host.height > p.votingEndsAt) throw new GovernanceError("WRONG_STATUS", `proposal ${id} is ${p.status}; deposits closed at ${p.votingEndsAt}`);
  if (amount <= 0n) throw new GovernanceError("INSUFFICIENT_DEPOSIT", "a top-up must be above zero");
  if (host.accounts.balanceOf(from) < amount) throw new GovernanceError("INSUFFICIENT_DEPOSIT", `balance does not cover the top-up ${amount}`);
  host.accounts.debit(from, amount);
  host.accounts.credit(GOVERNANCE_ADDRESS, amount);
  recordTopUp(host.state, id, from, amount);
  const next = { ...p, deposit: p.deposit + amount };
  put(host.state, next);
  host.emit?.({ kind: "deposited", proposal: next, depositor: from.slice(), amount });
  return next;
}

function add(t: ChamberTally, choice: VoteChoice, w: bigint): ChamberTally {
  return { ...t, [choice]: t[choice] + w };
}

/** Casts (or replaces) `voter`'s vote, weighted by the electorate at the proposal's submission. */
export function castVote(host: GovernanceHost, voter: Uint8Array, id: bigint, choice: VoteChoice): Proposal {
  const { state, height } = host;
  const p = getProposal(state, id);
  if (p === undefined) throw new GovernanceError("UNKNOWN_PROPOSAL", `no proposal ${id}`);
  if (p.status !== "voting" || height > p.votingEndsAt) throw new GovernanceError("WRONG_STATUS", `proposal ${id} is ${p.status}; votes closed at ${p.votingEndsAt}`);
  const electorate = host.electorate(p.submittedAt);
  const weight = electorate.stakeOf(voter);
  const validator = electorate.isValidator(voter);
  if (weight === 0n && !validator) throw new GovernanceError("NOT_A_VOTER", `0x${toHex(voter)} had no stake and was no validator at height ${p.submittedAt}`);
  let stake = p.stake;
  let validators = p.validators;
  const previous = readJson(state, voteKey(id, voter), "vote") as { choice: VoteChoice; weight: string; validator: boolean } | undefined;
  if (previous !== undefined) {
    stake = add(stake, previous.choice, -BigInt(previous.weight));
    if (previous.validator) validators = add(validators, previous.choice, -1n);
  }
  stake = add(stake, choice, weight);
  if (validator) validators = add(validators, choice, 1n);
  writeJson(state, voteKey(id, voter), { choice, weight: weight.toString(), validator });
  const next = { ...p, stake, validators };
  put(state, next);
  host.emit?.({ kind: "voted", proposal: next, voter: voter.slice(), choice });
  return next;
}

/** Whether a chamber with `total` members (or stake) and tally `t` reaches the tier's quorum and threshold. */
export function chamberPasses(t: ChamberTally, total: bigint, rule: { quorumBps: bigint; thresholdBps: bigint }): { quorum: boolean; passed: boolean } {
  const turnout = t.yes + t.no + t.abstain;
  const quorum = total > 0n && turnout * 10_000n >= rule.quorumBps * total;
  return { quorum, passed: quorum && t.yes * 10_000n > rule.thresholdBps * (t.yes + t.no) };
}

function tally(host: GovernanceHost, p: Proposal): void {
  const rule = host.config.tiers[p.tier]!;
  const s = chamberPasses(p.stake, p.totalStake, rule);
  const v = chamberPasses(p.validators, p.totalValidators, rule);
  if (s.passed && v.passed) {
    // A zero timelock activates in the next block: the block that passes a proposal never activates it.
    const lock = p.emergency ? host.config.emergencyTimelock : host.config.timelock;
    const eta = host.height + (lock > 0n ? lock : 1n);
    const queued: Proposal = { ...p, status: "queued", eta, note: "passed both chambers" };
    put(host.state, queued);
    schedule(host.state, eta, p.id);
    host.emit?.({ kind: "passed", proposal: queued });
    host.emit?.({ kind: "queued", proposal: queued });
    return;
  }
  const quorum = s.quorum && v.quorum;
  const note = !quorum
    ? `no quorum (stake ${s.quorum ? "met" : "missed"}, validators ${v.quorum ? "met" : "missed"})`
    : `rejected (stake ${s.passed ? "passed" : "failed"}, validators ${v.passed ? "passed" : "failed"})`;
  const rejected: Proposal = { ...p, status: "rejected", note };
  put(host.state, rejected);
  host.emit?.({ kind: "rejected", proposal: rejected });
  // Deposits are refunded unless the proposal failed its quorum; a forfeited deposit goes to the Treasury.
  settleDeposits(host, p, quorum);
  if (p.body.kind === "ratify_circuit_break") host.state.delete(circuitKey(fromHex(p.body.actor)));
}

function activate(host: GovernanceHost, p: Proposal): void {
  const { state } = host;
  let note = "activated";
  try {
    const body = p.body;
    switch (body.kind) {
      case "param_change":
        host.checkParams(body.changes);
        for (const c of body.changes) setParam(state, c.key, c.value, host.height, p.id);
        host.paramsApplied?.(body.changes);
        break;
      case "treasury_spend": {
        const amount = BigInt(body.amount);
        if (host.accounts.balanceOf(TREASURY_ADDRESS) < amount) throw new GovernanceError("TREASURY_INSUFFICIENT", `the Treasury holds less than ${amount}`);
        host.accounts.debit(TREASURY_ADDRESS, amount);
        host.accounts.credit(fromHex(body.to), amount);
        break;
      }
      case "circuit_break":
        if (body.broken) writeJson(state, circuitKey(fromHex(body.actor)), { since: host.height.toString(), by: "governance", proposal: p.id.toString() });
        else state.delete(circuitKey(fromHex(body.actor)));
        break;
      case "ratify_circuit_break":
        note = "ratified: the break stands until a circuit_break proposal lifts it";
        break;
      case "upgrade_signal":
        if (BigInt(body.height) <= host.height) throw new GovernanceError("INVALID_ARGUMENT", `the upgrade height ${body.height} has passed`);
        recordUpgradeSignal(state, { version: body.name, height: BigInt(body.height), proposal: p.id, info: body.info });
        note = `upgrade '${body.name}' signalled for height ${body.height}`;
        break;
    }
  } catch (error) {
    if (!(error instanceof GovernanceError)) throw error;
    const failed: Proposal = { ...p, status: "failed", note: `${error.code}: ${error.message}` };
    put(state, failed);
    settleDeposits(host, p, true);
    host.emit?.({ kind: "failed", proposal: failed });
    return;
  }
  const executed: Proposal = { ...p, status: "executed", note };
  put(state, executed);
  settleDeposits(host, p, true);
  host.emit?.({ kind: "executed", proposal: executed });
}

/**
 * The per-block step: closes the votes ending at this height and activates the proposals whose eta it is.
 * Stale entries (a cancelled or rescheduled proposal) are skipped.
 */
export function advanceGovernance(host: GovernanceHost): void {
  const { state, height } = host;
  const ids = due(state, height);
  if (ids.length === 0) return;
  state.delete(dueKey(height));
  for (const id of ids) {
    const p = getProposal(state, id);
    if (p === undefined) continue;
    if (p.status === "voting" && p.votingEndsAt === height) tally(host, p);
    else if (p.status === "queued" && p.eta === height) activate(host, p);
  }
}

/** Marks a proposal cancelled (the council's power over a queued one); the deposit goes back. */
export function cancelProposal(host: GovernanceHost, id: bigint): Proposal {
  const p = getProposal(host.state, id);
  if (p === undefined) throw new GovernanceError("UNKNOWN_PROPOSAL", `no proposal ${id}`);
  if (p.status !== "queued" && p.status !== "voting") throw new GovernanceError("WRONG_STATUS", `proposal ${id} is ${p.status}; only a voting or queued one can be cancelled`);
  const next = { ...p, status: "cancelled" as const, note: `cancelled by the Security Council at ${host.height}` };
  put(host.state, next);
  settleDeposits(host, p, true);
  host.emit?.({ kind: "cancelled", proposal: next });
  return next;
}

/** The council's fast track of a Tier-3 proposal: the emergency timelock replaces the standard one. */
export function fastTrackProposal(host: GovernanceHost, id: bigint): Proposal {
  const p = getProposal(host.state, id);
  if (p === undefined) throw new GovernanceError("UNKNOWN_PROPOSAL", `no proposal ${id}`);
  if (p.tier !== 3) throw new GovernanceError("NOT_COUNCIL", `proposal ${id} is Tier ${p.tier}; the council fast-tracks Tier-3 proposals only`);
  if (p.status !== "voting" && p.status !== "queued") throw new GovernanceError("WRONG_STATUS", `proposal ${id} is ${p.status}`);
  let next: Proposal = { ...p, emergency: true };
  if (p.status === "queued" && p.eta !== null) {
    const passedAt = p.votingEndsAt;
    const eta = passedAt + host.config.emergencyTimelock > host.height ? passedAt + host.config.emergencyTimelock : host.height + 1n;
    if (eta < p.eta) {
      next = { ...next, eta };
      schedule(host.state, eta, p.id);
    }
  }
  put(host.state, next);
  if (next.eta !== p.eta) host.emit?.({ kind: "queued", proposal: next });
  return next;
}

/** The council's circuit break of a system actor, with the mandatory ratification vote opened at once. */
export function councilCircuitBreak(host: GovernanceHost, actorHex: string): Proposal {
  checkBreakable(actorHex);
  const p = open(host, GOVERNANCE_ADDRESS, { kind: "ratify_circuit_break", actor: actorHex }, 2, 0n);
  writeJson(host.state, circuitKey(fromHex(actorHex)), { since: host.height.toString(), by: "council", proposal: p.id.toString() });
  return p;
}

/** Whether `actor` is circuit-broken (its instructions and calls revert). */
export function isCircuitBroken(state: StateReader, actor: Uint8Array): boolean {
  return state.get(circuitKey(actor)) !== undefined;
}
