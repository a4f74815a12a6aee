// Proof of retrievability at 0x0B (cips/cbfs.md §11). Anyone holding a relay's storage receipt for a shard of an
// anchored volume opens a challenge; the chunk asked for is drawn from the block's beacon, so the relay cannot know
// it in advance; the relay answers with the chunk and its Merkle path before the deadline. A pass raises its
// reputation and lifts a suspension; a missed deadline lowers reputation and suspends (no slash); only a proof that
// fails to verify slashes. A relay suspended longer than suspendedDeadAfter is dead.
// Keys under systemKey("cbfs_relay", …): 0x03 ‖ address → standing; 0x04 ‖ address → its open challenge (one at a
// time); 0x05 → the sorted addresses with an open challenge (what the per-block deadline step walks).
//   standing: reputation u32 ‖ suspendedAt u64 (0: not suspended) ‖ passed u64 ‖ missed u32 ‖ failed u32 ‖ slashed u64
//   challenge: id[32] ‖ volume[32] ‖ shard[32] ‖ chunkCount u32 ‖ chunk u32 ‖ issuedAt u64 ‖ deadline u64 ‖ challenger[20]
import { Reader, Writer, compareBytes, equalBytes, toHex } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import { sha256 } from "../hash.js";
import { verifyChunkProof } from "../merkle.js";
import { verifyStorageReceipt } from "../receipt.js";
import type { CbfsChainConfig, ChainStore } from "./config.js";
import { CbfsChainError } from "./errors.js";
import { getRelay, slashRelayStake } from "./relay-registry.js";
import { getVolume } from "./storage-manager.js";

export interface RelayStanding {
  readonly reputation: number;
  /** Height the current suspension began; 0n when not suspended. */
  readonly suspendedAt: bigint;
  readonly passed: bigint;
  readonly missed: number;
  readonly failed: number;
  readonly slashed: bigint;
}

export interface PorChallenge {
  readonly id: Uint8Array;
  readonly relay: Uint8Array;
  readonly volume: Uint8Array;
  readonly shard: Uint8Array;
  readonly chunkCount: number;
  /** The chunk the relay must prove: drawn from the opening block's beacon. */
  readonly chunk: number;
  readonly issuedAt: bigint;
  readonly deadline: bigint;
  readonly challenger: Uint8Array;
}

const NS = "cbfs_relay";
const standingKey = (a: Uint8Array) => systemKey(NS, Uint8Array.of(3, ...a));
const challengeKey = (a: Uint8Array) => systemKey(NS, Uint8Array.of(4, ...a));
const OPEN_KEY = systemKey(NS, Uint8Array.of(5));
const ID_TAG = new TextEncoder().encode("cowboy/cbfs/por/id");
const DRAW_TAG = new TextEncoder().encode("cowboy/cbfs/por/chunk");

/** A challenge's id: sha256("cowboy/cbfs/por/id" ‖ relay ‖ volume ‖ shard ‖ u64be(height)). */
export function porChallengeId(relay: Uint8Array, volume: Uint8Array, shard: Uint8Array, height: bigint): Uint8Array {
  return sha256(ID_TAG, relay, volume, shard, new Writer(8).u64(height).finish());
}

/** The challenged chunk: the first 8 bytes of sha256("cowboy/cbfs/por/chunk" ‖ beacon ‖ id), big-endian, mod chunkCount. */
export function porChunkIndex(beacon: Uint8Array, id: Uint8Array, chunkCount: number): number {
  const h = sha256(DRAW_TAG, beacon, id);
  return Number(new Reader(h.subarray(0, 8)).u64() % BigInt(chunkCount));
}

export function getStanding(store: ChainStore, relay: Uint8Array, cfg: CbfsChainConfig): RelayStanding {
  const bytes = store.get(standingKey(relay));
  if (bytes === undefined) return { reputation: cfg.initialReputation, suspendedAt: 0n, passed: 0n, missed: 0, failed: 0, slashed: 0n };
  const r = new Reader(bytes);
  const s = { reputation: r.u32(), suspendedAt: r.u64(), passed: r.u64(), missed: r.u32(), failed: r.u32(), slashed: r.u64() };
  r.end();
  return s;
}

function putStanding(store: ChainStore, relay: Uint8Array, s: RelayStanding): void {
  store.set(standingKey(relay), new Writer(36).u32(s.reputation).u64(s.suspendedAt).u64(s.passed).u32(s.missed).u32(s.failed).u64(s.slashed).finish());
}

/** "good", "suspended" (out of placement), or "dead" (suspended longer than suspendedDeadAfter). */
export function porState(s: RelayStanding, height: bigint, cfg: CbfsChainConfig): "good" | "suspended" | "dead" {
  if (s.suspendedAt === 0n) return "good";
  return height - s.suspendedAt > cfg.suspendedDeadAfter ? "dead" : "suspended";
}

function encodeChallenge(c: PorChallenge): Uint8Array {
  return new Writer(32 * 3 + 8 + 16 + 20).bytes(c.id).bytes(c.volume).bytes(c.shard).u32(c.chunkCount).u32(c.chunk).u64(c.issuedAt).u64(c.deadline).bytes(c.challenger).finish();
}

export function getChallenge(store: ChainStore, relay: Uint8Array): PorChallenge | undefined {
  const bytes = store.get(challengeKey(relay));
  if (bytes === undefined) return undefined;
  const r = new Reader(bytes);
  const c = {
    id: r.bytes(32).slice(),
    relay: relay.slice(),
    volume: r.bytes(32).slice(),
    shard: r.bytes(32).slice(),
    chunkCount: r.u32(),
    chunk: r.u32(),
    issuedAt: r.u64(),
    deadline: r.u64(),
    challenger: r.bytes(20).slice(),
  };
  r.end();
  return c;
}

