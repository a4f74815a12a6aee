// blake3 of exactly 65 bytes, the size of every tree node's hashed part (cips/state.md §2), read
// from and written into caller buffers: no allocation per hash. A general-purpose blake3 (noble or
// hash-wasm) allocates its output and, through WASM, copies the input twice; at ~60,000 node hashes
// per 10,000-key block that overhead is most of the hashing cost. The result is ordinary blake3
// (tests compare it with @noble/hashes on random inputs and the vectors pin the roots).
//
// 65 bytes are one chunk of two blocks: 64 bytes with CHUNK_START, then 1 byte (zero-padded) with
// CHUNK_END | ROOT; the chunk counter is 0. The digest is the first 8 words of the last compression.

const IV0 = 0x6a09e667;
const IV1 = 0xbb67ae85;
const IV2 = 0x3c6ef372;
const IV3 = 0xa54ff53a;
const IV4 = 0x510e527f;
const IV5 = 0x9b05688c;
const IV6 = 0x1f83d9ab;
const IV7 = 0x5be0cd19;
const CHUNK_START = 1;
const CHUNK_END = 2;
const ROOT = 8;

/** Hashes 65-byte node preimages into caller buffers. Holds its scratch words; one per thread. */
export class NodeHasher {
  readonly #m = new Uint32Array(16);
  readonly #v = new Uint32Array(16);

  /** Writes blake3(src[at, at + 65)) to dst[to, to + 32). `src` and `dst` may be the same buffer. */
  hash65(src: Uint8Array, at: number, dst: Uint8Array, to: number): void {
    const m = this.#m;
    const v = this.#v;
    for (let i = 0; i < 16; i++) {
      const p = at + 4 * i;
      m[i] = src[p]! | (src[p + 1]! << 8) | (src[p + 2]! << 16) | (src[p + 3]! << 24);
    }
    v[0] = IV0;
    v[1] = IV1;
    v[2] = IV2;
    v[3] = IV3;
    v[4] = IV4;
    v[5] = IV5;
    v[6] = IV6;
    v[7] = IV7;
    compress(v, m, 64, CHUNK_START);
    m.fill(0);
    m[0] = src[at + 64]!;
    compress(v, m, 1, CHUNK_END | ROOT);
    for (let i = 0; i < 8; i++) {
      const w = v[i]!;
      const p = to + 4 * i;
      dst[p] = w;
      dst[p + 1] = w >>> 8;
      dst[p + 2] = w >>> 16;
      dst[p + 3] = w >>> 24;
    }
  }

  /** blake3 of a 65-byte array, as a new array (for tests and cold paths). */
  digest65(data: Uint8Array): Uint8Array {
    if (!(data instanceof Uint8Array) || data.length !== 65) throw new TypeError("data: expected 65 bytes");
    const out = new Uint8Array(32);
    this.hash65(data, 0, out, 0);
    return out;
  }
}

/**
 * One blake3 compression with counter 0: `h` holds the chaining value on entry and the new
 * chaining value (first 8 output words) on return. Locals, not arrays, carry the state and the
 * message words (the permutation is a reassignment of locals), which V8 keeps in registers.
 */
