// The off-chain CBFS client (cips/cbfs.md §6): encrypt and code a file, place its shards on relays by
// stake, upload them and the manifest; read back from any K verified shards per stripe; delete with the
// owner's signature. Never imported by @cowboy/execution.
import { randomBytes } from "node:crypto";
import { toHex } from "@cowboy/codec";
import { signOwnerAction } from "../auth.js";
import { CbfsError } from "../errors.js";
import { decodeStripes, encodeFile, verifyShard } from "../file.js";
import { type Manifest, decodeManifest, manifestRoot } from "../manifest.js";
import { placeStripe } from "../placement.js";
import { createReedSolomon } from "../reed-solomon.js";
import { runLimited } from "./pool.js";
import type { RelayInfo, RelayTransport } from "./transport.js";

/** Bytes done of bytes total, reported as a transfer advances. */
export type Progress = (done: number, total: number) => void;

export interface CbfsClientOptions {
  readonly transport: RelayTransport;
  /** Requests in flight at once (default 12). */
  readonly concurrency?: number;
}

export interface PutOptions {
  /**
   * The relays to place shards on: endpoints (each asked for its /info; unreachable ones are skipped), or the
   * relay set as the chain's 0x0B lists it (`fetchChainRelays`), used as given.
   */
  readonly relays: readonly string[] | readonly RelayInfo[];
  /** The owner's secp256k1 private key: signs the manifest so the owner alone can delete it. */
  readonly ownerKey: Uint8Array;
  readonly k?: number;
  readonly m?: number;
  readonly onProgress?: Progress;
}

export interface PutResult {
  readonly root: Uint8Array;
  readonly key: Uint8Array;
  readonly manifest: Manifest;
  /** The relays (as they described themselves) that placement drew from: a reader recomputes placement from them. */
  readonly relays: readonly RelayInfo[];
  /** The relays' storage receipts, one per shard stored (what a PoR challenge at 0x0B needs; cips/cbfs.md §11). */
  readonly receipts: readonly StorageReceipt[];
}

/** A relay's signed promise to keep shard `shard` of stripe `stripe` (see `verifyStorageReceipt`). */
export interface StorageReceipt {
  readonly stripe: number;
  readonly shard: number;
  readonly relay: RelayInfo;
  readonly signature: Uint8Array;
}

export interface GetOptions {
  /** The relay set the file was placed on (from PutResult.relays, or 0x0B), in any order. */
  readonly relays: readonly RelayInfo[];
  /** More relays to search for shards a repair moved off their placed relay (not part of placement). */
  readonly also?: readonly RelayInfo[];
  readonly onProgress?: Progress;
}

export interface CbfsClient {
  /** Relays' own descriptions; unreachable relays are left out. */
  discover(endpoints: readonly string[]): Promise<RelayInfo[]>;
  put(plaintext: Uint8Array, options: PutOptions): Promise<PutResult>;
  get(root: Uint8Array, key: Uint8Array, options: GetOptions): Promise<Uint8Array>;
  /** The manifest with this root from the first relay that holds it (its root is checked). */
  manifest(root: Uint8Array, relays: readonly RelayInfo[]): Promise<Manifest>;
  remove(root: Uint8Array, ownerKey: Uint8Array, relays: readonly RelayInfo[]): Promise<number>;
  /** Rebuilds the shards missing from stripes at or below K + threshold and re-places them (needs no file key). */
  repair(root: Uint8Array, options: RepairOptions): Promise<RepairMove[]>;
}

export interface RepairOptions {
  /** The relay set the file was placed on (placement is recomputed from it). */
  readonly placedOn: readonly RelayInfo[];
  /** Relays that may receive rebuilt shards (live ones; those that do not answer are skipped). */
  readonly candidates: readonly RelayInfo[];
  /** Repair a stripe when its available shards are ≤ K + threshold (default M − 1: any loss). */
  readonly threshold?: number;
  /** Only find what needs rebuilding: the moves that would be made, nothing uploaded. */
  readonly dryRun?: boolean;
}

/** One rebuilt shard and the relay that now holds it (what storage_record_repair records at 0x0A). */
export interface RepairMove {
  readonly stripe: number;
  readonly shard: number;
  readonly to: RelayInfo;
}

