// 0x07 Entitlement Registry (spec §15; cips/runner-market.md "Entitlements"): what an actor requires (set from its
// deploy manifest or by the actor itself; each entry flagged inheritable or not), what a job requires (the actor's
// requires, the kind's syscall entitlement, secret.read / fs.mount when it names secrets / volumes, the request's own
// list), and the match rule: a runner is eligible only if requires ⊆ provides (§15.3 rule 2).
import { CborError, type CborValue, decodeCbor, encodeCbor, equalBytes } from "@cowboy/codec";
import type { JobKind } from "./capabilities.js";
import { RunnerMarketError } from "./errors.js";
import { requiresKey } from "./keys.js";
import { readCbor, writeCbor, type MarketState } from "./store.js";

/** The runner-side syscall each job kind needs (§15.3 rule 3: refused without it). */
export const KIND_ENTITLEMENT: Readonly<Record<JobKind, string>> = Object.freeze({
  http: "net.http",
  llm: "llm",
  mcp: "mcp",
  compute: "compute",
  container: "oci.run",
});
export const SECRET_ENTITLEMENT = "secret.read";
/** What a runner running jobs inside an attested enclave declares (the `deterministic` mode requires it). */
export const TEE_ENTITLEMENT = "tee";
export const VOLUME_ENTITLEMENT = "fs.mount";

export interface Requirement {
  readonly name: string;
  /** Children deployed by this actor inherit it (§15.3 rule 4). */
  readonly inheritable: boolean;
}

const NAME = /^[a-z0-9][a-z0-9._:/-]{0,63}$/;

/** What `actor` requires (empty when it declared nothing). Stored as a CBOR list of [name, inheritable]. */
export function getRequires(state: MarketState, actor: Uint8Array): Requirement[] {
  const v = readCbor(state, requiresKey(actor), "requires");
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new RunnerMarketError("CORRUPT_STATE", "requires: expected a list");
  return v.map((e) => {
    if (!Array.isArray(e) || typeof e[0] !== "string" || typeof e[1] !== "boolean") throw new RunnerMarketError("CORRUPT_STATE", "requires: expected [name, inheritable]");
    return { name: e[0], inheritable: e[1] };
  });
}

/** Replaces what `actor` requires (at most 32 distinct names); an empty list deletes the record. */
export function setRequires(state: MarketState, actor: Uint8Array, requires: readonly Requirement[]): void {
  if (requires.length > MAX_REQUIRES) throw new RunnerMarketError("INVALID_ARGUMENT", `requires: at most ${MAX_REQUIRES} entitlements`);
  const seen = new Set<string>();
  for (const r of requires) {
    if (typeof r.name !== "string" || !NAME.test(r.name)) throw new RunnerMarketError("INVALID_ARGUMENT", `requires: ${JSON.stringify(String(r.name))} is not an entitlement name`);
    if (seen.has(r.name)) throw new RunnerMarketError("INVALID_ARGUMENT", `requires: ${r.name} twice`);
    seen.add(r.name);
  }
  if (requires.length === 0) {
    state.delete(requiresKey(actor));
    return;
  }
  const sorted = [...requires].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  writeCbor(
    state,
    requiresKey(actor),
    sorted.map((r): CborValue => [r.name, r.inheritable]),
  );
}

/** A child deployed by `parent` starts with the parent's inheritable entries (§15.3 rule 4). */
export function inheritRequires(state: MarketState, parent: Uint8Array, child: Uint8Array): void {
  const inherited = getRequires(state, parent).filter((r) => r.inheritable);
  if (inherited.length > 0) setRequires(state, child, inherited);
}

/** Everything a job requires, sorted and distinct. */
export function jobRequirements(kind: JobKind, actorRequires: readonly string[], extra: readonly string[], hasSecrets: boolean, hasVolumes: boolean): string[] {
  const all = new Set<string>([KIND_ENTITLEMENT[kind], ...actorRequires, ...extra]);
  if (hasSecrets) all.add(SECRET_ENTITLEMENT);
  if (hasVolumes) all.add(VOLUME_ENTITLEMENT);
  return [...all].sort();
}

/** §15.3 rule 2: requires ⊆ provides. */
export function entitlementsMatch(requires: readonly string[], provides: readonly string[]): boolean {
  const have = new Set(provides);
  return requires.every((r) => have.has(r));
}

/** The names missing from `provides`, for error messages. */
export function missingEntitlements(requires: readonly string[], provides: readonly string[]): string[] {
  const have = new Set(provides);
  return requires.filter((r) => !have.has(r));
}

/** The entitlements this chain knows (the syscall classes of §15.3 and `tee`): what a deploy manifest may name. */
export const KNOWN_ENTITLEMENTS: readonly string[] = Object.freeze(
  [...new Set([...Object.values(KIND_ENTITLEMENT), SECRET_ENTITLEMENT, VOLUME_ENTITLEMENT, TEE_ENTITLEMENT])].sort(),
);
/** Entries a deploy manifest's `requires` may hold (as setRequires). */
export const MAX_REQUIRES = 32;

/** A deploy manifest's bytes: canonical CBOR {"requires": [[name, inheritable], …]} sorted by name (cips/actors.md "Deploy manifests"). */
export function encodeDeployManifest(requires: readonly Requirement[]): Uint8Array {
  const sorted = [...requires].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return encodeCbor(new Map<CborValue, CborValue>([["requires", sorted.map((r): CborValue => [r.name, r.inheritable])]]));
}

/**
 * The requires a deploy manifest declares; RunnerMarketError INVALID_ARGUMENT when the bytes are not canonical CBOR of
 * a map whose only key is `requires`, a list of at most 32 [name, inheritable] pairs, names known (KNOWN_ENTITLEMENTS),
 * strictly ascending (sorted, distinct).
 */
export function parseDeployManifest(bytes: Uint8Array): Requirement[] {
  const bad = (why: string): never => {
    throw new RunnerMarketError("INVALID_ARGUMENT", `deploy manifest: ${why}`);
  };
  let v: CborValue;
  try {
    v = decodeCbor(bytes);
  } catch (error) {
    if (error instanceof CborError) return bad(error.message);
    throw error;
  }
  if (!equalBytes(encodeCbor(v), bytes)) bad("not canonical CBOR");
  if (!(v instanceof Map) || v.size !== 1 || !Array.isArray(v.get("requires"))) return bad('expected the map {"requires": [[name, inheritable], …]}');
  const list = v.get("requires") as CborValue[];
  if (list.length > MAX_REQUIRES) bad(`requires: at most ${MAX_REQUIRES} entitlements`);
  const out: Requirement[] = [];
  for (const e of list) {
    if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== "string" || typeof e[1] !== "boolean") return bad("requires: each entry is [name, inheritable]");
    if (!KNOWN_ENTITLEMENTS.includes(e[0])) bad(`requires: ${JSON.stringify(e[0])} is not a known entitlement (${KNOWN_ENTITLEMENTS.join(", ")})`);
    const prev = out.at(-1);
    if (prev !== undefined && !(prev.name < e[0])) bad(`requires: ${e[0]} after ${prev.name} (sorted by name, each once)`);
    out.push({ name: e[0], inheritable: e[1] });
  }
  return out;
}
