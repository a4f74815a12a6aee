// 0x0A Storage Manager (spec §9, §7.3; cips/cbfs.md §7.2): anchors manifest roots with their owner, replaces
// them (the old shards become orphans, released ORPHAN_SHARD_TTL blocks later), deletes them, records repairs,
// holds prepaid rent, and revokes CapToken nonces. Keys under systemKey("cbfs_storage", …):
//   0x01 ‖ root → volume: owner[20] ‖ size u64 ‖ k u8 ‖ m u8 ‖ anchoredAt u64 ‖ paidUntil u64 ‖ repairs u64
//   0x02 ‖ root → orphan: releaseAt u64 (the superseded root's shards may be pruned from that height)
//   0x03 ‖ owner ‖ u64be(nonce) → revokedAt u64
// Rent (our rule): stored MiB = ceil(size·(K+M)/K / 2^20); rent = stored MiB × blocks × rentPerMiBBlock, paid at
// anchor (and top-up) into 0x0A; a delete by the owner refunds the unexpired part; a volume unpaid for
// rentGraceBlocks past its paid-up height may be deleted by anyone, without refund.
import { Reader, Writer, compareBytes, toHex } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import type { CbfsChainConfig, ChainStore } from "./config.js";
import { CbfsChainError } from "./errors.js";

export interface VolumeRecord {
  readonly root: Uint8Array;
  readonly owner: Uint8Array;
  readonly size: bigint;
  readonly k: number;
  readonly m: number;
  readonly anchoredAt: bigint;
  readonly paidUntil: bigint;
  readonly repairs: bigint;
}

const REGISTRY = "cbfs_storage";
const volumeKey = (root: Uint8Array) => systemKey(REGISTRY, Uint8Array.of(1, ...root));
const orphanKey = (root: Uint8Array) => systemKey(REGISTRY, Uint8Array.of(2, ...root));
const revokedKey = (owner: Uint8Array, nonce: bigint) => systemKey(REGISTRY, new Writer(29).u8(3).bytes(owner).u64(nonce).finish());

const MIB = 1n << 20n;
const hex = toHex;

function encodeVolume(v: VolumeRecord): Uint8Array {
  return new Writer(20 + 8 + 2 + 8 * 3).bytes(v.owner).u64(v.size).u8(v.k).u8(v.m).u64(v.anchoredAt).u64(v.paidUntil).u64(v.repairs).finish();
}

function decodeVolume(root: Uint8Array, bytes: Uint8Array): VolumeRecord {
  const r = new Reader(bytes);
  const v = { root, owner: r.bytes(20).slice(), size: r.u64(), k: r.u8(), m: r.u8(), anchoredAt: r.u64(), paidUntil: r.u64(), repairs: r.u64() };
  r.end();
  return v;
}

/** Stored MiB (data + parity, rounded up) of a volume of `size` plaintext-ish bytes coded K+M. */
export function storedMiB(size: bigint, k: number, m: number): bigint {
  const stored = (size * BigInt(k + m) + BigInt(k) - 1n) / BigInt(k);
  return (stored + MIB - 1n) / MIB;
}

/** Rent for `blocks` blocks of a volume. */
export function rentFor(size: bigint, k: number, m: number, blocks: bigint, cfg: CbfsChainConfig): bigint {
  return storedMiB(size, k, m) * blocks * cfg.rentPerMiBBlock;
}

export function getVolume(store: ChainStore, root: Uint8Array): VolumeRecord | undefined {
  const bytes = store.get(volumeKey(root));
  return bytes === undefined ? undefined : decodeVolume(root.slice(), bytes);
}

function requireVolume(store: ChainStore, root: Uint8Array): VolumeRecord {
  const v = getVolume(store, root);
  if (v === undefined) throw new CbfsChainError("VOLUME_NOT_FOUND", `no volume is anchored at 0x${hex(root)}`);
  return v;
}

function requireOwner(v: VolumeRecord, caller: Uint8Array): void {
  if (compareBytes(v.owner, caller) !== 0) throw new CbfsChainError("NOT_OWNER", `only 0x${hex(v.owner)} may change volume 0x${hex(v.root)}`);
}

export interface AnchorVolume {
  readonly root: Uint8Array;
  readonly size: bigint;
  readonly k: number;
  readonly m: number;
  /** Blocks of rent prepaid (≥ 1). */
  readonly blocks: bigint;
}

function checkShape(req: AnchorVolume): void {
  if (req.k < 1 || req.m < 0 || req.k + req.m > 256) throw new CbfsChainError("INVALID_VOLUME", `K=${req.k}, M=${req.m} is not a valid code`);
  if (req.blocks < 1n) throw new CbfsChainError("INVALID_VOLUME", "prepay at least one block of rent");
}