function openList(store: ChainStore): Uint8Array[] {
  const b = store.get(OPEN_KEY) ?? new Uint8Array(0);
  return Array.from({ length: b.length / 20 }, (_, i) => b.slice(i * 20, i * 20 + 20));
}

function writeOpenList(store: ChainStore, list: Uint8Array[]): void {
  const sorted = [...list].sort(compareBytes);
  const out = new Uint8Array(sorted.length * 20);
  for (const [i, a] of sorted.entries()) out.set(a, i * 20);
  if (out.length === 0) store.delete(OPEN_KEY);
  else store.set(OPEN_KEY, out);
}

function close(store: ChainStore, relay: Uint8Array): void {
  store.delete(challengeKey(relay));
  writeOpenList(
    store,
    openList(store).filter((a) => !equalBytes(a, relay)),
  );
}

/** Every open challenge, by relay address (what relays poll for). */
export function openChallenges(store: ChainStore): PorChallenge[] {
  return openList(store).map((a) => getChallenge(store, a)!);
}

export interface OpenChallenge {
  readonly relay: Uint8Array;
  readonly volume: Uint8Array;
  readonly shard: Uint8Array;
  readonly chunkCount: number;
  /** The relay's storage receipt for (volume, shard, chunkCount). */
  readonly receipt: Uint8Array;
}

/** por_challenge: opens a challenge against a registered relay holding a receipted shard of an anchored volume. */
export function openPorChallenge(store: ChainStore, height: bigint, beacon: Uint8Array, challenger: Uint8Array, req: OpenChallenge, cfg: CbfsChainConfig): PorChallenge {
  const relay = getRelay(store, req.relay);
  if (relay === undefined) throw new CbfsChainError("RELAY_NOT_FOUND", `no relay is registered at 0x${toHex(req.relay)}`);
  if (getVolume(store, req.volume) === undefined) throw new CbfsChainError("VOLUME_NOT_FOUND", `no volume is anchored at 0x${toHex(req.volume)}`);
  if (!Number.isInteger(req.chunkCount) || req.chunkCount < 1) throw new CbfsChainError("INVALID_PROOF", "a shard has at least one chunk");
  if (!verifyStorageReceipt(req.relay, req.volume, req.shard, req.chunkCount, req.receipt)) {
    throw new CbfsChainError("INVALID_PROOF", "the receipt is not the relay's signature for this shard of this volume");
  }
  if (getChallenge(store, req.relay) !== undefined) throw new CbfsChainError("RELAY_STATE", "the relay already has an open challenge");
  const id = porChallengeId(req.relay, req.volume, req.shard, height);
  const c: PorChallenge = {
    id,
    relay: req.relay.slice(),
    volume: req.volume.slice(),
    shard: req.shard.slice(),
    chunkCount: req.chunkCount,
    chunk: porChunkIndex(beacon, id, req.chunkCount),
    issuedAt: height,
    deadline: height + cfg.porResponseBlocks,
    challenger: challenger.slice(),
  };
  store.set(challengeKey(req.relay), encodeChallenge(c));
  writeOpenList(store, [...openList(store), req.relay.slice()]);
  return c;
}

export interface PorAnswer {
  readonly passed: boolean;
  /** Stake taken from the relay (a failed proof only); the caller moves it from 0x0B to the challenger. */
  readonly slashed: bigint;
  readonly challenger: Uint8Array;
}

/**
 * por_respond: the relay answers its open challenge `id` with the chunk and its Merkle path (bottom first). A proof
 * that verifies passes; one that does not is slashed porSlashBps of stake and suspended.
 */
export function answerPorChallenge(
  store: ChainStore,
  height: bigint,
  relay: Uint8Array,
  id: Uint8Array,
  chunk: Uint8Array,
  proof: readonly Uint8Array[],
  cfg: CbfsChainConfig,
): PorAnswer {
  const c = getChallenge(store, relay);
  if (c === undefined || !equalBytes(c.id, id)) throw new CbfsChainError("RELAY_STATE", "no such open challenge for this relay");
  if (height > c.deadline) throw new CbfsChainError("RELAY_STATE", `the challenge's deadline ${c.deadline} has passed`);
  close(store, relay);
  const s = getStanding(store, relay, cfg);
  if (verifyChunkProof(c.shard, c.chunkCount, c.chunk, chunk, proof)) {
    putStanding(store, relay, { ...s, reputation: Math.min(cfg.maxReputation, s.reputation + cfg.porPassReward), suspendedAt: 0n, passed: s.passed + 1n });
    return { passed: true, slashed: 0n, challenger: c.challenger };
  }
  const slashed = slashRelayStake(store, relay, cfg.porSlashBps);
  putStanding(store, relay, {
    ...s,
    reputation: Math.max(0, s.reputation - cfg.porFailPenalty),
    suspendedAt: s.suspendedAt === 0n ? height : s.suspendedAt,
    failed: s.failed + 1,
    slashed: s.slashed + slashed,
  });
  return { passed: false, slashed, challenger: c.challenger };
}

/** The per-block step: every challenge past its deadline is closed as missed — reputation down, suspended, no slash. */
export function expirePorChallenges(store: ChainStore, height: bigint, cfg: CbfsChainConfig): PorChallenge[] {
  const expired = openChallenges(store).filter((c) => height > c.deadline);
  for (const c of expired) {
    close(store, c.relay);
    const s = getStanding(store, c.relay, cfg);
    putStanding(store, c.relay, {
      ...s,
      reputation: Math.max(0, s.reputation - cfg.porMissPenalty),
      suspendedAt: s.suspendedAt === 0n ? height : s.suspendedAt,
      missed: s.missed + 1,
    });
  }
  return expired;
}
