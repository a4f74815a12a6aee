// 0x01 Runner Registry (spec §5.2, §9, §17.7; cips/runner-market.md "Runner Registry"): register with a stake of at
// least max(floor, 1.5 × max_job_value), capabilities, an endpoint and a transport key; add stake; update; unbond;
// withdraw after the unbonding period. Stakes are held in 0x01's balance. Each operation checks every rule before it
// writes, so a refusal leaves state and balances as they were.
import { U64_MAX, compareBytes, toHex, type CborValue } from "@cowboy/codec";
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";
import { decodeCapabilities, type Capabilities } from "./capabilities.js";
import { type RunnerMarketConfig, requiredStake } from "./config.js";
import { RunnerMarketError } from "./errors.js";
import { recordProvides } from "./history.js";
import { runnerIndexKey, runnerKey } from "./keys.js";
import { decayedReputation } from "./reputation.js";
import { asMap, byteList, fieldBytes, fieldInt, fieldText, readCbor, writeCbor, type MarketAccounts, type MarketState } from "./store.js";

export const RUNNER_REGISTRY_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.runnerRegistry);

export const RUNNER_STATUSES = ["active", "unbonding", "withdrawn"] as const;
export type RunnerStatus = (typeof RUNNER_STATUSES)[number];

export interface RunnerRecord {
  readonly address: Uint8Array;
  readonly stake: bigint;
  readonly maxJobValue: bigint;
  /** The canonical capability bytes as registered (decoded in `capabilities`). */
  readonly capabilitiesBytes: Uint8Array;
  readonly capabilities: Capabilities;
  readonly endpoint: string;
  readonly transportKey: Uint8Array;
  /** The score at `reputationAt` (fixed point, reputationScale = 1.0); read it through `reputationAt(...)`. */
  readonly reputation: bigint;
  readonly reputationAt: bigint;
  readonly status: RunnerStatus;
  readonly registeredAt: bigint;
  readonly unbondingEndsAt: bigint;
  /** Open jobs whose committee holds this runner (withdraw waits for 0). */
  readonly openJobs: bigint;
  readonly slashed: bigint;
  readonly jobsPaid: bigint;
  readonly jobsFailed: bigint;
}

const WHAT = "runner record";

function toCbor(r: RunnerRecord): CborValue {
  return new Map<CborValue, CborValue>([
    ["stake", r.stake],
    ["max_job_value", r.maxJobValue],
    ["capabilities", r.capabilitiesBytes],
    ["endpoint", r.endpoint],
    ["transport_key", r.transportKey],
    ["reputation", r.reputation],
    ["reputation_at", r.reputationAt],
    ["status", BigInt(RUNNER_STATUSES.indexOf(r.status))],
    ["registered_at", r.registeredAt],
    ["unbonding_ends_at", r.unbondingEndsAt],
    ["open_jobs", r.openJobs],
    ["slashed", r.slashed],
    ["jobs_paid", r.jobsPaid],
    ["jobs_failed", r.jobsFailed],
  ]);
}

function fromCbor(address: Uint8Array, value: CborValue): RunnerRecord {
  const m = asMap(value, WHAT);
  const status = RUNNER_STATUSES[Number(fieldInt(m, "status", WHAT))];
  if (status === undefined) throw new RunnerMarketError("CORRUPT_STATE", `${WHAT}: bad status`);
  const capabilitiesBytes = fieldBytes(m, "capabilities", WHAT);
  return {
    address,
    stake: fieldInt(m, "stake", WHAT),
    maxJobValue: fieldInt(m, "max_job_value", WHAT),
    capabilitiesBytes,
    capabilities: decodeCapabilities(capabilitiesBytes),
    endpoint: fieldText(m, "endpoint", WHAT),
    transportKey: fieldBytes(m, "transport_key", WHAT),
    reputation: fieldInt(m, "reputation", WHAT),
    reputationAt: fieldInt(m, "reputation_at", WHAT),
    status,
    registeredAt: fieldInt(m, "registered_at", WHAT),
    unbondingEndsAt: fieldInt(m, "unbonding_ends_at", WHAT),
    openJobs: fieldInt(m, "open_jobs", WHAT),
    slashed: fieldInt(m, "slashed", WHAT),
    jobsPaid: fieldInt(m, "jobs_paid", WHAT),
    jobsFailed: fieldInt(m, "jobs_failed", WHAT),
  };
}

export function getRunner(state: MarketState, address: Uint8Array): RunnerRecord | undefined {
  const v = readCbor(state, runnerKey(address), WHAT);
  return v === undefined ? undefined : fromCbor(address.slice(), v);
}