function compress(h: Uint32Array, m: Uint32Array, blockLen: number, flags: number): void {
  let v0 = h[0]!,
    v1 = h[1]!,
    v2 = h[2]!,
    v3 = h[3]!,
    v4 = h[4]!,
    v5 = h[5]!,
    v6 = h[6]!,
    v7 = h[7]!;
  let v8 = IV0,
    v9 = IV1,
    v10 = IV2,
    v11 = IV3,
    v12 = 0,
    v13 = 0,
    v14 = blockLen,
    v15 = flags;
  let m0 = m[0]!,
    m1 = m[1]!,
    m2 = m[2]!,
    m3 = m[3]!,
    m4 = m[4]!,
    m5 = m[5]!,
    m6 = m[6]!,
    m7 = m[7]!;
  let m8 = m[8]!,
    m9 = m[9]!,
    m10 = m[10]!,
    m11 = m[11]!,
    m12 = m[12]!,
    m13 = m[13]!,
    m14 = m[14]!,
    m15 = m[15]!;
  for (let r = 0; r < 7; r++) {
    // Columns.
    v0 = (v0 + v4 + m0) | 0;
    v12 ^= v0;
    v12 = (v12 >>> 16) | (v12 << 16);
    v8 = (v8 + v12) | 0;
    v4 ^= v8;
    v4 = (v4 >>> 12) | (v4 << 20);
    v0 = (v0 + v4 + m1) | 0;
    v12 ^= v0;
    v12 = (v12 >>> 8) | (v12 << 24);
    v8 = (v8 + v12) | 0;
    v4 ^= v8;
    v4 = (v4 >>> 7) | (v4 << 25);
    v1 = (v1 + v5 + m2) | 0;
    v13 ^= v1;
    v13 = (v13 >>> 16) | (v13 << 16);
    v9 = (v9 + v13) | 0;
    v5 ^= v9;
    v5 = (v5 >>> 12) | (v5 << 20);
    v1 = (v1 + v5 + m3) | 0;
    v13 ^= v1;
    v13 = (v13 >>> 8) | (v13 << 24);
    v9 = (v9 + v13) | 0;
    v5 ^= v9;
    v5 = (v5 >>> 7) | (v5 << 25);
    v2 = (v2 + v6 + m4) | 0;
    v14 ^= v2;
    v14 = (v14 >>> 16) | (v14 << 16);
    v10 = (v10 + v14) | 0;
    v6 ^= v10;
    v6 = (v6 >>> 12) | (v6 << 20);
    v2 = (v2 + v6 + m5) | 0;
    v14 ^= v2;
    v14 = (v14 >>> 8) | (v14 << 24);
    v10 = (v10 + v14) | 0;
    v6 ^= v10;
    v6 = (v6 >>> 7) | (v6 << 25);
    v3 = (v3 + v7 + m6) | 0;
    v15 ^= v3;
    v15 = (v15 >>> 16) | (v15 << 16);
    v11 = (v11 + v15) | 0;
    v7 ^= v11;
    v7 = (v7 >>> 12) | (v7 << 20);
    v3 = (v3 + v7 + m7) | 0;
    v15 ^= v3;
    v15 = (v15 >>> 8) | (v15 << 24);
    v11 = (v11 + v15) | 0;
    v7 ^= v11;
    v7 = (v7 >>> 7) | (v7 << 25);
    // Diagonals.
    v0 = (v0 + v5 + m8) | 0;
    v15 ^= v0;
    v15 = (v15 >>> 16) | (v15 << 16);
    v10 = (v10 + v15) | 0;
    v5 ^= v10;
    v5 = (v5 >>> 12) | (v5 << 20);
    v0 = (v0 + v5 + m9) | 0;
    v15 ^= v0;
    v15 = (v15 >>> 8) | (v15 << 24);
    v10 = (v10 + v15) | 0;
    v5 ^= v10;
    v5 = (v5 >>> 7) | (v5 << 25);
    v1 = (v1 + v6 + m10) | 0;
    v12 ^= v1;
    v12 = (v12 >>> 16) | (v12 << 16);
    v11 = (v11 + v12) | 0;
    v6 ^= v11;
    v6 = (v6 >>> 12) | (v6 << 20);
    v1 = (v1 + v6 + m11) | 0;
    v12 ^= v1;
    v12 = (v12 >>> 8) | (v12 << 24);
    v11 = (v11 + v12) | 0;
    v6 ^= v11;
    v6 = (v6 >>> 7) | (v6 << 25);
    v2 = (v2 + v7 + m12) | 0;
    v13 ^= v2;
    v13 = (v13 >>> 16) | (v13 << 16);
    v8 = (v8 + v13) | 0;
    v7 ^= v8;
    v7 = (v7 >>> 12) | (v7 << 20);
    v2 = (v2 + v7 + m13) | 0;
    v13 ^= v2;
    v13 = (v13 >>> 8) | (v13 << 24);
    v8 = (v8 + v13) | 0;
    v7 ^= v8;
    v7 = (v7 >>> 7) | (v7 << 25);
    v3 = (v3 + v4 + m14) | 0;
    v14 ^= v3;
    v14 = (v14 >>> 16) | (v14 << 16);
    v9 = (v9 + v14) | 0;
    v4 ^= v9;
    v4 = (v4 >>> 12) | (v4 << 20);
    v3 = (v3 + v4 + m15) | 0;
    v14 ^= v3;
    v14 = (v14 >>> 8) | (v14 << 24);
    v9 = (v9 + v14) | 0;
    v4 ^= v9;
    v4 = (v4 >>> 7) | (v4 << 25);
    // The message permutation, applied to the locals between rounds.
    const t0 = m0,
      t1 = m1,
      t2 = m2,
      t3 = m3,
      t4 = m4,
      t5 = m5,
      t6 = m6,
      t7 = m7,
      t8 = m8,
      t9 = m9,
      t10 = m10,
      t11 = m11,
      t12 = m12,
      t13 = m13,
      t14 = m14,
      t15 = m15;
    m0 = t2;
    m1 = t6;
    m2 = t3;
    m3 = t10;
    m4 = t7;
    m5 = t0;
    m6 = t4;
    m7 = t13;
    m8 = t1;
    m9 = t11;
    m10 = t12;
    m11 = t5;
    m12 = t9;
    m13 = t14;
    m14 = t15;
    m15 = t8;
  }
  h[0] = v0 ^ v8;
  h[1] = v1 ^ v9;
  h[2] = v2 ^ v10;
  h[3] = v3 ^ v11;
  h[4] = v4 ^ v12;
  h[5] = v5 ^ v13;
  h[6] = v6 ^ v14;
  h[7] = v7 ^ v15;
}
