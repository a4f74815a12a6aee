/**
 * Fast path for exp: double-double evaluation (~2^-100 relative error) followed by a rounding test
 * (Ziv's strategy). When the test cannot prove that the double-double value and the exact value round
 * to the same double, it returns undefined and the caller falls back to the exact bigint kernel, so the
 * result is always the correctly rounded one. Only IEEE + − × are used (bit-reproducible in JS; no FMA).
 *
 * exp(x) = 2^M · 2^(j/64) · exp(r), N = 64M + j = round(x·64/ln2), r = x − N·ln2/64, |r| <= 0.0055.
 */

import { pow2 } from "./bits.js";

// ln2/64 = L1 + L2 + L3; L1 has 36 significant bits so N·L1 is exact for |N| < 2^17.
const L1 = 0.010830424696223417;
const L2 = 2.572804622327669e-14;
const L3 = -1.5746795524851787e-30;
const INV_L = 92.33248261689366;

// 2^(j/64) as double-double (hi, lo), j = 0..63, from a 80-digit decimal computation.
// biome-ignore-start lint/suspicious/noApproximativeNumericConstant: a table of 2^(j/64); the j = 32 entry is sqrt(2) written like its neighbours
const TH = [
  1.0, 1.0108892860517005, 1.0218971486541166, 1.0330248790212284, 1.0442737824274138, 1.0556451783605572, 1.0671404006768237, 1.0787607977571199, 1.0905077326652577,
  1.102382583307841, 1.1143867425958924, 1.1265216186082418, 1.1387886347566916, 1.1511892299529827, 1.1637248587775775, 1.1763969916502812, 1.189207115002721, 1.202156731452703,
  1.215247359980469, 1.22848053610687, 1.241857812073484, 1.255380757024691, 1.2690509571917332, 1.2828700160787783, 1.2968395546510096, 1.3109612115247644, 1.3252366431597413,
  1.339667524053303, 1.3542555469368927, 1.3690024229745905, 1.383909881963832, 1.3989796725383112, 1.4142135623730951, 1.42961333839197, 1.4451808069770467, 1.460917794180647,
  1.4768261459394993, 1.4929077282912648, 1.5091644275934228, 1.5255981507445384, 1.5422108254079407, 1.559004400237837, 1.5759808451078865, 1.593142151342267, 1.6104903319492543,
  1.6280274218573478, 1.645755478153965, 1.6636765803267364, 1.681792830507429, 1.7001063537185235, 1.718619298122478, 1.7373338352737062, 1.7562521603732995, 1.7753764925265212,
  1.7947090750031072, 1.8142521755003989, 1.8340080864093424, 1.8539791250833855, 1.8741676341103, 1.8945759815869656, 1.9152065613971474, 1.9360617934922943, 1.9571441241754002,
  1.978456026387951,
] as const;
// biome-ignore-end lint/suspicious/noApproximativeNumericConstant: end of the table above
const TL = [
  0.0, -1.5234778603368577e-17, 5.109225028973444e-17, 7.600838874027088e-18, 8.551889705537965e-17, 1.759325738772092e-18, -7.899853966841582e-17, -6.656660436056593e-17,
  -3.046782079812471e-17, 5.2660368715706944e-17, 1.0410278456845571e-16, 5.165856758795457e-17, 8.912812676025408e-17, 3.250710218863827e-17, 3.8292048369240935e-17,
  5.554203254218079e-17, 3.982015231465646e-17, 6.644981499252301e-17, -7.712630692681488e-17, -1.89878163130253e-17, 4.658027591836937e-17, -6.7113898212968784e-18,
  2.667932131342186e-18, 1.713594918243561e-17, 2.5382502794888315e-17, -7.181536135519454e-17, -2.8587312100388614e-17, 8.927282594831732e-17, 7.70094837980299e-17,
  9.593797919118849e-17, -6.770511658794786e-17, -9.614213209051323e-17, -9.667293313452913e-17, -1.2031642489053655e-17, -3.0237581349939873e-17, -5.600377186075216e-17,
  -3.483994556892796e-17, 1.4192920154284036e-17, -1.016455327754295e-16, -1.1024941712342561e-16, 7.949834809697621e-17, 3.7812070533575275e-17, -1.0136916471278304e-17,
  -1.0094406542311964e-16, 2.4707192569797888e-17, -6.712955084707084e-17, -1.0125679913674773e-16, 5.8909926967131e-17, 8.199010020581497e-17, -8.0237193703977e-18,
  -1.851380418263111e-17, 3.164389299292957e-17, 2.960140695448873e-17, 6.429731796556572e-17, 1.8227458427912087e-17, -9.969531538920349e-17, 3.283107224245627e-17,
  9.761887490727594e-17, -6.122763413004143e-17, 3.4034035352165297e-17, -1.0619946056195963e-16, 1.0332385960676326e-16, 8.960767791036668e-17, 4.0388753109278167e-17,
] as const;
// 1/k! as double-double, k = 0..12.
const CH = [
  1.0, 1.0, 0.5, 0.16666666666666666, 0.041666666666666664, 0.008333333333333333, 0.001388888888888889, 0.0001984126984126984, 2.48015873015873e-5, 2.7557319223985893e-6,
  2.755731922398589e-7, 2.505210838544172e-8, 2.08767569878681e-9,
] as const;
const CL = [
  0.0, 0.0, 0.0, 9.25185853854297e-18, 2.3129646346357427e-18, 1.1564823173178714e-19, -5.300543954373577e-20, 1.7209558293420705e-22, 2.1511947866775882e-23,
  -1.858393274046472e-22, 2.3767714622250297e-23, -1.448814070935912e-24, -1.20734505911326e-25,
] as const;

