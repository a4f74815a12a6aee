// The oracle registry (cips/interop.md "Oracles", "Unbonding and slashing"): operators lock CBY at 0x14 to report
// Ethereum logs; leaving starts an unbonding window (the stake stays slashable) after which it is withdrawn. This
// module keeps the records; the execution layer moves the CBY (debit on register, credit on withdraw).
import type { InteropConfig } from "./config.js";
import { InteropError } from "./errors.js";
import { decodeOracle, encodeOracle, type OracleRecord } from "./records.js";
import { type InteropStore, keys } from "./store.js";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

/** The registered operators, in ascending byte order. */
export function oracles(store: InteropStore): Uint8Array[] {
  const list = store.get(keys.oracleList()) ?? new Uint8Array(0);
  const out: Uint8Array[] = [];
  for (let i = 0; i + 20 <= list.length; i += 20) out.push(list.slice(i, i + 20));
  return out;
}

export function getOracle(store: InteropStore, operator: Uint8Array): OracleRecord | undefined {
  const b = store.get(keys.oracle(operator));
  return b === undefined ? undefined : decodeOracle(b);
}

function writeList(store: InteropStore, list: Uint8Array[]): void {
  list.sort((a, b) => (hex(a) < hex(b) ? -1 : hex(a) > hex(b) ? 1 : 0));
  const out = new Uint8Array(list.length * 20);
  list.forEach((a, i) => {
    out.set(a, i * 20);
  });
  store.set(keys.oracleList(), out);
}

/** Registers `operator` with `stake` (already debited by the caller). */
export function registerOracle(store: InteropStore, operator: Uint8Array, stake: bigint, height: bigint, cfg: InteropConfig): OracleRecord {
  if (!(operator instanceof Uint8Array) || operator.length !== 20) throw new InteropError("INVALID_ARGUMENT", "operator must be 20 bytes");
  if (stake < cfg.minOracleStake) throw new InteropError("STAKE_TOO_LOW", `an oracle stakes at least ${cfg.minOracleStake}, got ${stake}`);
  if (getOracle(store, operator) !== undefined) throw new InteropError("ALREADY_REGISTERED", `0x${hex(operator)} is already an oracle`);
  const record: OracleRecord = { stake, since: height, unbondingUntil: null };
  store.set(keys.oracle(operator), encodeOracle(record));
  writeList(store, [...oracles(store), operator.slice()]);
  return record;
}

/** True when `operator` is registered and not unbonding: only active oracles report and count towards a quorum. */
export function isActiveOracle(store: InteropStore, operator: Uint8Array): boolean {
  return getOracle(store, operator)?.unbondingUntil === null;
}

function removeFromList(store: InteropStore, operator: Uint8Array): void {
  writeList(
    store,
    oracles(store).filter((a) => hex(a) !== hex(operator)),
  );
}

/** `operator` stops reporting at once; its stake stays at 0x14, slashable, until `height + oracleUnbondingBlocks`. */
export function unregisterOracle(store: InteropStore, operator: Uint8Array, height: bigint, cfg: InteropConfig): OracleRecord {
  const record = getOracle(store, operator);
  if (record === undefined) throw new InteropError("NOT_AN_ORACLE", `0x${hex(operator)} is not an oracle`);
  if (record.unbondingUntil !== null) throw new InteropError("UNBONDING", `0x${hex(operator)} is already unbonding until height ${record.unbondingUntil}`);
  const updated: OracleRecord = { ...record, unbondingUntil: height + cfg.oracleUnbondingBlocks };
  store.set(keys.oracle(operator), encodeOracle(updated));
  removeFromList(store, operator);
  return updated;
}

/** Ends an unbonded registration; returns the stake for the caller to credit back. */
export function withdrawOracle(store: InteropStore, operator: Uint8Array, height: bigint): bigint {
  const record = getOracle(store, operator);
  if (record === undefined) throw new InteropError("NOT_AN_ORACLE", `0x${hex(operator)} has no stake at the EventListener`);
  if (record.unbondingUntil === null) throw new InteropError("NOT_UNBONDING", `0x${hex(operator)} is still an active oracle: unregister first`);
  if (height < record.unbondingUntil) throw new InteropError("UNBONDING", `the stake unbonds at height ${record.unbondingUntil} (now ${height})`);
  store.delete(keys.oracle(operator));
  return record.stake;
}

/** Takes the whole stake of `operator` (active or unbonding) and removes it; returns the amount for the caller to move. */
export function forfeitOracle(store: InteropStore, operator: Uint8Array): bigint {
  const record = getOracle(store, operator);
  if (record === undefined) throw new InteropError("NOT_AN_ORACLE", `0x${hex(operator)} has no stake left to slash`);
  store.delete(keys.oracle(operator));
  if (record.unbondingUntil === null) removeFromList(store, operator);
  return record.stake;
}
