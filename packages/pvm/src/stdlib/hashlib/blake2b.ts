// BLAKE2b (RFC 7693) with digest size, key, salt and personalisation; lanes are 64-bit BigInts.
const MASK = (1n << 64n) - 1n;
const IV = [
  0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n, 0x9b05688c2b3e6c1fn, 0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
];
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
];

const rotr = (v: bigint, n: bigint): bigint => ((v >> n) | (v << (64n - n))) & MASK;

function le64(b: Uint8Array, off: number): bigint {
  let v = 0n;
  for (let k = 7; k >= 0; k--) v = (v << 8n) | BigInt(b[off + k] ?? 0);
  return v;
}

function compress(h: bigint[], block: Uint8Array, t: bigint, last: boolean): void {
  const m = new Array<bigint>(16);
  for (let i = 0; i < 16; i++) m[i] = le64(block, 8 * i);
  const v = [...h, ...IV];
  v[12] = (v[12] as bigint) ^ (t & MASK);
  v[13] = (v[13] as bigint) ^ (t >> 64n);
  if (last) v[14] = (v[14] as bigint) ^ MASK;
  const g = (a: number, b: number, c: number, d: number, x: bigint, y: bigint): void => {
    v[a] = ((v[a] as bigint) + (v[b] as bigint) + x) & MASK;
    v[d] = rotr((v[d] as bigint) ^ (v[a] as bigint), 32n);
    v[c] = ((v[c] as bigint) + (v[d] as bigint)) & MASK;
    v[b] = rotr((v[b] as bigint) ^ (v[c] as bigint), 24n);
    v[a] = ((v[a] as bigint) + (v[b] as bigint) + y) & MASK;
    v[d] = rotr((v[d] as bigint) ^ (v[a] as bigint), 16n);
    v[c] = ((v[c] as bigint) + (v[d] as bigint)) & MASK;
    v[b] = rotr((v[b] as bigint) ^ (v[c] as bigint), 63n);
  };
  for (let r = 0; r < 12; r++) {
    const s = SIGMA[r % 10] as number[];
    const mm = (i: number): bigint => m[s[i] as number] as bigint;
    g(0, 4, 8, 12, mm(0), mm(1));
    g(1, 5, 9, 13, mm(2), mm(3));
    g(2, 6, 10, 14, mm(4), mm(5));
    g(3, 7, 11, 15, mm(6), mm(7));
    g(0, 5, 10, 15, mm(8), mm(9));
    g(1, 6, 11, 12, mm(10), mm(11));
    g(2, 7, 8, 13, mm(12), mm(13));
    g(3, 4, 9, 14, mm(14), mm(15));
  }
  for (let i = 0; i < 8; i++) h[i] = (h[i] as bigint) ^ (v[i] as bigint) ^ (v[i + 8] as bigint);
}

/** Compression calls for `len` message bytes (a key adds one block in front). */
export function blake2bBlocks(len: number, keyed: boolean): number {
  return Math.max(1, Math.ceil(len / 128)) + (keyed && len > 0 ? 1 : 0);
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
  const h = IV.map((x, i) => x ^ le64(param, 8 * i));
  let input = data;
  if (key.length > 0) {
    input = new Uint8Array(128 + data.length);
    input.set(key);
    input.set(data, 128);
  }
  const n = input.length;
  let off = 0;
  while (n - off > 128) {
    compress(h, input.subarray(off, off + 128), BigInt(off + 128), false);
    off += 128;
  }
  const last = new Uint8Array(128);
  last.set(input.subarray(off));
  compress(h, last, BigInt(n), true);
  const out = new Uint8Array(outLen);
  for (let i = 0; i < outLen; i++) out[i] = Number(((h[i >> 3] as bigint) >> BigInt(8 * (i & 7))) & 0xffn);
  return out;
}
