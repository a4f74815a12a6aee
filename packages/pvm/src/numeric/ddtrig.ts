/**
 * Fast path for sin, cos and tan: Cody–Waite reduction by pi/2 in three parts (|x| < 2^20), Taylor
 * series in double-double, and Ziv's rounding test with an error bound that grows as the reduced
 * argument shrinks; undefined sends the caller to the exact bigint kernel.
 */
import { pow2 } from "./bits.js";
import { ddAdd, ddDiv, ddMul, twoProd } from "./dd.js";

// pi/2 = C1 + C2 + C3; C1 has 33 significant bits so k·C1 is exact for |k| < 2^20.
const C1 = 1.5707963267341256;
const C2 = 6.077100506506192e-11;
const C3 = 3.5215598651832e-27;
const INV_HALF_PI = 0.6366197723675814;

// (−1)^k/(2k+1)! and (−1)^k/(2k)! as double-double, k = 0..15.
export const SH = [
  1.0, -0.16666666666666666, 0.008333333333333333, -0.0001984126984126984, 2.7557319223985893e-6, -2.505210838544172e-8, 1.6059043836821613e-10, -7.647163731819816e-13,
  2.8114572543455206e-15, -8.22063524662433e-18, 1.9572941063391263e-20, -3.868170170630684e-23, 6.446950284384474e-26, -9.183689863795546e-29, 1.1309962886447716e-31,
  -1.216125041553518e-34,
] as const;
export const SL = [
  0.0, -9.25185853854297e-18, 1.1564823173178714e-19, -1.7209558293420705e-22, -1.858393274046472e-22, 1.448814070935912e-24, 1.2585294588752098e-26, -7.03872877733453e-30,
  1.6508842730861433e-31, -2.2141894119604265e-34, -1.3643503830087908e-36, 8.843177655482344e-40, -1.9330404233703465e-42, -1.4303150396787322e-45, 1.0498015412959506e-47,
  -5.586290567888806e-51,
] as const;
export const CH = [
  1.0, -0.5, 0.041666666666666664, -0.001388888888888889, 2.48015873015873e-5, -2.755731922398589e-7, 2.08767569878681e-9, -1.1470745597729725e-11, 4.779477332387385e-14,
  -1.5619206968586225e-16, 4.110317623312165e-19, -8.896791392450574e-22, 1.6117375710961184e-24, -2.4795962632247976e-27, 3.279889237069838e-30, -3.7699876288159054e-33,
] as const;
export const CL = [
  0.0, 0.0, 2.3129646346357427e-18, 5.300543954373577e-20, 2.1511947866775882e-23, -2.3767714622250297e-23, -1.20734505911326e-25, -2.0655512752830745e-28, 4.399205485834081e-31,
  -1.1910679660273754e-32, 1.4412973378659527e-36, 7.911402614872376e-38, -3.6846573564509766e-41, 1.2953730964765229e-43, 1.5117542744029879e-46, -2.5870347832750324e-49,
] as const;

const REL = pow2(-94);
const ABS = pow2(-116);
const LIMIT = pow2(20);
const TINY = pow2(-26);

/** which: 0 = sin, 1 = cos, 2 = tan. */
export function trigFast(x: number, which: 0 | 1 | 2): number | undefined {
  const ax = Math.abs(x);
  if (!(ax < LIMIT) || ax < TINY) return undefined;
  const k = Math.round(x * INV_HALF_PI);
  // r = x − k·C1 − k·C2 − k·C3 as double-double; k·C1 exact, k·C2 by two-product.
  const a = -k * C1;
  const s0 = x + a;
  let bb = s0 - x;
  let e0 = x - (s0 - bb) + (a - bb);
  const [p, pe] = twoProd(k, C2);
  const t = s0 - p;
  bb = t - s0;
  e0 += s0 - (t - bb) + (-p - bb) - pe - k * C3;
  const rh = t + e0;
  const rl = e0 - (rh - t);
  const [wh, wl] = ddMul(rh, rl, rh, rl);
  // sin r = r·Σ SH_k w^k, cos r = Σ CH_k w^k
  let sh: number = SH[15];
  let sl: number = SL[15];
  let ch: number = CH[15];
  let cl: number = CL[15];
  for (let i = 14; i >= 0; i--) {
    const [m1, m2] = ddMul(sh, sl, wh, wl);
    [sh, sl] = ddAdd(m1, m2, SH[i] as number, SL[i] as number);
    const [n1, n2] = ddMul(ch, cl, wh, wl);
    [ch, cl] = ddAdd(n1, n2, CH[i] as number, CL[i] as number);
  }
  [sh, sl] = ddMul(sh, sl, rh, rl);
  const q = ((k % 4) + 4) % 4;
  let vh: number;
  let vl: number;
  let err: number;
  if (which === 2) {
    if (q % 2 === 0) {
      [vh, vl] = ddDiv(sh, sl, ch, cl);
      err = Math.abs(vh) * REL + ABS;
    } else {
      [vh, vl] = ddDiv(ch, cl, sh, sl);
      vh = -vh;
      vl = -vl;
      err = Math.abs(vh) * (REL + ABS / Math.abs(sh));
    }
  } else {
    const j = (q + which) % 4;
    [vh, vl] = j === 0 ? [sh, sl] : j === 1 ? [ch, cl] : j === 2 ? [-sh, -sl] : [-ch, -cl];
    err = Math.abs(vh) * REL + ABS;
  }
  const lo = vh + (vl - err);
  const hi = vh + (vl + err);
  return lo === hi && lo !== 0 ? lo : undefined;
}