export function putRunner(state: MarketState, record: RunnerRecord): void {
  writeCbor(state, runnerKey(record.address), toCbor(record));
}

/** Every address with a runner record (any status), ascending. */
export function runnerAddresses(state: MarketState): Uint8Array[] {
  const v = readCbor(state, runnerIndexKey(), "runner index");
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new RunnerMarketError("CORRUPT_STATE", "runner index: expected a list");
  return byteList(v, "runner index");
}

export function listRunners(state: MarketState): RunnerRecord[] {
  return runnerAddresses(state).map((a) => getRunner(state, a)!);
}

/** The runner's reputation decayed to `height`. */
export function reputationAt(cfg: RunnerMarketConfig, record: RunnerRecord, height: bigint): bigint {
  return decayedReputation(cfg, record.reputation, record.reputationAt, height);
}

/** The registration fields of runner_register / runner_update. */
export interface RunnerDeclaration {
  readonly maxJobValue: bigint;
  readonly capabilities: Uint8Array;
  readonly endpoint: Uint8Array;
  readonly transportKey: Uint8Array;
}

function amount(v: bigint, name: string): bigint {
  if (typeof v !== "bigint" || v <= 0n || v > U64_MAX) throw new RunnerMarketError("INVALID_ARGUMENT", `${name}: expected a u64 above 0`);
  return v;
}

function checkDeclaration(cfg: RunnerMarketConfig, d: RunnerDeclaration): { capabilities: Capabilities; endpoint: string } {
  if (typeof d.maxJobValue !== "bigint" || d.maxJobValue < 0n || d.maxJobValue > U64_MAX) throw new RunnerMarketError("INVALID_ARGUMENT", "max_job_value: expected a u64");
  if (!(d.capabilities instanceof Uint8Array) || d.capabilities.length > cfg.maxCapabilitiesBytes) {
    throw new RunnerMarketError("INVALID_ARGUMENT", `capabilities: at most ${cfg.maxCapabilitiesBytes} bytes`);
  }
  const capabilities = decodeCapabilities(d.capabilities);
  if (!(d.endpoint instanceof Uint8Array) || d.endpoint.length > cfg.maxEndpointBytes)
    throw new RunnerMarketError("INVALID_ARGUMENT", `endpoint: at most ${cfg.maxEndpointBytes} bytes`);
  let endpoint: string;
  try {
    endpoint = new TextDecoder("utf-8", { fatal: true }).decode(d.endpoint);
  } catch {
    throw new RunnerMarketError("INVALID_ARGUMENT", "endpoint: not UTF-8");
  }
  if (endpoint !== "" && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(endpoint)) throw new RunnerMarketError("INVALID_ARGUMENT", "endpoint: expected an http(s) URL or nothing");
  if (!(d.transportKey instanceof Uint8Array) || d.transportKey.length < 1 || d.transportKey.length > cfg.maxTransportKeyBytes) {
    throw new RunnerMarketError("INVALID_ARGUMENT", `transport_key: expected 1..${cfg.maxTransportKeyBytes} bytes`);
  }
  return { capabilities, endpoint };
}

function pay(accounts: MarketAccounts, from: Uint8Array, to: Uint8Array, value: bigint): void {
  const balance = accounts.balanceOf(from);
  if (balance < value) throw new RunnerMarketError("INSUFFICIENT_BALANCE", `balance ${balance} does not cover ${value}`);
  accounts.debit(from, value);
  accounts.credit(to, value);
}

function existing(state: MarketState, who: Uint8Array): RunnerRecord {
  const r = getRunner(state, who);
  if (r === undefined) throw new RunnerMarketError("RUNNER_NOT_FOUND", `0x${toHex(who)} has no runner record`);
  return r;
}

export interface RegistryContext {
  readonly state: MarketState;
  readonly accounts: MarketAccounts;
  readonly config: RunnerMarketConfig;
  readonly height: bigint;
}

