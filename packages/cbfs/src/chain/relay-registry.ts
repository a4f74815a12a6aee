// 0x0B Relay Registry (spec §9; cips/cbfs.md §7.1): relays bond stake, declare capacity and an endpoint,
// heartbeat, exit and, after unbonding, withdraw. Keys: systemKey("cbfs_relay", 0x01 ‖ address) → record;
// systemKey("cbfs_relay", 0x02) → every registered address, sorted (the placement set).
// Record bytes: operator[20] ‖ stake u64 ‖ capacity u64 ‖ registeredAt u64 ‖ lastHeartbeat u64 ‖ status u8 ‖
// exitAt u64 ‖ endpoint (u32 length ‖ UTF-8). Balances move in @cowboy/execution: this module says how much.
import { Reader, Writer, compareBytes, toHex } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import type { PlacementRelay } from "../placement.js";
import type { CbfsChainConfig, ChainStore } from "./config.js";
import { CbfsChainError } from "./errors.js";

export const RelayStatus = { Active: 0, Exiting: 1 } as const;
export type RelayStatus = (typeof RelayStatus)[keyof typeof RelayStatus];

export interface RelayRecord {
  readonly address: Uint8Array;
  readonly operator: Uint8Array;
  readonly stake: bigint;
  readonly capacity: bigint;
  readonly endpoint: string;
  readonly registeredAt: bigint;
  readonly lastHeartbeat: bigint;
  readonly status: RelayStatus;
  readonly exitAt: bigint;
}

const REGISTRY = "cbfs_relay";
const recordKey = (address: Uint8Array) => systemKey(REGISTRY, Uint8Array.of(1, ...address));
const LIST_KEY = systemKey(REGISTRY, Uint8Array.of(2));

function encodeRecord(r: RelayRecord): Uint8Array {
  const endpoint = new TextEncoder().encode(r.endpoint);
  return new Writer(20 + 8 * 5 + 1 + 4 + endpoint.length)
    .bytes(r.operator)
    .u64(r.stake)
    .u64(r.capacity)
    .u64(r.registeredAt)
    .u64(r.lastHeartbeat)
    .u8(r.status)
    .u64(r.exitAt)
    .u32(endpoint.length)
    .bytes(endpoint)
    .finish();
}

function decodeRecord(address: Uint8Array, bytes: Uint8Array): RelayRecord {
  const r = new Reader(bytes);
  const operator = r.bytes(20).slice();
  const stake = r.u64();
  const capacity = r.u64();
  const registeredAt = r.u64();
  const lastHeartbeat = r.u64();
  const status = r.u8() as RelayStatus;
  const exitAt = r.u64();
  const endpoint = new TextDecoder().decode(r.bytes(r.u32()));
  r.end();
  return { address, operator, stake, capacity, endpoint, registeredAt, lastHeartbeat, status, exitAt };
}

function readList(store: ChainStore): Uint8Array[] {
  const bytes = store.get(LIST_KEY) ?? new Uint8Array(0);
  return Array.from({ length: bytes.length / 20 }, (_, i) => bytes.slice(i * 20, i * 20 + 20));
}

function writeList(store: ChainStore, list: Uint8Array[]): void {
  const sorted = [...list].sort((a, b) => compareBytes(a, b));
  const out = new Uint8Array(sorted.length * 20);
  for (const [i, a] of sorted.entries()) out.set(a, i * 20);
  if (out.length === 0) store.delete(LIST_KEY);
  else store.set(LIST_KEY, out);
}

export function getRelay(store: ChainStore, address: Uint8Array): RelayRecord | undefined {
  const bytes = store.get(recordKey(address));
  return bytes === undefined ? undefined : decodeRecord(address.slice(), bytes);
}

function requireRelay(store: ChainStore, address: Uint8Array): RelayRecord {
  const r = getRelay(store, address);
  if (r === undefined) throw new CbfsChainError("RELAY_NOT_FOUND", `no relay is registered at 0x${toHex(address)}`);
  return r;
}

export interface RegisterRelay {
  readonly stake: bigint;
  readonly capacity: bigint;
  readonly endpoint: string;
  /** Who runs it (default: the relay itself). */
  readonly operator?: Uint8Array;
}

