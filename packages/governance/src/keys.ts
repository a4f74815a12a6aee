// Where governance lives in the state (cips/governance.md "State layout"): storage slots of the Governance actor
// 0x09 (spec §9), named by the §13.1 key strings. Records are canonical JSON (json.ts).
import { Writer } from "@cowboy/codec";
import { actorStorageKey } from "@cowboy/state";
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";

/** 0x09 Governance and 0x08 Treasury (spec §9). */
export const GOVERNANCE_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.governance);
export const TREASURY_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.treasury);

/** The generic registry prefix of §13.1 and its audit trail. */
export const GENERIC_PARAM_PREFIX = "system:gov:param:";
export const HISTORY_PREFIX = "system:gov:param:history:";

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const slot = (name: string, ...suffix: Uint8Array[]): Uint8Array => {
  const w = new Writer(256).bytes(utf8(name));
  for (const s of suffix) w.bytes(s);
  return actorStorageKey(GOVERNANCE_ADDRESS, w.finish());
};
const u64be = (n: bigint): Uint8Array => new Writer(8).u64(n).finish();

/** A parameter group's live value: slot = the key itself (e.g. `system:basefee_config`). */
export const paramKey = (key: string): Uint8Array => slot(key);
/** How many history entries `key` has (u64 as canonical JSON). */
export const historyCountKey = (key: string): Uint8Array => slot(HISTORY_PREFIX + key);
/** History entry `n` (0-based) of `key`. */
export const historyEntryKey = (key: string, n: bigint): Uint8Array => slot(HISTORY_PREFIX + key, Uint8Array.of(0), u64be(n));
/** Every key the registry holds, sorted (canonical JSON array). */
export const paramIndexKey = (): Uint8Array => slot("system:gov:param_index");
/** The keys amended since genesis, sorted: the only ones whose value can differ from the chain's genesis params. */
export const amendedIndexKey = (): Uint8Array => slot("system:gov:param_amended");
/** How many proposals were ever submitted (the next id). */
export const proposalCountKey = (): Uint8Array => slot("system:gov:proposal_count");
export const proposalKey = (id: bigint): Uint8Array => slot("system:gov:proposal:", u64be(id));
/** Deposits other accounts added to proposal `id`: canonical JSON [{from: hex, amount: decimal}], in first-deposit order. */
export const topUpsKey = (id: bigint): Uint8Array => slot("system:gov:topups:", u64be(id));
export const voteKey = (id: bigint, voter: Uint8Array): Uint8Array => slot("system:gov:vote:", u64be(id), voter);
/** Proposal ids with work at `height` (end of voting, activation). */
export const dueKey = (height: bigint): Uint8Array => slot("system:gov:due:", u64be(height));
export const circuitKey = (actor: Uint8Array): Uint8Array => slot("system:gov:circuit:", actor);
export const councilActionKey = (actionHash: Uint8Array): Uint8Array => slot("system:gov:council:", actionHash);
/** Height at which the last inflation change activated (guardrail (b): one change per issuance year). */
export const inflationChangedKey = (): Uint8Array => slot("system:gov:inflation_changed_at");
/** §8.2's security-floor trigger: {active, since, ratio_bps, evaluated_at} (cips/governance.md "Security-floor trigger"). */
export const securityFloorKey = (): Uint8Array => slot("system:gov:security_floor");
/** The last executed upgrade signal {version, height, proposal, info} (cips/governance.md "Upgrade signals"). */
export const upgradeKey = (): Uint8Array => slot("system:gov:upgrade");