/** runner_register: bonds `stake` from `who` into 0x01; the runner is active (selectable) at once. */
export function registerRunner(ctx: RegistryContext, who: Uint8Array, stake: bigint, d: RunnerDeclaration): RunnerRecord {
  amount(stake, "stake");
  const { capabilities, endpoint } = checkDeclaration(ctx.config, d);
  const old = getRunner(ctx.state, who);
  if (old !== undefined && old.status !== "withdrawn") throw new RunnerMarketError("RUNNER_EXISTS", `0x${toHex(who)} is already a runner`);
  const need = requiredStake(ctx.config, d.maxJobValue);
  if (stake < need) throw new RunnerMarketError("STAKE_TOO_LOW", `stake ${stake} is below max(runner_stake_floor, 1.5 × max_job_value) = ${need}`);
  pay(ctx.accounts, who, RUNNER_REGISTRY_ADDRESS, stake);
  const record: RunnerRecord = {
    address: who.slice(),
    stake,
    maxJobValue: d.maxJobValue,
    capabilitiesBytes: d.capabilities.slice(),
    capabilities,
    endpoint,
    transportKey: d.transportKey.slice(),
    reputation: old?.reputation ?? ctx.config.reputationNeutral,
    reputationAt: old?.reputationAt ?? ctx.height,
    status: "active",
    registeredAt: ctx.height,
    unbondingEndsAt: 0n,
    openJobs: 0n,
    slashed: old?.slashed ?? 0n,
    jobsPaid: old?.jobsPaid ?? 0n,
    jobsFailed: old?.jobsFailed ?? 0n,
  };
  if (old === undefined) {
    const index = runnerAddresses(ctx.state);
    let at = 0;
    while (at < index.length && compareBytes(index[at]!, who) < 0) at++;
    index.splice(at, 0, who.slice());
    writeCbor(ctx.state, runnerIndexKey(), index);
  }
  putRunner(ctx.state, record);
  recordProvides(ctx.state, who, ctx.height, capabilities.provides);
  return record;
}

/** runner_add_stake: bonds more; only while active. */
export function addRunnerStake(ctx: RegistryContext, who: Uint8Array, value: bigint): RunnerRecord {
  amount(value, "amount");
  const r = existing(ctx.state, who);
  if (r.status !== "active") throw new RunnerMarketError("RUNNER_STATUS", `add_stake: the runner is ${r.status}`);
  if (r.stake + value > U64_MAX) throw new RunnerMarketError("INVALID_ARGUMENT", "add_stake: the stake would exceed u64");
  pay(ctx.accounts, who, RUNNER_REGISTRY_ADDRESS, value);
  const next = { ...r, stake: r.stake + value };
  putRunner(ctx.state, next);
  return next;
}

/** runner_update: new declaration; the stake must still cover the new max_job_value. Only while active. */
export function updateRunner(ctx: RegistryContext, who: Uint8Array, d: RunnerDeclaration): RunnerRecord {
  const { capabilities, endpoint } = checkDeclaration(ctx.config, d);
  const r = existing(ctx.state, who);
  if (r.status !== "active") throw new RunnerMarketError("RUNNER_STATUS", `update: the runner is ${r.status}`);
  const need = requiredStake(ctx.config, d.maxJobValue);
  if (r.stake < need) throw new RunnerMarketError("STAKE_TOO_LOW", `stake ${r.stake} is below ${need} for max_job_value ${d.maxJobValue}`);
  const next = { ...r, maxJobValue: d.maxJobValue, capabilitiesBytes: d.capabilities.slice(), capabilities, endpoint, transportKey: d.transportKey.slice() };
  putRunner(ctx.state, next);
  recordProvides(ctx.state, who, ctx.height, capabilities.provides);
  return next;
}

/** runner_unbond: leaves selection now; the stake can be withdrawn unbondingPeriod blocks later. */
export function unbondRunner(ctx: RegistryContext, who: Uint8Array): RunnerRecord {
  const r = existing(ctx.state, who);
  if (r.status !== "active") throw new RunnerMarketError("RUNNER_STATUS", `unbond: the runner is ${r.status}`);
  const next = { ...r, status: "unbonding" as const, unbondingEndsAt: ctx.height + ctx.config.unbondingPeriod };
  putRunner(ctx.state, next);
  return next;
}

/** runner_withdraw: after unbonding, and off every open job, returns the stake; the record stays as withdrawn. */
export function withdrawRunner(ctx: RegistryContext, who: Uint8Array): bigint {
  const r = existing(ctx.state, who);
  if (r.status !== "unbonding") throw new RunnerMarketError("RUNNER_STATUS", `withdraw: the runner is ${r.status}`);
  if (ctx.height < r.unbondingEndsAt) throw new RunnerMarketError("RUNNER_STATUS", `withdraw: unbonding ends at height ${r.unbondingEndsAt}`);
  if (r.openJobs > 0n) throw new RunnerMarketError("RUNNER_BUSY", `withdraw: the runner is on ${r.openJobs} open job(s)`);
  ctx.accounts.debit(RUNNER_REGISTRY_ADDRESS, r.stake);
  ctx.accounts.credit(who, r.stake);
  putRunner(ctx.state, { ...r, stake: 0n, status: "withdrawn" });
  return r.stake;
}