/** Anchors a manifest root owned by `owner`; returns the rent the caller moves from the owner into 0x0A. */
export function anchorVolume(store: ChainStore, height: bigint, owner: Uint8Array, req: AnchorVolume, cfg: CbfsChainConfig): bigint {
  checkShape(req);
  if (getVolume(store, req.root) !== undefined) throw new CbfsChainError("VOLUME_EXISTS", `0x${hex(req.root)} is already anchored`);
  const v: VolumeRecord = { root: req.root.slice(), owner: owner.slice(), size: req.size, k: req.k, m: req.m, anchoredAt: height, paidUntil: height + req.blocks, repairs: 0n };
  store.set(volumeKey(req.root), encodeVolume(v));
  store.delete(orphanKey(req.root));
  return rentFor(req.size, req.k, req.m, req.blocks, cfg);
}

/** Prepays `blocks` more of rent (anyone may pay for a volume); returns the rent to move into 0x0A. */
export function topUpRent(store: ChainStore, root: Uint8Array, blocks: bigint, cfg: CbfsChainConfig): bigint {
  const v = requireVolume(store, root);
  if (blocks < 1n) throw new CbfsChainError("INVALID_VOLUME", "top up at least one block");
  store.set(volumeKey(root), encodeVolume({ ...v, paidUntil: v.paidUntil + blocks }));
  return rentFor(v.size, v.k, v.m, blocks, cfg);
}

function refundOf(v: VolumeRecord, height: bigint, cfg: CbfsChainConfig): bigint {
  return v.paidUntil > height ? rentFor(v.size, v.k, v.m, v.paidUntil - height, cfg) : 0n;
}

/**
 * Replaces `oldRoot` by a new manifest (same owner): the new volume takes over the old one's unexpired rent
 * plus `req.blocks` more; the old root becomes an orphan released at height + orphanShardTtl. Returns
 * the rent due now (the new volume's `req.blocks`, less the old volume's unexpired credit, never below 0).
 */
export function replaceVolume(store: ChainStore, height: bigint, caller: Uint8Array, oldRoot: Uint8Array, req: AnchorVolume, cfg: CbfsChainConfig): bigint {
  const old = requireVolume(store, oldRoot);
  requireOwner(old, caller);
  checkShape(req);
  if (getVolume(store, req.root) !== undefined) throw new CbfsChainError("VOLUME_EXISTS", `0x${hex(req.root)} is already anchored`);
  const credit = refundOf(old, height, cfg);
  store.delete(volumeKey(oldRoot));
  store.set(orphanKey(oldRoot), new Writer(8).u64(height + cfg.orphanShardTtl).finish());
  const due = anchorVolume(store, height, caller, req, cfg);
  return due > credit ? due - credit : 0n;
}

/** Deletes a volume; returns the refund the caller moves from 0x0A to the owner (0 for a lapsed volume). */
export function deleteVolume(store: ChainStore, height: bigint, caller: Uint8Array, root: Uint8Array, cfg: CbfsChainConfig): { refund: bigint; owner: Uint8Array } {
  const v = requireVolume(store, root);
  const lapsed = height > v.paidUntil + cfg.rentGraceBlocks;
  if (!lapsed) requireOwner(v, caller);
  store.delete(volumeKey(root));
  return { refund: lapsed ? 0n : refundOf(v, height, cfg), owner: v.owner };
}

/** The height from which a superseded root's shards may be pruned, if it is an orphan. */
export function orphanReleaseAt(store: ChainStore, root: Uint8Array): bigint | undefined {
  const bytes = store.get(orphanKey(root));
  return bytes === undefined ? undefined : new Reader(bytes).u64();
}

/** Revokes the owner's CapTokens with this nonce (cips/cbfs.md §8). */
export function revokeCapToken(store: ChainStore, height: bigint, owner: Uint8Array, nonce: bigint): void {
  const key = revokedKey(owner, nonce);
  if (store.get(key) !== undefined) throw new CbfsChainError("ALREADY_REVOKED", `nonce ${nonce} is already revoked`);
  store.set(key, new Writer(8).u64(height).finish());
}

export function isRevoked(store: ChainStore, owner: Uint8Array, nonce: bigint): boolean {
  return store.get(revokedKey(owner, nonce)) !== undefined;
}

/** Records that shard `shard` of stripe `stripe` was rebuilt and moved to `toRelay` (owner or a registered relay calls it). */
export function recordRepair(store: ChainStore, root: Uint8Array, stripe: bigint, shard: number): VolumeRecord {
  const v = requireVolume(store, root);
  if (shard < 0 || shard >= v.k + v.m) throw new CbfsChainError("INVALID_VOLUME", `shard ${shard} is outside 0..${v.k + v.m - 1}`);
  if (stripe < 0n) throw new CbfsChainError("INVALID_VOLUME", "stripe must be non-negative");
  const next = { ...v, repairs: v.repairs + 1n };
  store.set(volumeKey(root), encodeVolume(next));
  return next;
}
