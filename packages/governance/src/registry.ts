// The parameter registry of spec §13.1 (cips/governance.md "Registry"): each group's live value under its key in
// 0x09's storage, canonical JSON; every write appends {height, proposal, value} to `system:gov:param:history:<key>`.
import { GovernanceError } from "./errors.js";
import { canonicalJson, type Json } from "./json.js";
import { amendedIndexKey, historyCountKey, historyEntryKey, paramIndexKey, paramKey } from "./keys.js";
import { readCount, readJson, writeJson, type GovernanceState, type StateReader } from "./store.js";

/** One amendment of a parameter group: the value it took, when, and by which proposal (null: genesis). */
export interface ParamHistoryEntry {
  readonly height: bigint;
  readonly proposal: bigint | null;
  readonly value: Json;
}

const KEY = /^system:[a-z0-9_:]{1,120}$/;

export function aparamKey(key: unknown): string {
  if (typeof key !== "string" || !KEY.test(key)) throw new GovernanceError("UNKNOWN_PARAM", `'${String(key)}' is not a registry key (system:…)`);
  return key;
}

/** The live value of `key`, or undefined when the registry does not hold it. */
export function getParam(state: StateReader, key: string): Json | undefined {
  return readJson(state, paramKey(aparamKey(key)), key);
}

/** Every key the registry holds, sorted. */
export function listParamKeys(state: StateReader): readonly string[] {
  const index = readJson(state, paramIndexKey(), "param index");
  if (index === undefined) return [];
  if (!Array.isArray(index) || !index.every((k) => typeof k === "string")) throw new GovernanceError("CORRUPT_STATE", "param index: expected an array of keys");
  return index as readonly string[];
}

/** The keys amended since genesis (by a proposal), sorted. */
export function amendedParamKeys(state: StateReader): readonly string[] {
  const index = readJson(state, amendedIndexKey(), "amended index");
  if (index === undefined) return [];
  if (!Array.isArray(index) || !index.every((k) => typeof k === "string")) throw new GovernanceError("CORRUPT_STATE", "amended index: expected an array of keys");
  return index as readonly string[];
}

/**
 * Writes `value` as the live value of `key` at `height` (by `proposal`, null at genesis) and appends it to the
 * key's history. Writing the value it already holds still records the amendment.
 */
export function setParam(state: GovernanceState, key: string, value: Json, height: bigint, proposal: bigint | null): void {
  aparamKey(key);
  canonicalJson(value); // refuses a value with no canonical form before anything is written
  writeJson(state, paramKey(key), value);
  const keys = listParamKeys(state);
  if (!keys.includes(key)) writeJson(state, paramIndexKey(), [...keys, key].sort());
  if (proposal !== null) {
    const amended = amendedParamKeys(state);
    if (!amended.includes(key)) writeJson(state, amendedIndexKey(), [...amended, key].sort());
  }
  const n = readCount(state, historyCountKey(key), `${key} history count`);
  writeJson(state, historyEntryKey(key, n), { height: height.toString(), proposal: proposal === null ? null : proposal.toString(), value });
  writeJson(state, historyCountKey(key), (n + 1n).toString());
}

/** The amendments of `key`, oldest first (at most `limit`, from the newest back). */
export function paramHistory(state: StateReader, key: string, limit = 100): readonly ParamHistoryEntry[] {
  const n = readCount(state, historyCountKey(aparamKey(key)), `${key} history count`);
  const out: ParamHistoryEntry[] = [];
  for (let i = n > BigInt(limit) ? n - BigInt(limit) : 0n; i < n; i++) {
    const e = readJson(state, historyEntryKey(key, i), `${key} history ${i}`) as { height: string; proposal: string | null; value: Json } | undefined;
    if (e === undefined) throw new GovernanceError("CORRUPT_STATE", `${key} history ${i} is missing`);
    out.push({ height: BigInt(e.height), proposal: e.proposal === null ? null : BigInt(e.proposal), value: e.value });
  }
  return out;
}
