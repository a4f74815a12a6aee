// GF(2^8) arithmetic for the Reed–Solomon code (cips/cbfs.md §3): the field built on the primitive
// polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D) with generator 2, as Backblaze's and the Rust
// `reed-solomon-erasure` codecs use. Tables are computed once at import and never change.

const POLY = 0x11d;

/** EXP[i] = 2^i for i in [0, 510) (doubled so a sum of two logs needs no reduction). */
export const EXP = new Uint8Array(510);
/** LOG[x] = log_2(x) for x in [1, 256); LOG[0] is unused. */
export const LOG = new Uint8Array(256);
/** MUL[(a << 8) | b] = a·b: one 256-byte row per coefficient, the inner loop of encoding. */
export const MUL = new Uint8Array(65536);

{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    EXP[i + 255] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= POLY;
  }
  for (let a = 1; a < 256; a++) for (let b = 1; b < 256; b++) MUL[(a << 8) | b] = EXP[LOG[a]! + LOG[b]!]!;
}

export function gfMul(a: number, b: number): number {
  return MUL[(a << 8) | b]!;
}

/** The multiplicative inverse of a non-zero element. */
export function gfInv(a: number): number {
  if (a === 0) throw new RangeError("0 has no inverse in GF(2^8)");
  return EXP[255 - LOG[a]!]!;
}

/** a^n with 0^0 = 1 (the Vandermonde convention). */
export function gfPow(a: number, n: number): number {
  if (n === 0) return 1;
  if (a === 0) return 0;
  return EXP[(LOG[a]! * n) % 255]!;
}

/** A dense matrix over GF(2^8): `rows` arrays of `cols` elements. */
export type Matrix = Uint8Array[];

export function matMul(a: Matrix, b: Matrix): Matrix {
  const cols = b[0]!.length;
  return a.map((row) => {
    const out = new Uint8Array(cols);
    for (let c = 0; c < cols; c++) {
      let acc = 0;
      for (let i = 0; i < row.length; i++) acc ^= gfMul(row[i]!, b[i]![c]!);
      out[c] = acc;
    }
    return out;
  });
}

/** The inverse of a square matrix by Gauss–Jordan elimination; undefined when it is singular. */
export function matInvert(m: Matrix): Matrix | undefined {
  const n = m.length;
  const work = m.map((row, r) => {
    const ext = new Uint8Array(2 * n);
    ext.set(row);
    ext[n + r] = 1;
    return ext;
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    while (pivot < n && work[pivot]![col] === 0) pivot++;
    if (pivot === n) return undefined;
    [work[col], work[pivot]] = [work[pivot]!, work[col]!];
    const row = work[col]!;
    const inv = gfInv(row[col]!);
    for (let c = 0; c < 2 * n; c++) row[c] = gfMul(row[c]!, inv);
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const other = work[r]!;
      const f = other[col]!;
      if (f === 0) continue;
      for (let c = 0; c < 2 * n; c++) other[c]! ^= gfMul(f, row[c]!);
    }
  }
  return work.map((row) => row.slice(n));
}