export function createCbfsClient(options: CbfsClientOptions): CbfsClient {
  const transport = options.transport;
  const concurrency = options.concurrency ?? 12;

  async function discover(endpoints: readonly string[]): Promise<RelayInfo[]> {
    const settled = await Promise.allSettled(endpoints.map((e) => transport.info(e)));
    return settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  }

  async function manifest(root: Uint8Array, relays: readonly RelayInfo[]): Promise<Manifest> {
    for (const relay of relays) {
      const bytes = await transport.getManifest(relay.endpoint, root).catch(() => undefined);
      if (bytes !== undefined && manifestRoot(bytes).every((b, i) => b === root[i])) return decodeManifest(bytes);
    }
    throw new CbfsError("MANIFEST_NOT_FOUND", `no reachable relay holds manifest ${toHex(root)}`);
  }

  return {
    discover,
    manifest,

    async put(plaintext, opts) {
      const relays = opts.relays.every((r): r is string => typeof r === "string") ? await discover(opts.relays) : (opts.relays as readonly RelayInfo[]);
      const key = new Uint8Array(randomBytes(32));
      const file = encodeFile(plaintext, { key, ...(opts.k === undefined ? {} : { k: opts.k }), ...(opts.m === undefined ? {} : { m: opts.m }) });
      const n = file.manifest.k + file.manifest.m;
      const total = file.shards.reduce((sum, stripe) => sum + stripe.reduce((s, shard) => s + shard.length, 0), 0);
      let done = 0;
      const receipts: StorageReceipt[] = [];
      const tasks = file.shards.flatMap((stripe, s) => {
        const placed = placeStripe(relays, file.root, s, n);
        return stripe.map((shard, i) => async () => {
          const relay = relays[placed[i]!]!;
          const signature = await transport.putShard(relay.endpoint, file.manifest.shardRoots[s]![i]!, file.manifest.chunkSize, shard, file.root);
          if (signature !== undefined) receipts.push({ stripe: s, shard: i, relay, signature });
          done += shard.length;
          opts.onProgress?.(done, total);
        });
      });
      await runLimited(tasks, concurrency);
      const signature = signOwnerAction("put", file.root, opts.ownerKey);
      await Promise.all(relays.map((r) => transport.putManifest(r.endpoint, file.root, file.manifestBytes, signature)));
      return { root: file.root, key, manifest: file.manifest, relays, receipts };
    },

    async get(root, key, opts) {
      const m = await manifest(root, opts.relays);
      const rs = createReedSolomon(m.k, m.m);
      const dead = new Set<string>();
      const total = Number(m.plaintextLength);
      let done = 0;
      const fetchShard = async (s: number, i: number, endpoint: string): Promise<Uint8Array | undefined> => {
        if (dead.has(endpoint)) return undefined;
        try {
          return await transport.getShard(endpoint, m.shardRoots[s]![i]!);
        } catch (error) {
          if (error instanceof CbfsError && error.code === "RELAY_UNAVAILABLE") dead.add(endpoint);
          return undefined;
        }
      };
      const stripeTasks = m.shardRoots.map((_, s) => async () => {
        const placed = placeStripe(opts.relays, root, s, m.k + m.m);
        const slots: (Uint8Array | undefined)[] = new Array(m.k + m.m).fill(undefined);
        let have = 0;
        // Data shards first (no decoding needed), then parity for whatever is missing; each one verified.
        for (let next = 0; next < m.k + m.m && have < m.k; ) {
          const batch: number[] = [];
          while (next < m.k + m.m && batch.length < m.k - have) batch.push(next++);
          const got = await Promise.all(batch.map((i) => fetchShard(s, i, opts.relays[placed[i]!]!.endpoint)));
          batch.forEach((i, j) => {
            const shard = got[j];
            if (shard === undefined) return;
            if (!verifyShard(m, s, i, shard)) return; // a shard that does not match the manifest counts as missing
            slots[i] = shard;
            have++;
          });
        }
        // A shard moved by a repair is not where placement put it: ask the other relays of the set.
        for (const relay of [...opts.relays, ...(opts.also ?? [])]) {
          if (have >= m.k) break;
          for (let i = 0; i < m.k + m.m && have < m.k; i++) {
            if (slots[i] !== undefined || placed.some((p, j) => j === i && opts.relays[p] === relay)) continue;
            const shard = await fetchShard(s, i, relay.endpoint);
            if (shard !== undefined && verifyShard(m, s, i, shard)) {
              slots[i] = shard;
              have++;
            }
          }
        }
        // Every slot was verified above, so the rebuilt data is what the manifest names.
        const blocks = have < m.k ? [] : slots.slice(0, m.k).every((x) => x !== undefined) ? (slots.slice(0, m.k) as Uint8Array[]) : rs.reconstruct(slots).slice(0, m.k);
        if (have < m.k) throw new CbfsError("NOT_ENOUGH_SHARDS", `stripe ${s}: only ${have} of the ${m.k} shards needed could be fetched and verified`);
        done += blocks.reduce((sum, b) => sum + b.length, 0);
        opts.onProgress?.(Math.min(done, total), total);
        return blocks;
      });
      const data = await runLimited(stripeTasks, Math.max(1, Math.floor(concurrency / m.k)));
      return decodeStripes(m, key, data);
    },

    async repair(root, opts) {
      const m = await manifest(root, [...opts.placedOn, ...opts.candidates]);
      const rs = createReedSolomon(m.k, m.m);
      const threshold = opts.threshold ?? m.m - 1;
      const moves: RepairMove[] = [];
      const alive = new Map<string, boolean>();
      const isAlive = async (r: RelayInfo) => {
        if (!alive.has(r.endpoint))
          alive.set(
            r.endpoint,
            await transport.info(r.endpoint).then(
              () => true,
              () => false,
            ),
          );
        return alive.get(r.endpoint)!;
      };
      for (let s = 0; s < m.shardRoots.length; s++) {
        const placed = placeStripe(opts.placedOn, root, s, m.k + m.m);
        const holders = placed.map((p) => opts.placedOn[p]!);
        const slots: (Uint8Array | undefined)[] = await Promise.all(
          holders.map(async (r, i) => {
            if (!(await isAlive(r))) return undefined;
            const shard = await transport.getShard(r.endpoint, m.shardRoots[s]![i]!).catch(() => undefined);
            return shard !== undefined && verifyShard(m, s, i, shard) ? shard : undefined;
          }),
        );
        // A shard an earlier repair moved is elsewhere: look for it on the other relays.
        for (let i = 0; i < m.k + m.m; i++) {
          if (slots[i] !== undefined) continue;
          for (const r of [...opts.placedOn, ...opts.candidates]) {
            if (r.endpoint === holders[i]!.endpoint || !(await isAlive(r))) continue;
            const shard = await transport.getShard(r.endpoint, m.shardRoots[s]![i]!).catch(() => undefined);
            if (shard !== undefined && verifyShard(m, s, i, shard)) {
              slots[i] = shard;
              holders[i] = r;
              break;
            }
          }
        }
        const available = slots.filter((x) => x !== undefined).length;
        if (available > m.k + threshold) continue;
        if (available < m.k) throw new CbfsError("NOT_ENOUGH_SHARDS", `stripe ${s}: ${available} shards survive, ${m.k} are needed to repair`);
        const all = rs.reconstruct(slots);
        for (let i = 0; i < m.k + m.m; i++) {
          if (slots[i] !== undefined) continue;
          if (!verifyShard(m, s, i, all[i]!)) throw new CbfsError("SHARD_MISMATCH", `rebuilt shard ${i} of stripe ${s} does not match the manifest`);
          const used = new Set(holders.filter((_, j) => slots[j] !== undefined).map((r) => r.endpoint));
          for (const mv of moves) if (mv.stripe === s) used.add(mv.to.endpoint);
          let target: RelayInfo | undefined;
          for (const c of opts.candidates) {
            if (used.has(c.endpoint) || !(await isAlive(c))) continue;
            if (holders.some((h, j) => slots[j] !== undefined && h.operator.every((b, x) => b === c.operator[x]))) continue;
            target = c;
            break;
          }
          if (target === undefined) throw new CbfsError("NOT_ENOUGH_RELAYS", `no live relay of a new operator can take shard ${i} of stripe ${s}`);
          if (opts.dryRun !== true) await transport.putShard(target.endpoint, m.shardRoots[s]![i]!, m.chunkSize, all[i]!, root);
          moves.push({ stripe: s, shard: i, to: target });
        }
      }
      return moves;
    },

    async remove(root, ownerKey, relays) {
      const signature = signOwnerAction("rm", root, ownerKey);
      const settled = await Promise.allSettled(relays.map((r) => transport.deleteManifest(r.endpoint, root, signature)));
      const refused = settled.find((s) => s.status === "rejected" && s.reason instanceof CbfsError && s.reason.code === "RELAY_REFUSED");
      if (refused !== undefined) throw (refused as PromiseRejectedResult).reason;
      return settled.filter((s) => s.status === "fulfilled").length;
    },
  };
}
