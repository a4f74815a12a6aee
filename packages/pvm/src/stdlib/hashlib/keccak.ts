// Keccak-f[1600] sponge (FIPS 202) for sha3_256 and Cowboy's keccak256, which differ only in the
// domain-separation byte (0x06 vs 0x01). Lanes are 64-bit BigInts: simple and exact; the cost is
// metered per block by the caller, so host speed never changes a result or a charge.
const MASK = (1n << 64n) - 1n;

const RC: bigint[] = (() => {
  // Round constants from the degree-8 LFSR of FIPS 202 §3.2.5.
  const out: bigint[] = [];
  let r = 1;
  for (let i = 0; i < 24; i++) {
    let c = 0n;
    for (let j = 0; j < 7; j++) {
      if (r & 1) c |= 1n << BigInt((1 << j) - 1);
      r = r & 0x80 ? ((r << 1) ^ 0x71) & 0xff : (r << 1) & 0xff;
    }
    out.push(c);
  }
  return out;
})();

// Rho offsets and pi destinations, built from the (x, y) -> (y, 2x + 3y) walk of FIPS 202 §3.2.2-3.
const ROT = new Array<number>(25).fill(0);
const PI = new Array<number>(25).fill(0);
(() => {
  let x = 1;
  let y = 0;
  for (let t = 0; t < 24; t++) {
    ROT[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) PI[i + 5 * j] = j + 5 * ((2 * i + 3 * j) % 5);
})();

function rotl(v: bigint, n: number): bigint {
  if (n === 0) return v;
  const b = BigInt(n);
  return ((v << b) | (v >> (64n - b))) & MASK;
}

function permute(s: bigint[]): void {
  const c = new Array<bigint>(5);
  const b = new Array<bigint>(25);
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) c[x] = (s[x] as bigint) ^ (s[x + 5] as bigint) ^ (s[x + 10] as bigint) ^ (s[x + 15] as bigint) ^ (s[x + 20] as bigint);
    for (let x = 0; x < 5; x++) {
      const d = (c[(x + 4) % 5] as bigint) ^ rotl(c[(x + 1) % 5] as bigint, 1);
      for (let y = 0; y < 25; y += 5) s[x + y] = (s[x + y] as bigint) ^ d;
    }
    for (let i = 0; i < 25; i++) b[PI[i] as number] = rotl(s[i] as bigint, ROT[i] as number);
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        s[x + y] = (b[x + y] as bigint) ^ (~(b[((x + 1) % 5) + y] as bigint) & MASK & (b[((x + 2) % 5) + y] as bigint));
      }
    }
    s[0] = (s[0] as bigint) ^ (RC[round] as bigint);
  }
}

/** Number of rate-sized blocks absorbed for `len` bytes (padding always adds at least one byte). */
export function keccakBlocks(len: number, rate = 136): number {
  return Math.floor(len / rate) + 1;
}

/** A 256-bit-capacity Keccak sponge: rate 136 bytes, 32-byte output, `pad` 0x01 or 0x06. */
export function keccak(data: Uint8Array, pad: 0x01 | 0x06, outLen = 32, rate = 136): Uint8Array {
  const s = new Array<bigint>(25).fill(0n);
  const blocks = keccakBlocks(data.length, rate);
  const padded = new Uint8Array(blocks * rate);
  padded.set(data);
  padded[data.length] = (padded[data.length] as number) ^ pad;
  padded[padded.length - 1] = (padded[padded.length - 1] as number) ^ 0x80;
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let lane = 0n;
      for (let k = 7; k >= 0; k--) lane = (lane << 8n) | BigInt(padded[off + 8 * i + k] as number);
      s[i] = (s[i] as bigint) ^ lane;
    }
    permute(s);
  }
  const out = new Uint8Array(outLen);
  for (let i = 0; i < outLen; i++) out[i] = Number(((s[i >> 3] as bigint) >> BigInt(8 * (i & 7))) & 0xffn);
  return out;
}
