// The off-chain CBFS client (cips/cbfs.md §6): encrypt and code a file, place its shards on relays by
// stake, upload them and the manifest; read back from any K verified shards per stripe; delete with the
// owner's signature. Never imported by @cowboy/execution.
import { randomBytes } from "node:crypto";
import { toHex } from "@cowboy/codec";
import { signOwnerAction } from "../auth.js";
import { CbfsError } from "../errors.js";
import { resolveParams, verifyShard } from "../file.js";
import { stripeCount } from "../layout.js";
import { chunkCount } from "../merkle.js";
import { CBFS_FORMAT_VERSION, LIMITS } from "../params.js";
import { type Manifest, decodeManifest, encodeManifest, manifestRoot } from "../manifest.js";
import { placeStripe } from "../placement.js";
import { createReedSolomon } from "../reed-solomon.js";
import { StreamDecryptor, encodeStripe, stripePlainRange, stripeStreamParts } from "../stream.js";
import { runLimited } from "./pool.js";
import { type ReaderOptions, type VolumeReader, createVolumeReader } from "./reader.js";
import { type PlaintextSource, type StripeSpool, diskSpool, memorySpool } from "./spool.js";
import { createStripeFetcher } from "./stripes.js";
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
  /**
   * For a PlaintextSource: the directory its encoded stripes are spooled in between encoding (which yields the
   * manifest root placement draws from) and upload; default the OS temporary directory. Removed afterwards.
   */
  readonly spoolDir?: string;
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
  /**
   * Encrypts, codes, places and uploads a file. A Uint8Array is coded in memory; a PlaintextSource is read one
   * stripe at a time and its shards spooled to disk, so memory stays bounded by a few stripes (cips/cbfs.md §13).
   */
  put(plaintext: Uint8Array | PlaintextSource, options: PutOptions): Promise<PutResult>;
  get(root: Uint8Array, key: Uint8Array, options: GetOptions): Promise<Uint8Array>;
  /**
   * Reads a file stripe by stripe, a few stripes fetched ahead, and hands its plaintext to `sink` in order as each
   * segment authenticates; resolves to the bytes written. Memory stays bounded by the stripes in flight.
   */
  getTo(root: Uint8Array, key: Uint8Array, sink: (bytes: Uint8Array) => unknown, options: GetOptions): Promise<number>;
  /**
   * Opens a file for random-access reads (what a FUSE mount serves): each read fetches and verifies only the stripes
   * it needs and decrypts only the segments it covers.
   */
  open(root: Uint8Array, key: Uint8Array, options: GetOptions & ReaderOptions): Promise<VolumeReader>;
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
  /** The rebuilt shard's root and chunk count, and the new holder's storage receipt (none on a dry run, or when
   *  the relay gives none): what storage_record_repair records at 0x0A (cips/cbfs.md §11.1). */
  readonly shardRoot: Uint8Array;
  readonly chunkCount: number;
  readonly receipt?: Uint8Array;
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

  const client: CbfsClient = {
    discover,
    manifest,

    async put(plaintext, opts) {
      const relays = opts.relays.every((r): r is string => typeof r === "string") ? await discover(opts.relays) : (opts.relays as readonly RelayInfo[]);
      const source: PlaintextSource = plaintext instanceof Uint8Array ? { length: plaintext.length, read: async (a, b) => plaintext.subarray(a, b) } : plaintext;
      if (BigInt(source.length) > LIMITS.maxPlaintextLength) throw new CbfsError("INVALID_PARAMS", "file too large");
      const key = new Uint8Array(randomBytes(32));
      const p = resolveParams({ ...(opts.k === undefined ? {} : { k: opts.k }), ...(opts.m === undefined ? {} : { m: opts.m }) });
      const rs = createReedSolomon(p.k, p.m);
      const n = p.k + p.m;
      const stripes = stripeCount(source.length, p);
      const spool: StripeSpool = plaintext instanceof Uint8Array ? memorySpool() : await diskSpool(opts.spoolDir);
      try {
        // Pass 1: encode stripe by stripe (the manifest root, which placement draws from, needs every shard root).
        const shardRoots: Uint8Array[][] = [];
        for (let s = 0; s < stripes; s++) {
          const range = stripePlainRange(source.length, p, s);
          const stripe = encodeStripe(key, source.length, p, s, await source.read(range.start, range.end), rs);
          shardRoots.push(stripe.roots);
          await spool.write(s, stripe.shards);
        }
        const manifest: Manifest = { version: CBFS_FORMAT_VERSION, ...p, plaintextLength: BigInt(source.length), shardRoots };
        const manifestBytes = encodeManifest(manifest);
        const root = manifestRoot(manifestBytes);
        // Pass 2: upload, a few stripes read back from the spool ahead of the uploads in flight.
        const total = stripes * n * p.blockSize;
        let done = 0;
        const receipts: StorageReceipt[] = [];
        const window = Math.max(2, Math.ceil(concurrency / n) + 1);
        await runLimited(
          Array.from({ length: stripes }, (_, s) => async () => {
            const shards = await spool.read(s);
            const placed = placeStripe(relays, root, s, n);
            await runLimited(
              shards.map((shard, i) => async () => {
                const relay = relays[placed[i]!]!;
                const signature = await transport.putShard(relay.endpoint, shardRoots[s]![i]!, p.chunkSize, shard, root);
                if (signature !== undefined) receipts.push({ stripe: s, shard: i, relay, signature });
                done += shard.length;
                opts.onProgress?.(Math.min(done, total), total);
              }),
              n,
            );
          }),
          window,
        );
        const signature = signOwnerAction("put", root, opts.ownerKey);
        await Promise.all(relays.map((r) => transport.putManifest(r.endpoint, root, manifestBytes, signature)));
        receipts.sort((a, b) => a.stripe - b.stripe || a.shard - b.shard);
        return { root, key, manifest, relays, receipts };
      } finally {
        await spool.close();
      }
    },

    async getTo(root, key, sink, opts) {
      const m = await manifest(root, opts.relays);
      const total = Number(m.plaintextLength);
      let done = 0;
      const fetchVerified = createStripeFetcher(transport, m, root, opts);
      const fetchStripe = async (s: number): Promise<Uint8Array[]> => {
        const blocks = await fetchVerified(s);
        done += blocks.reduce((sum, b) => sum + b.length, 0);
        opts.onProgress?.(Math.min(done, total), total);
        return blocks;
      };
      // Stripes are fetched a window ahead and decrypted in order as they arrive.
      const decryptor = new StreamDecryptor(key, total, m.segmentSize);
      const window = Math.max(2, Math.floor(concurrency / m.k));
      const ahead: Promise<Uint8Array[]>[] = [];
      let written = 0;
      for (let s = 0, next = 0; s < m.shardRoots.length; s++) {
        while (next < m.shardRoots.length && next < s + window) {
          const fetching = fetchStripe(next++);
          fetching.catch(() => {}); // awaited in order below; a failure surfaces there
          ahead.push(fetching);
        }
        const blocks = await ahead.shift()!;
        for (const part of stripeStreamParts(total, m, s, blocks)) {
          const plain = decryptor.push(part);
          if (plain.length === 0) continue;
          await sink(plain);
          written += plain.length;
        }
      }
      decryptor.finish();
      return written;
    },

    async open(root, key, opts) {
      const m = await manifest(root, opts.relays);
      return createVolumeReader(m, key, createStripeFetcher(transport, m, root, opts), opts);
    },

    async get(root, key, opts) {
      const m = await manifest(root, opts.relays);
      const out = new Uint8Array(Number(m.plaintextLength));
      let at = 0;
      await client.getTo(
        root,
        key,
        (bytes) => {
          out.set(bytes, at);
          at += bytes.length;
        },
        opts,
      );
      return out;
    },

    async repair(root, opts) {
      const m = await manifest(root, [...opts.placedOn, ...opts.candidates]);
      const rs = createReedSolomon(m.k, m.m);
      const threshold = opts.threshold ?? m.m - 1;
      const moves: RepairMove[] = [];
      // One /info per relay, shared by the stripes being repaired at once.
      const alive = new Map<string, Promise<boolean>>();
      const isAlive = (r: RelayInfo): Promise<boolean> => {
        let known = alive.get(r.endpoint);
        if (known === undefined) {
          known = transport.info(r.endpoint).then(
            () => true,
            () => false,
          );
          alive.set(r.endpoint, known);
        }
        return known;
      };
      // Stripes are independent: a few repaired at once (fetch, rebuild and upload overlap across them).
      const repairStripe = async (s: number): Promise<void> => {
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
        if (available > m.k + threshold) return;
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
          const shardRoot = m.shardRoots[s]![i]!;
          const receipt = opts.dryRun === true ? undefined : await transport.putShard(target.endpoint, shardRoot, m.chunkSize, all[i]!, root);
          const move = { stripe: s, shard: i, to: target, shardRoot, chunkCount: chunkCount(all[i]!.length, m.chunkSize) };
          moves.push(receipt === undefined ? move : { ...move, receipt });
        }
      };
      await runLimited(
        m.shardRoots.map((_, s) => () => repairStripe(s)),
        Math.max(1, Math.floor(concurrency / m.k)),
      );
      moves.sort((x, y) => x.stripe - y.stripe || x.shard - y.shard);
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
  return client;
}
