// BLAKE2b (RFC 7693) with digest size, key, salt and personalisation. Each 64-bit word is two
// 32-bit halves (lo at 2i, hi at 2i+1) so the rounds run on small integers.
const IV = new Uint32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a, 0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab,
  0x137e2179, 0x5be0cd19,
]);
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
].map((r) => Uint8Array.from(r));

/** v[a] += v[b] + m[x] (mod 2**64), word indices. */
function add3(v: Uint32Array, a: number, b: number, m: Uint32Array, x: number): void {
  const lo = (v[2 * a] as number) + (v[2 * b] as number) + (m[2 * x] as number);
  v[2 * a + 1] = (v[2 * a + 1] as number) + (v[2 * b + 1] as number) + (m[2 * x + 1] as number) + Math.floor(lo / 0x100000000);
  v[2 * a] = lo;
}

/** v[a] += v[b] (mod 2**64). */
function add2(v: Uint32Array, a: number, b: number): void {
  const lo = (v[2 * a] as number) + (v[2 * b] as number);
  v[2 * a + 1] = (v[2 * a + 1] as number) + (v[2 * b + 1] as number) + (lo > 0xffffffff ? 1 : 0);
  v[2 * a] = lo;
}

/** v[d] = rotr64(v[d] ^ v[a], n) for n in {32, 24, 16, 63}. */
function xorRot(v: Uint32Array, d: number, a: number, n: number): void {
  const lo = (v[2 * d] as number) ^ (v[2 * a] as number);
  const hi = (v[2 * d + 1] as number) ^ (v[2 * a + 1] as number);
  if (n === 32) {
    v[2 * d] = hi;
    v[2 * d + 1] = lo;
  } else if (n === 63) {
    v[2 * d] = (lo << 1) | (hi >>> 31);
    v[2 * d + 1] = (hi << 1) | (lo >>> 31);
  } else {
    v[2 * d] = (lo >>> n) | (hi << (32 - n));
    v[2 * d + 1] = (hi >>> n) | (lo << (32 - n));
  }
}

function g(v: Uint32Array, m: Uint32Array, a: number, b: number, c: number, d: number, x: number, y: number): void {
  add3(v, a, b, m, x);
  xorRot(v, d, a, 32);
  add2(v, c, d);
  xorRot(v, b, c, 24);
  add3(v, a, b, m, y);
  xorRot(v, d, a, 16);
  add2(v, c, d);
  xorRot(v, b, c, 63);
}

function compress(h: Uint32Array, block: Uint8Array, off: number, t: number, last: boolean, v: Uint32Array, m: Uint32Array): void {
  for (let i = 0; i < 32; i++) {
    const j = off + 4 * i;
    m[i] = ((block[j] as number) | ((block[j + 1] as number) << 8) | ((block[j + 2] as number) << 16) | ((block[j + 3] as number) << 24)) >>> 0;
  }
  v.set(h, 0);
  v.set(IV, 16);
  v[24] = (v[24] as number) ^ (t % 0x100000000);
  v[25] = (v[25] as number) ^ Math.floor(t / 0x100000000);
  if (last) {
    v[28] = ~(v[28] as number);
    v[29] = ~(v[29] as number);
  }
  for (let r = 0; r < 12; r++) {
    const s = SIGMA[r % 10] as Uint8Array;
    g(v, m, 0, 4, 8, 12, s[0] as number, s[1] as number);
    g(v, m, 1, 5, 9, 13, s[2] as number, s[3] as number);
    g(v, m, 2, 6, 10, 14, s[4] as number, s[5] as number);
    g(v, m, 3, 7, 11, 15, s[6] as number, s[7] as number);
    g(v, m, 0, 5, 10, 15, s[8] as number, s[9] as number);
    g(v, m, 1, 6, 11, 12, s[10] as number, s[11] as number);
    g(v, m, 2, 7, 8, 13, s[12] as number, s[13] as number);
    g(v, m, 3, 4, 9, 14, s[14] as number, s[15] as number);
  }
  for (let i = 0; i < 16; i++) h[i] = (h[i] as number) ^ (v[i] as number) ^ (v[i + 16] as number);
}

/** BLAKE2b of `data`; sizes are checked by the caller (outLen 1..64, key ≤ 64, salt/person ≤ 16). */
export function blake2b(data: Uint8Array, outLen: number, key: Uint8Array, salt: Uint8Array, person: Uint8Array): Uint8Array {
  const param = new Uint8Array(64);
  param[0] = outLen;
  param[1] = key.length;
  param[2] = 1; // fanout
  param[3] = 1; // depth
  param.set(salt, 32);
  param.set(person, 48);
  const h = new Uint32Array(16);
  for (let i = 0; i < 16; i++) {
    const j = 4 * i;
    h[i] = (IV[i] as number) ^ ((param[j] as number) | ((param[j + 1] as number) << 8) | ((param[j + 2] as number) << 16) | ((param[j + 3] as number) << 24));
  }
  let input = data;
  if (key.length > 0) {
    input = new Uint8Array(128 + data.length);
    input.set(key);
    input.set(data, 128);
  }
  const v = new Uint32Array(32);
  const m = new Uint32Array(32);
  const n = input.length;
  let off = 0;
  while (n - off > 128) {
    compress(h, input, off, off + 128, false, v, m);
    off += 128;
  }
  const last = new Uint8Array(128);
  last.set(input.subarray(off));
  compress(h, last, 0, n, true, v, m);
  const out = new Uint8Array(outLen);
  for (let i = 0; i < outLen; i++) out[i] = ((h[i >> 2] as number) >>> (8 * (i & 3))) & 0xff;
  return out;
}
