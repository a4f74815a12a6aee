/**
 * Double-double arithmetic from IEEE + − × only (Dekker's splitting and two-product, Knuth's two-sum):
 * a value is hi + lo with |lo| <= ulp(hi)/2, about 106 significant bits. JavaScript evaluates every
 * operation in binary64 with no contraction, so these are bit-reproducible on every engine.
 */
const SPLITTER = 134217729; // 2^27 + 1

/** a·b = p + e exactly (|a|, |b| well below 2^996 so the splitting cannot overflow). */
export function twoProd(a: number, b: number): [number, number] {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

export function ddMul(ah: number, al: number, bh: number, bl: number): [number, number] {
  const [p, e0] = twoProd(ah, bh);
  const e = e0 + (ah * bl + al * bh);
  const h = p + e;
  return [h, e - (h - p)];
}

export function ddAdd(ah: number, al: number, bh: number, bl: number): [number, number] {
  const s = ah + bh;
  const bb = s - ah;
  const e = ah - (s - bb) + (bh - bb) + al + bl;
  const h = s + e;
  return [h, e - (h - s)];
}

/** Quotient: q1 = a/b, then one correction from the exact residual. */
export function ddDiv(ah: number, al: number, bh: number, bl: number): [number, number] {
  const q1 = ah / bh;
  const [p, pe] = twoProd(q1, bh);
  const r = ah - p - pe + al - q1 * bl;
  const q2 = r / bh;
  const h = q1 + q2;
  return [h, q2 - (h - q1)];
}
