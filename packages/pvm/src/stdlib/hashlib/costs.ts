import { HOST_OPS_V1, type LinearCost, linearCost } from "@cowboy/metering";

/**
 * Cycles of one digest over `len` bytes (cips/pvm-stdlib-data.md §3). SHA-256 and Keccak-256 are
 * the spec's §3.5 prices; SHA3-256 runs the same permutation as Keccak-256 and costs the same;
 * BLAKE2b is priced like SHA-256 per compression call (a keyed hash compresses one more block).
 */
export const HASHLIB_COSTS: Readonly<Record<"sha256" | "keccak256" | "sha3_256" | "blake2b", LinearCost>> = Object.freeze({
  sha256: HOST_OPS_V1.sha256,
  keccak256: HOST_OPS_V1.keccak256,
  sha3_256: HOST_OPS_V1.keccak256,
  blake2b: Object.freeze({ base: 500n, perUnit: 8n, unitSize: 128n }),
});

export function digestCycles(name: keyof typeof HASHLIB_COSTS, len: number, keyed: boolean): number {
  return Number(linearCost(HASHLIB_COSTS[name], name === "blake2b" && keyed ? len + 128 : len));
}
