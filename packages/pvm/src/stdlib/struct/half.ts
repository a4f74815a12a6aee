// IEEE 754 binary16 ('e') conversion with CPython's PyFloat_Pack2 rounding (half to even) and
// overflow rule; all arithmetic is on exact powers of two, so results are host-independent.

/** 2**k for integer k, exact (built from the bit pattern, no host pow). */
function pow2(k: number): number {
  const dv = new DataView(new ArrayBuffer(8));
  if (k >= -1022) {
    dv.setUint16(0, (k + 1023) << 4);
    return dv.getFloat64(0);
  }
  dv.setUint16(0, 1 << 4); // 2**-1022, then exact halvings into the subnormal range
  let v = dv.getFloat64(0);
  for (let j = -1022; j > k; j--) v /= 2;
  return v;
}

/** frexp for finite non-zero x > 0: [f, e] with 0.5 <= f < 1 and x = f * 2**e. */
function frexp(x: number): [number, number] {
  const dv = new DataView(new ArrayBuffer(8));
  let scale = 0;
  if (x < pow2(-1022)) {
    x *= pow2(64);
    scale = 64;
  }
  dv.setFloat64(0, x);
  const e = ((dv.getUint16(0) >> 4) & 0x7ff) - 1022;
  return [x / pow2(e), e - scale];
}

/** Bits of `x` as binary16, or null when it is too large (OverflowError in CPython). */
export function packHalf(x: number): number | null {
  let sign = 0;
  let e: number;
  let bits: number;
  if (x === 0) {
    sign = Object.is(x, -0) ? 1 : 0;
    e = 0;
    bits = 0;
  } else if (x === Infinity || x === -Infinity) {
    sign = x < 0 ? 1 : 0;
    e = 0x1f;
    bits = 0;
  } else if (Number.isNaN(x)) {
    e = 0x1f;
    bits = 512;
  } else {
    if (x < 0) {
      sign = 1;
      x = -x;
    }
    let [f, ex] = frexp(x);
    f *= 2;
    ex--;
    if (ex >= 16) return null;
    if (ex < -25) {
      f = 0;
      ex = 0;
    } else if (ex < -14) {
      f *= pow2(14 + ex);
      ex = 0;
    } else {
      ex += 15;
      f -= 1;
    }
    f *= 1024;
    bits = Math.floor(f);
    const rest = f - bits;
    if (rest > 0.5 || (rest === 0.5 && bits % 2 === 1)) {
      bits++;
      if (bits === 1024) {
        bits = 0;
        ex++;
        if (ex === 31) return null;
      }
    }
    e = ex;
  }
  return (sign << 15) | (e << 10) | bits;
}

export function unpackHalf(b: number): number {
  const sign = b & 0x8000 ? -1 : 1;
  const e = (b >> 10) & 0x1f;
  const m = b & 0x3ff;
  if (e === 0x1f) return m === 0 ? sign * Infinity : NaN;
  if (e === 0) return sign * m * pow2(-24);
  return sign * (1024 + m) * pow2(e - 25);
}