const MIN_ARG = pow2(-20);
const SPLITTER = 134217729; // 2^27 + 1 (Dekker)
// Declared error bound of the double-double result, relative; the analysis gives about 2^-100.
const EPS = pow2(-90);

/** exp(x) correctly rounded when provable, else undefined. Normal, finite results only. */
export function expFast(x: number): number | undefined {
  if (!(Math.abs(x) < 708) || Math.abs(x) < MIN_ARG) return undefined;
  const r = expDD(x, 0);
  return roundScaled(r.h, r.l, r.m, EPS * Math.abs(r.h));
}

/**
 * The double-double rounding test: returns (h + l)·2^m rounded, if every value within `err` of h + l
 * rounds to the same double and the scaled result is normal; otherwise undefined.
 */
export function roundScaled(h: number, l: number, m: number, err: number): number | undefined {
  const lo = h + (l - err);
  const hi = h + (l + err);
  if (lo !== hi) return undefined;
  if (m < -1021 || m > 1023) return undefined; // scaling might not be exact
  const r = lo * pow2(m);
  return Number.isFinite(r) && Math.abs(r) >= 2.2250738585072014e-308 ? r : undefined;
}

/**
 * exp(xh + xl) for |xh| < 708 as 2^m · (h + l), (h, l) a double-double with relative error about
 * 2^-100 (plus the absolute error of the argument itself).
 */
export function expDD(xh: number, xl: number): { h: number; l: number; m: number } {
  const x = xh;
  const n = Math.round(x * INV_L);
  const j = ((n % 64) + 64) % 64;
  const m = (n - j) / 64;
  // r = x − n·L1 − n·L2 − n·L3 as a double-double (rh, rl).
  const a = -n * L1; // exact
  let s = x + a;
  let bb = s - x;
  let e = x - (s - bb) + (a - bb) + xl;
  // subtract n·L2 exactly (two-product) then n·L3
  const p = n * L2;
  let c = SPLITTER * n;
  const nh = c - (c - n);
  const nl = n - nh;
  c = SPLITTER * L2;
  const l2h = c - (c - L2);
  const l2l = L2 - l2h;
  const pe = nh * l2h - p + nh * l2l + nl * l2h + nl * l2l;
  const t = s - p;
  bb = t - s;
  e += s - (t - bb) + (-p - bb) - pe - n * L3;
  const rh = t + e;
  const rl = e - (rh - t);
  // Horner in double-double: acc = Σ r^k / k!
  let h: number = CH[12];
  let l: number = CL[12];
  for (let k = 11; k >= 0; k--) {
    // (h, l) × (rh, rl)
    const ph = h * rh;
    c = SPLITTER * h;
    const hh = c - (c - h);
    const hl = h - hh;
    c = SPLITTER * rh;
    const rhh = c - (c - rh);
    const rhl = rh - rhh;
    let pl = hh * rhh - ph + hh * rhl + hl * rhh + hl * rhl;
    pl += h * rl + l * rh;
    const mh = ph + pl;
    const ml = pl - (mh - ph);
    // + (CH[k], CL[k])
    const ck = CH[k] as number;
    s = mh + ck;
    bb = s - mh;
    e = mh - (s - bb) + (ck - bb) + ml + (CL[k] as number);
    h = s + e;
    l = e - (h - s);
  }
  // × 2^(j/64)
  const th = TH[j] as number;
  const tl = TL[j] as number;
  const ph = h * th;
  c = SPLITTER * h;
  const hh = c - (c - h);
  const hl = h - hh;
  c = SPLITTER * th;
  const thh = c - (c - th);
  const thl = th - thh;
  let pl = hh * thh - ph + hh * thl + hl * thh + hl * thl;
  pl += h * tl + l * th;
  const fh = ph + pl;
  const fl = pl - (fh - ph);
  return { h: fh, l: fl, m };
}