/** Registers the sender as a relay; the caller debits `stake` from its balance into 0x0B. */
export function registerRelay(store: ChainStore, height: bigint, address: Uint8Array, req: RegisterRelay, cfg: CbfsChainConfig): RelayRecord {
  if (getRelay(store, address) !== undefined) throw new CbfsChainError("RELAY_EXISTS", "this address is already a relay");
  if (req.stake < cfg.minRelayStake) throw new CbfsChainError("INVALID_RELAY", `stake ${req.stake} is below the minimum ${cfg.minRelayStake}`);
  if (req.capacity === 0n) throw new CbfsChainError("INVALID_RELAY", "capacity must be positive");
  if (new TextEncoder().encode(req.endpoint).length > cfg.maxEndpointLength || !/^https?:\/\/[^\s]+$/.test(req.endpoint)) {
    throw new CbfsChainError("INVALID_RELAY", `endpoint must be an http(s) URL of at most ${cfg.maxEndpointLength} bytes`);
  }
  const record: RelayRecord = {
    address: address.slice(),
    operator: (req.operator ?? address).slice(),
    stake: req.stake,
    capacity: req.capacity,
    endpoint: req.endpoint,
    registeredAt: height,
    lastHeartbeat: height,
    status: RelayStatus.Active,
    exitAt: 0n,
  };
  store.set(recordKey(address), encodeRecord(record));
  writeList(store, [...readList(store), address.slice()]);
  return record;
}

export function heartbeat(store: ChainStore, height: bigint, address: Uint8Array): void {
  const r = requireRelay(store, address);
  if (r.status !== RelayStatus.Active) throw new CbfsChainError("RELAY_STATE", "an exiting relay does not heartbeat");
  store.set(recordKey(address), encodeRecord({ ...r, lastHeartbeat: height }));
}

/** Starts unbonding: the relay leaves placement now; its stake returns after cfg.unbondingBlocks. */
export function exitRelay(store: ChainStore, height: bigint, address: Uint8Array): void {
  const r = requireRelay(store, address);
  if (r.status !== RelayStatus.Active) throw new CbfsChainError("RELAY_STATE", "the relay is already exiting");
  store.set(recordKey(address), encodeRecord({ ...r, status: RelayStatus.Exiting, exitAt: height }));
}

/** Ends unbonding: removes the relay; returns the stake the caller credits back to it. */
export function withdrawRelay(store: ChainStore, height: bigint, address: Uint8Array, cfg: CbfsChainConfig): bigint {
  const r = requireRelay(store, address);
  if (r.status !== RelayStatus.Exiting || height < r.exitAt + cfg.unbondingBlocks) {
    throw new CbfsChainError("RELAY_STATE", `stake unlocks at height ${r.status === RelayStatus.Exiting ? r.exitAt + cfg.unbondingBlocks : "(after exit)"}`);
  }
  store.delete(recordKey(address));
  writeList(
    store,
    readList(store).filter((a) => compareBytes(a, address) !== 0),
  );
  return r.stake;
}

/** Every registered relay, by address. */
export function listRelays(store: ChainStore): RelayRecord[] {
  return readList(store).map((a) => requireRelay(store, a));
}

/** True when the relay is active and heartbeated within cfg.deadAfter blocks. */
export function isLive(r: RelayRecord, height: bigint, cfg: CbfsChainConfig): boolean {
  return r.status === RelayStatus.Active && height - r.lastHeartbeat <= cfg.deadAfter;
}

/**
 * The placement set at `height`: live relays (`isLive`) not suspended for proofs of retrievability (`isGood`), with
 * their stake and operator (what placeStripe draws from).
 */
export function placementSet(
  store: ChainStore,
  height: bigint,
  cfg: CbfsChainConfig,
  isGood: (address: Uint8Array) => boolean = () => true,
): (PlacementRelay & { endpoint: string })[] {
  return listRelays(store)
    .filter((r) => isLive(r, height, cfg) && isGood(r.address))
    .map((r) => ({ address: r.address, operator: r.operator, stake: r.stake, endpoint: r.endpoint }));
}

/** Takes `bps` basis points of the relay's stake (a failed proof of retrievability); returns the amount taken. */
export function slashRelayStake(store: ChainStore, address: Uint8Array, bps: bigint): bigint {
  const r = requireRelay(store, address);
  const amount = (r.stake * bps) / 10_000n;
  store.set(recordKey(address), encodeRecord({ ...r, stake: r.stake - amount }));
  return amount;
}
