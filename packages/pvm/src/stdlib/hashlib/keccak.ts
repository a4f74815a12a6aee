// Keccak-f[1600] sponge (FIPS 202) for sha3_256 and Cowboy's keccak256, which differ only in the
// domain-separation byte (0x06 vs 0x01). Each 64-bit lane is two 32-bit words (lo at 2i, hi at
// 2i+1) so the permutation runs on small integers; the cost is metered per block by the caller.

/** Round constants from the degree-8 LFSR of FIPS 202 §3.2.5, as [lo, hi] word pairs. */
const RC = ((): Uint32Array => {
  const out = new Uint32Array(48);
  let r = 1;
  for (let i = 0; i < 24; i++) {
    for (let j = 0; j < 7; j++) {
      const bit = (1 << j) - 1;
      if (r & 1) {
        if (bit < 32) out[2 * i] = (out[2 * i] as number) | (1 << bit);
        else out[2 * i + 1] = (out[2 * i + 1] as number) | (1 << (bit - 32));
      }
      r = r & 0x80 ? ((r << 1) ^ 0x71) & 0xff : (r << 1) & 0xff;
    }
  }
  return out;
})();

// Rho offsets and pi destinations, built from the (x, y) -> (y, 2x + 3y) walk of FIPS 202 §3.2.2-3.
const ROT = new Uint8Array(25);
const PI = new Uint8Array(25);
(() => {
  let x = 1;
  let y = 0;
  for (let t = 0; t < 24; t++) {
    ROT[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) PI[i + 5 * j] = j + 5 * ((2 * i + 3 * j) % 5);
})();

function permute(s: Uint32Array, c: Uint32Array, b: Uint32Array): void {
  for (let round = 0; round < 24; round++) {
    // theta
    for (let x = 0; x < 10; x++) c[x] = (s[x] as number) ^ (s[x + 10] as number) ^ (s[x + 20] as number) ^ (s[x + 30] as number) ^ (s[x + 40] as number);
    for (let x = 0; x < 5; x++) {
      const l1 = c[((x + 1) % 5) * 2] as number;
      const h1 = c[((x + 1) % 5) * 2 + 1] as number;
      const dl = (c[((x + 4) % 5) * 2] as number) ^ ((l1 << 1) | (h1 >>> 31));
      const dh = (c[((x + 4) % 5) * 2 + 1] as number) ^ ((h1 << 1) | (l1 >>> 31));
      for (let y = 0; y < 25; y += 5) {
        const i = 2 * (x + y);
        s[i] = (s[i] as number) ^ dl;
        s[i + 1] = (s[i + 1] as number) ^ dh;
      }
    }
    // rho and pi
    for (let i = 0; i < 25; i++) {
      const lo = s[2 * i] as number;
      const hi = s[2 * i + 1] as number;
      const n = ROT[i] as number;
      const d = 2 * (PI[i] as number);
      if (n === 0) {
        b[d] = lo;
        b[d + 1] = hi;
      } else if (n < 32) {
        b[d] = (lo << n) | (hi >>> (32 - n));
        b[d + 1] = (hi << n) | (lo >>> (32 - n));
      } else if (n === 32) {
        b[d] = hi;
        b[d + 1] = lo;
      } else {
        const m = n - 32;
        b[d] = (hi << m) | (lo >>> (32 - m));
        b[d + 1] = (lo << m) | (hi >>> (32 - m));
      }
    }
    // chi
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = 2 * (x + y);
        const i1 = 2 * (((x + 1) % 5) + y);
        const i2 = 2 * (((x + 2) % 5) + y);
        s[i] = (b[i] as number) ^ (~(b[i1] as number) & (b[i2] as number));
        s[i + 1] = (b[i + 1] as number) ^ (~(b[i1 + 1] as number) & (b[i2 + 1] as number));
      }
    }
    // iota
    s[0] = (s[0] as number) ^ (RC[2 * round] as number);
    s[1] = (s[1] as number) ^ (RC[2 * round + 1] as number);
  }
}

/** Number of rate-sized blocks absorbed for `len` bytes (padding always adds at least one byte). */
function keccakBlocks(len: number, rate = 136): number {
  return Math.floor(len / rate) + 1;
}

/** A Keccak sponge: rate 136 bytes (256-bit capacity), `outLen` ≤ rate bytes out, `pad` 0x01 or 0x06. */
export function keccak(data: Uint8Array, pad: 0x01 | 0x06, outLen = 32, rate = 136): Uint8Array {
  const s = new Uint32Array(50);
  const c = new Uint32Array(10);
  const b = new Uint32Array(50);
  const blocks = keccakBlocks(data.length, rate);
  const padded = new Uint8Array(blocks * rate);
  padded.set(data);
  padded[data.length] = (padded[data.length] as number) ^ pad;
  padded[padded.length - 1] = (padded[padded.length - 1] as number) ^ 0x80;
  const words = new DataView(padded.buffer);
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 4; i++) s[i] = (s[i] as number) ^ words.getUint32(off + 4 * i, true);
    permute(s, c, b);
  }
  const out = new Uint8Array(outLen);
  for (let i = 0; i < outLen; i++) out[i] = ((s[i >> 2] as number) >>> (8 * (i & 3))) & 0xff;
  return out;
}
