// Systematic Reed–Solomon erasure code over GF(2^8) (cips/cbfs.md §3): K data + M parity shards,
// any K of which rebuild the data. The encoding matrix is the (K+M)×K Vandermonde matrix V[r][c] = r^c
// multiplied by the inverse of its top K×K square, so its top K rows are the identity (the data shards
// are the data) — the construction of Backblaze's and the Rust `reed-solomon-erasure` codecs.
import { CbfsError } from "./errors.js";
import { MUL, type Matrix, gfPow, matInvert, matMul } from "./gf256.js";
import { LIMITS } from "./params.js";

/** A codec for one (K, M): build it once with `createReedSolomon`, use it for every stripe. */
export interface ReedSolomon {
  readonly k: number;
  readonly m: number;
  /** The M parity shards of K equal-length data shards. */
  encode(data: readonly Uint8Array[]): Uint8Array[];
  /**
   * Given K+M slots with at least K present (undefined = missing), all of one length, returns all K+M
   * shards: present ones as given, missing ones rebuilt. Throws NOT_ENOUGH_SHARDS with fewer than K.
   */
  reconstruct(shards: readonly (Uint8Array | undefined)[]): Uint8Array[];
}

export function createReedSolomon(k: number, m: number): ReedSolomon {
  if (!Number.isInteger(k) || !Number.isInteger(m) || k < 1 || m < 0 || k + m > LIMITS.maxShardsPerStripe) {
    throw new CbfsError("INVALID_PARAMS", `K=${k}, M=${m}: need K ≥ 1, M ≥ 0 and K + M ≤ ${LIMITS.maxShardsPerStripe}`);
  }
  const n = k + m;
  const vandermonde: Matrix = Array.from({ length: n }, (_, r) => Uint8Array.from({ length: k }, (_, c) => gfPow(r, c)));
  const topInverse = matInvert(vandermonde.slice(0, k))!;
  const matrix = matMul(vandermonde, topInverse);
  const parityRows = matrix.slice(k);
  const decodeCache = new Map<string, Matrix>();

  function combine(rows: Matrix, inputs: readonly Uint8Array[], length: number): Uint8Array[] {
    const outs = rows.map(() => new Uint8Array(length));
    // Whole 32-bit words where the input is word-aligned: four table lookups packed into one read-modify-write of
    // the output (the byte order of the word does not matter: each byte goes back where it came from).
    const words = length >>> 2;
    for (let c = 0; c < inputs.length; c++) {
      const input = inputs[c]!;
      const in32 = input.byteOffset % 4 === 0 ? new Uint32Array(input.buffer, input.byteOffset, words) : undefined;
      for (let r = 0; r < rows.length; r++) {
        const coef = rows[r]![c]!;
        if (coef === 0) continue;
        const out = outs[r]!;
        const out32 = new Uint32Array(out.buffer, 0, words);
        const table = MUL.subarray(coef << 8, (coef << 8) + 256);
        let from = 0;
        if (in32 !== undefined) {
          if (coef === 1) for (let w = 0; w < words; w++) out32[w]! ^= in32[w]!;
          else
            for (let w = 0; w < words; w++) {
              const x = in32[w]!;
              out32[w]! ^= table[x & 0xff]! | (table[(x >>> 8) & 0xff]! << 8) | (table[(x >>> 16) & 0xff]! << 16) | (table[x >>> 24]! << 24);
            }
          from = words << 2;
        }
        for (let i = from; i < length; i++) out[i]! ^= table[input[i]!]!;
      }
    }
    return outs;
  }

  function sameLength(shards: readonly Uint8Array[]): number {
    const length = shards[0]!.length;
    for (const s of shards) if (s.length !== length) throw new CbfsError("INVALID_PARAMS", "shards of one stripe must have one length");
    return length;
  }

  return {
    k,
    m,
    encode(data) {
      if (data.length !== k) throw new CbfsError("INVALID_PARAMS", `encode needs ${k} data shards, got ${data.length}`);
      return combine(parityRows, data, sameLength(data));
    },
    reconstruct(shards) {
      if (shards.length !== n) throw new CbfsError("INVALID_PARAMS", `reconstruct needs ${n} slots, got ${shards.length}`);
      const present: number[] = [];
      for (let i = 0; i < n && present.length < k; i++) if (shards[i] !== undefined) present.push(i);
      if (present.length < k) {
        throw new CbfsError("NOT_ENOUGH_SHARDS", `a stripe needs ${k} of its ${n} shards, only ${present.length} are available`);
      }
      const inputs = present.map((i) => shards[i]!);
      const length = sameLength(inputs);
      let data: Uint8Array[];
      if (present.every((i, j) => i === j)) data = inputs;
      else {
        const key = present.join(",");
        let inverse = decodeCache.get(key);
        if (inverse === undefined) {
          inverse = matInvert(present.map((i) => matrix[i]!))!;
          decodeCache.set(key, inverse);
        }
        const missingData = [...Array(k).keys()].filter((i) => shards[i] === undefined);
        const rebuilt = combine(
          missingData.map((i) => inverse[i]!),
          inputs,
          length,
        );
        data = Array.from({ length: k }, (_, i) => shards[i] ?? rebuilt[missingData.indexOf(i)]!);
      }
      const missingParity = [...Array(m).keys()].filter((p) => shards[k + p] === undefined);
      const parity =
        missingParity.length === 0
          ? []
          : combine(
              missingParity.map((p) => parityRows[p]!),
              data,
              length,
            );
      return Array.from({ length: n }, (_, i) => (i < k ? data[i]! : (shards[i] ?? parity[missingParity.indexOf(i - k)]!)));
    },
  };
}
