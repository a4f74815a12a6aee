/**
 * SipHash-1-3 (one compression round, three finalization rounds), the string/bytes hash of CPython 3.11
 * (sys.hash_info.algorithm == 'siphash13'). Each 64-bit lane is a pair of uint32 locals (hi, lo), so
 * the hot loop runs in registers and never allocates; only the final result is widened to a bigint.
 */

const readLE32 = (b: Uint8Array, i: number): number => ((b[i] as number) | ((b[i + 1] as number) << 8) | ((b[i + 2] as number) << 16) | ((b[i + 3] as number) << 24)) >>> 0;

/**
 * SipHash-1-3 of `data` under the 128-bit key (k0, k1), each given as [hi, lo] uint32 words.
 * Returns the raw unsigned 64-bit result.
 */
export function siphash13(data: Uint8Array, k0: readonly [number, number] = [0, 0], k1: readonly [number, number] = [0, 0]): bigint {
  let v0h = (k0[0] ^ 0x736f6d65) >>> 0;
  let v0l = (k0[1] ^ 0x70736575) >>> 0;
  let v1h = (k1[0] ^ 0x646f7261) >>> 0;
  let v1l = (k1[1] ^ 0x6e646f6d) >>> 0;
  let v2h = (k0[0] ^ 0x6c796765) >>> 0;
  let v2l = (k0[1] ^ 0x6e657261) >>> 0;
  let v3h = (k1[0] ^ 0x74656462) >>> 0;
  let v3l = (k1[1] ^ 0x79746573) >>> 0;
  let lo: number;
  let t: number;
  const len = data.length;
  const full = len - (len % 8);
  // Steps 0..words-1 absorb the message: its 8-byte little-endian blocks, then the tail block holding
  // the last bytes and the length (mod 256) in its top byte. Steps words..words+2 are the three
  // finalization rounds, after 0xff is xored into v2. Every step is one SipRound.
  const words = full / 8 + 1;
  for (let step = 0; step < words + 3; step++) {
    let mh = 0;
    let ml = 0;
    if (step < words) {
      const i = 8 * step;
      if (i < full) {
        ml = readLE32(data, i);
        mh = readLE32(data, i + 4);
      } else {
        mh = (len & 0xff) << 24;
        for (let j = full; j < len; j++) {
          const k = j - full;
          if (k < 4) ml |= (data[j] as number) << (8 * k);
          else mh |= (data[j] as number) << (8 * (k - 4));
        }
        mh >>>= 0;
        ml >>>= 0;
      }
      v3h = (v3h ^ mh) >>> 0;
      v3l = (v3l ^ ml) >>> 0;
    } else if (step === words) {
      v2l = (v2l ^ 0xff) >>> 0;
    }
    // SipRound. v0 += v1; v1 <<<= 13; v1 ^= v0; v0 <<<= 32
    lo = (v0l + v1l) >>> 0;
    v0h = (v0h + v1h + (lo < v0l ? 1 : 0)) >>> 0;
    v0l = lo;
    t = ((v1h << 13) | (v1l >>> 19)) >>> 0;
    v1l = ((v1l << 13) | (v1h >>> 19)) >>> 0;
    v1h = (t ^ v0h) >>> 0;
    v1l = (v1l ^ v0l) >>> 0;
    t = v0h;
    v0h = v0l;
    v0l = t;
    // v2 += v3; v3 <<<= 16; v3 ^= v2
    lo = (v2l + v3l) >>> 0;
    v2h = (v2h + v3h + (lo < v2l ? 1 : 0)) >>> 0;
    v2l = lo;
    t = ((v3h << 16) | (v3l >>> 16)) >>> 0;
    v3l = ((v3l << 16) | (v3h >>> 16)) >>> 0;
    v3h = (t ^ v2h) >>> 0;
    v3l = (v3l ^ v2l) >>> 0;
    // v0 += v3; v3 <<<= 21; v3 ^= v0
    lo = (v0l + v3l) >>> 0;
    v0h = (v0h + v3h + (lo < v0l ? 1 : 0)) >>> 0;
    v0l = lo;
    t = ((v3h << 21) | (v3l >>> 11)) >>> 0;
    v3l = ((v3l << 21) | (v3h >>> 11)) >>> 0;
    v3h = (t ^ v0h) >>> 0;
    v3l = (v3l ^ v0l) >>> 0;
    // v2 += v1; v1 <<<= 17; v1 ^= v2; v2 <<<= 32
    lo = (v2l + v1l) >>> 0;
    v2h = (v2h + v1h + (lo < v2l ? 1 : 0)) >>> 0;
    v2l = lo;
    t = ((v1h << 17) | (v1l >>> 15)) >>> 0;
    v1l = ((v1l << 17) | (v1h >>> 15)) >>> 0;
    v1h = (t ^ v2h) >>> 0;
    v1l = (v1l ^ v2l) >>> 0;
    t = v2h;
    v2h = v2l;
    v2l = t;
    if (step < words) {
      v0h = (v0h ^ mh) >>> 0;
      v0l = (v0l ^ ml) >>> 0;
    }
  }
  const hi = (v0h ^ v1h ^ v2h ^ v3h) >>> 0;
  lo = (v0l ^ v1l ^ v2l ^ v3l) >>> 0;
  return (BigInt(hi) << 32n) | BigInt(lo);
}
