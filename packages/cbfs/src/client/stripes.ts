// Fetching one stripe's verified data blocks (cips/cbfs.md §6): the K data shards from their placed relays first,
// parity only for what is missing or fails verification, then the rest of the set (a repair may have moved a shard).
// Shared by the whole-file read (`getTo`) and the random-access reader (`open`, reader.ts).
import { CbfsError } from "../errors.js";
import { verifyShard } from "../file.js";
import type { Manifest } from "../manifest.js";
import { placeStripe } from "../placement.js";
import { createReedSolomon } from "../reed-solomon.js";
import type { RelayInfo, RelayTransport } from "./transport.js";

export interface StripeSources {
  readonly relays: readonly RelayInfo[];
  readonly also?: readonly RelayInfo[];
}

/** Returns stripe `s`'s K data blocks, every one verified against the manifest (rebuilt from parity if needed). */
export type StripeFetcher = (s: number) => Promise<Uint8Array[]>;

export function createStripeFetcher(transport: RelayTransport, m: Manifest, root: Uint8Array, sources: StripeSources): StripeFetcher {
  const rs = createReedSolomon(m.k, m.m);
  const n = m.k + m.m;
  // Relays that refused a connection are not asked again by this fetcher.
  const dead = new Set<string>();
  const fetchShard = async (s: number, i: number, endpoint: string): Promise<Uint8Array | undefined> => {
    if (dead.has(endpoint)) return undefined;
    try {
      return await transport.getShard(endpoint, m.shardRoots[s]![i]!);
    } catch (error) {
      if (error instanceof CbfsError && error.code === "RELAY_UNAVAILABLE") dead.add(endpoint);
      return undefined;
    }
  };
  return async (s) => {
    const placed = placeStripe(sources.relays, root, s, n);
    const slots: (Uint8Array | undefined)[] = new Array(n).fill(undefined);
    let have = 0;
    // Data shards first (no decoding needed), then parity for whatever is missing; each one verified.
    for (let next = 0; next < n && have < m.k; ) {
      const batch: number[] = [];
      while (next < n && batch.length < m.k - have) batch.push(next++);
      const got = await Promise.all(batch.map((i) => fetchShard(s, i, sources.relays[placed[i]!]!.endpoint)));
      batch.forEach((i, j) => {
        const shard = got[j];
        if (shard === undefined || !verifyShard(m, s, i, shard)) return; // a shard that does not match counts as missing
        slots[i] = shard;
        have++;
      });
    }
    // A shard moved by a repair is not where placement put it: ask the other relays of the set.
    for (const relay of [...sources.relays, ...(sources.also ?? [])]) {
      if (have >= m.k) break;
      for (let i = 0; i < n && have < m.k; i++) {
        if (slots[i] !== undefined || sources.relays[placed[i]!] === relay) continue;
        const shard = await fetchShard(s, i, relay.endpoint);
        if (shard !== undefined && verifyShard(m, s, i, shard)) {
          slots[i] = shard;
          have++;
        }
      }
    }
    if (have < m.k) throw new CbfsError("NOT_ENOUGH_SHARDS", `stripe ${s}: only ${have} of the ${m.k} shards needed could be fetched and verified`);
    // Every slot was verified above, so the rebuilt data is what the manifest names.
    const data = slots.slice(0, m.k);
    return data.every((x) => x !== undefined) ? (data as Uint8Array[]) : rs.reconstruct(slots).slice(0, m.k);
  };
}
