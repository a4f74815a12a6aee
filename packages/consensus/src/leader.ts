import { concatBytes, encode, u64 } from "@cowboy/codec";
import { sha256 } from "@cowboy/crypto";

// Leader election (cips/consensus.md, "Seeds and leaders"): the leader of view v is sampled by
// stake from the seed of view v-1. x = sha256(u8(len(tag)) ‖ tag ‖ u64be(epoch) ‖ u64be(view) ‖ seed)
// read as a 256-bit big-endian integer; target = x mod total stake; the leader is the first index
// whose cumulative stake exceeds target. For the first view (no previous seed) `seed` is empty.

const TAG = new TextEncoder().encode("COWBOY_SIMPLEX_V1_LEADER");
const PREFIX = concatBytes(Uint8Array.of(TAG.length), TAG);

export function selectLeader(stakes: readonly bigint[], epoch: bigint, view: bigint, seed: Uint8Array): number {
  const digest = sha256(concatBytes(PREFIX, encode(u64, epoch), encode(u64, view), seed));
  let x = 0n;
  for (const b of digest) x = (x << 8n) | BigInt(b);
  let total = 0n;
  for (const s of stakes) total += s;
  let target = x % total;
  for (let i = 0; i < stakes.length; i++) {
    const s = stakes[i] as bigint;
    if (target < s) return i;
    target -= s;
  }
  return stakes.length - 1;
}
