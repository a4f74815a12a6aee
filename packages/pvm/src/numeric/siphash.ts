/**
 * SipHash-1-3 (one compression round, three finalization rounds), the string/bytes hash of CPython 3.11
 * (sys.hash_info.algorithm == 'siphash13'). 64-bit lanes are kept as pairs of uint32 in a small typed
 * array so the hot path never allocates bigints; only the final result is widened to a bigint.
 */

// v0..v3 as [hi, lo] pairs: s[0]=v0.hi s[1]=v0.lo s[2]=v1.hi ... s[7]=v3.lo
function add(s: Uint32Array, a: number, b: number): void {
  const lo = ((s[a + 1] as number) + (s[b + 1] as number)) >>> 0;
  const carry = lo < (s[a + 1] as number) ? 1 : 0;
  s[a] = ((s[a] as number) + (s[b] as number) + carry) >>> 0;
  s[a + 1] = lo;
}

function rotl(s: Uint32Array, a: number, n: number): void {
  const hi = s[a] as number;
  const lo = s[a + 1] as number;
  if (n === 32) {
    s[a] = lo;
    s[a + 1] = hi;
    return;
  }
  s[a] = ((hi << n) | (lo >>> (32 - n))) >>> 0;
  s[a + 1] = ((lo << n) | (hi >>> (32 - n))) >>> 0;
}

function xorInto(s: Uint32Array, a: number, b: number): void {
  s[a] = ((s[a] as number) ^ (s[b] as number)) >>> 0;
  s[a + 1] = ((s[a + 1] as number) ^ (s[b + 1] as number)) >>> 0;
}

const V0 = 0;
const V1 = 2;
const V2 = 4;
const V3 = 6;

function sipRound(s: Uint32Array): void {
  add(s, V0, V1);
  rotl(s, V1, 13);
  xorInto(s, V1, V0);
  rotl(s, V0, 32);
  add(s, V2, V3);
  rotl(s, V3, 16);
  xorInto(s, V3, V2);
  add(s, V0, V3);
  rotl(s, V3, 21);
  xorInto(s, V3, V0);
  add(s, V2, V1);
  rotl(s, V1, 17);
  xorInto(s, V1, V2);
  rotl(s, V2, 32);
}

function absorb(s: Uint32Array, hi: number, lo: number): void {
  s[V3] = ((s[V3] as number) ^ hi) >>> 0;
  s[V3 + 1] = ((s[V3 + 1] as number) ^ lo) >>> 0;
  sipRound(s);
  s[V0] = ((s[V0] as number) ^ hi) >>> 0;
  s[V0 + 1] = ((s[V0 + 1] as number) ^ lo) >>> 0;
}

const readLE32 = (b: Uint8Array, i: number): number => ((b[i] as number) | ((b[i + 1] as number) << 8) | ((b[i + 2] as number) << 16) | ((b[i + 3] as number) << 24)) >>> 0;

/**
 * SipHash-1-3 of `data` under the 128-bit key (k0, k1), each given as [hi, lo] uint32 words.
 * Returns the raw unsigned 64-bit result.
 */
export function siphash13(data: Uint8Array, k0: readonly [number, number] = [0, 0], k1: readonly [number, number] = [0, 0]): bigint {
  const s = new Uint32Array(8);
  s[0] = (k0[0] ^ 0x736f6d65) >>> 0;
  s[1] = (k0[1] ^ 0x70736575) >>> 0;
  s[2] = (k1[0] ^ 0x646f7261) >>> 0;
  s[3] = (k1[1] ^ 0x6e646f6d) >>> 0;
  s[4] = (k0[0] ^ 0x6c796765) >>> 0;
  s[5] = (k0[1] ^ 0x6e657261) >>> 0;
  s[6] = (k1[0] ^ 0x74656462) >>> 0;
  s[7] = (k1[1] ^ 0x79746573) >>> 0;
  const len = data.length;
  const full = len - (len % 8);
  for (let i = 0; i < full; i += 8) absorb(s, readLE32(data, i + 4), readLE32(data, i));
  // Last block: remaining bytes little-endian, length (mod 256) in the top byte.
  let lo = 0;
  let hi = (len & 0xff) << 24;
  for (let i = full; i < len; i++) {
    const k = i - full;
    if (k < 4) lo |= (data[i] as number) << (8 * k);
    else hi |= (data[i] as number) << (8 * (k - 4));
  }
  absorb(s, hi >>> 0, lo >>> 0);
  s[V2 + 1] = ((s[V2 + 1] as number) ^ 0xff) >>> 0;
  sipRound(s);
  sipRound(s);
  sipRound(s);
  const rhi = ((s[0] as number) ^ (s[2] as number) ^ (s[4] as number) ^ (s[6] as number)) >>> 0;
  const rlo = ((s[1] as number) ^ (s[3] as number) ^ (s[5] as number) ^ (s[7] as number)) >>> 0;
  return (BigInt(rhi) << 32n) | BigInt(rlo);
}
