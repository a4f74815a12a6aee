// The interop part of an actor's deployment manifest (spec §16.4; cips/interop.md "The manifest"): the Ethereum
// contracts the actor may subscribe to (its `bridge.subscribe_event` scope) and the wrapped assets it may bridge (its
// `bridge.asset` scope). Declared once, by the actor's constructor, and never changed: least privilege, auditable.
import { type CborValue, decodeCbor, encodeCbor, toHex } from "@cowboy/codec";
import type { InteropConfig } from "./config.js";
import { InteropError } from "./errors.js";
import { type InteropStore, keys } from "./store.js";

export interface InteropManifest {
  /** Ethereum contracts (20 bytes each) the actor may subscribe to. */
  readonly contracts: readonly Uint8Array[];
  /** Platform token ids of the wrapped assets the actor may burn to unlock. */
  readonly assets: readonly bigint[];
}

export const SUBSCRIBE_ENTITLEMENT = "bridge.subscribe_event";
export const ASSET_ENTITLEMENT = "bridge.asset";

const bad = (m: string) => new InteropError("INVALID_ARGUMENT", m);

/** Records `actor`'s manifest; refused if it already has one or the lists are malformed or too long. */
export function declareManifest(store: InteropStore, actor: Uint8Array, m: InteropManifest, cfg: InteropConfig): InteropManifest {
  if (store.get(keys.manifest(actor)) !== undefined) throw new InteropError("MANIFEST_DECLARED", `actor 0x${toHex(actor)} already declared its manifest`);
  if (!Array.isArray(m.contracts) || m.contracts.length > cfg.maxManifestEntries) throw bad(`contracts: a list of at most ${cfg.maxManifestEntries} addresses`);
  if (!Array.isArray(m.assets) || m.assets.length > cfg.maxManifestEntries) throw bad(`assets: a list of at most ${cfg.maxManifestEntries} token ids`);
  for (const c of m.contracts) if (!(c instanceof Uint8Array) || c.length !== 20) throw bad("contracts: each is a 20-byte address");
  for (const a of m.assets) if (typeof a !== "bigint" || a <= 0n) throw bad("assets: each is a positive token id");
  const contracts = [...new Map(m.contracts.map((c) => [toHex(c), c.slice()])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  const assets = [...new Set(m.assets)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  store.set(keys.manifest(actor), encodeCbor({ contracts, assets }));
  return { contracts, assets };
}

export function getManifest(store: InteropStore, actor: Uint8Array): InteropManifest | undefined {
  const b = store.get(keys.manifest(actor));
  if (b === undefined) return undefined;
  const m = decodeCbor(b) as Map<CborValue, CborValue>;
  return { contracts: m.get("contracts") as Uint8Array[], assets: m.get("assets") as bigint[] };
}

/** The entitlements a manifest declares: subscribe_event when it names a contract, asset when it names an asset. */
export function manifestEntitlements(m: InteropManifest | undefined): string[] {
  if (m === undefined) return [];
  return [...(m.assets.length > 0 ? [ASSET_ENTITLEMENT] : []), ...(m.contracts.length > 0 ? [SUBSCRIBE_ENTITLEMENT] : [])];
}

export function permitsContract(m: InteropManifest | undefined, contract: Uint8Array): boolean {
  return m?.contracts.some((c) => toHex(c) === toHex(contract)) === true;
}

export function permitsAsset(m: InteropManifest | undefined, token: bigint): boolean {
  return m?.assets.includes(token) === true;
}
