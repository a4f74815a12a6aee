// Deterministic stake-weighted shard placement (cips/cbfs.md §7). For stripe `s` of the file with manifest root
// R, the K+M shards go to relays drawn without replacement with probability proportional to stake from the
// relay set sorted by address; draw d uses sha256("cowboy/cbfs/place" ‖ R ‖ u32be(s) ‖ u32be(d)) as a 256-bit
// integer mod the remaining stake. A relay is never drawn twice for one stripe, nor two relays of one operator.
import { CbfsError } from "./errors.js";
import { sha256 } from "./hash.js";

export interface PlacementRelay {
  /** The relay's 20-byte address (its identity at 0x0B). */
  readonly address: Uint8Array;
  /** Who runs it: relays of one operator never hold two shards of one stripe. */
  readonly operator: Uint8Array;
  /** Bonded stake (base units): the draw weight. Relays with zero stake are never chosen. */
  readonly stake: bigint;
}

const TAG = new TextEncoder().encode("cowboy/cbfs/place");

function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function toBigint(bytes: Uint8Array): bigint {
  let x = 0n;
  for (const b of bytes) x = (x << 8n) | BigInt(b);
  return x;
}

function u32(n: number): Uint8Array {
  return Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
}

/**
 * The relays (indexes into `relays`) for the `count` shards of stripe `stripe`, shard 0 first. Throws
 * NOT_ENOUGH_RELAYS when fewer than `count` staked relays of distinct operators exist.
 */
export function placeStripe(relays: readonly PlacementRelay[], root: Uint8Array, stripe: number, count: number): number[] {
  const order = relays.map((_, i) => i).sort((a, b) => compare(relays[a]!.address, relays[b]!.address));
  const chosen: number[] = [];
  const usedOperators: Uint8Array[] = [];
  for (let d = 0; d < count; d++) {
    const eligible = order.filter((i) => relays[i]!.stake > 0n && !chosen.includes(i) && !usedOperators.some((o) => compare(o, relays[i]!.operator) === 0));
    const total = eligible.reduce((sum, i) => sum + relays[i]!.stake, 0n);
    if (total === 0n) {
      throw new CbfsError("NOT_ENOUGH_RELAYS", `stripe ${stripe} needs ${count} staked relays of distinct operators, only ${d} are available`);
    }
    let draw = toBigint(sha256(TAG, root, u32(stripe), u32(d))) % total;
    for (const i of eligible) {
      const stake = relays[i]!.stake;
      if (draw < stake) {
        chosen.push(i);
        usedOperators.push(relays[i]!.operator);
        break;
      }
      draw -= stake;
    }
  }
  return chosen;
}
