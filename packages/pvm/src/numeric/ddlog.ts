/**
 * Fast path for the natural logarithm: double-double evaluation (~2^-100 relative error) and Ziv's
 * rounding test, falling back to the exact bigint kernel (undefined) when rounding cannot be proven.
 *
 * x = 2^e · m with m in [sqrt(1/2), sqrt(2)); c = 1 + j/64 nearest m (exact); z = (m − c)/(m + c),
 * |z| < 2^-7.5; ln x = e·ln2 + ln c + 2·atanh z, atanh z = z·Σ z^(2k)/(2k+1).
 */
import { exponentOf, pow2 } from "./bits.js";
import { ddAdd, ddDiv, ddMul } from "./dd.js";

// ln 2 = LN2H + LN2M + LN2L, LN2H with 40 significant bits so e·LN2H is exact.
const LN2H = 0.6931471805592082;
const LN2M = 7.371002565167799e-13;
const LN2L = 1.94704509238075e-31;

// ln(1 + j/64) as double-double for j = -20..27 (index j + 20), from an 80-digit decimal computation.
const LCH = [
  -0.3746934494414107, -0.3522205935893521, -0.33024168687057687, -0.3087354816496133, -0.2876820724517809, -0.26706278524904525, -0.24686007793152578, -0.22705745063534608,
  -0.2076393647782445, -0.18859116980755003, -0.16989903679539747, -0.15154989812720093, -0.13353139262452263, -0.1158318155251217, -0.09844007281325252, -0.0813456394539524,
  -0.06453852113757118, -0.048009219186360606, -0.0317486983145803, -0.015748356968139168, 0.0, 0.015504186535965254, 0.030771658666753687, 0.0458095360312942, 0.06062462181643484,
  0.07522342123758753, 0.08961215868968714, 0.10379679368164356, 0.11778303565638346, 0.13157635778871926, 0.1451820098444979, 0.15860503017663857, 0.17185025692665923,
  0.184922338494012, 0.19782574332991987, 0.21056476910734964, 0.22314355131420976, 0.2355660713127669, 0.24783616390458127, 0.25995752443692605, 0.27193371548364176,
  0.2837681731306446, 0.2954642128938359, 0.3070250352949119, 0.3184537311185346, 0.329753286372468, 0.3409265869705932, 0.3519764231571782,
] as const;
const LCL = [
  3.9243112288632396e-18, -5.7233316949182485e-18, 1.0828321637483858e-17, 1.6199186085148102e-17, -2.607160616442564e-17, 7.32891532732017e-18, -1.361743371748368e-17,
  -9.551415762738488e-18, -1.2053243216686129e-17, 7.432164219196925e-18, 4.868008764439071e-19, -5.1669593684615594e-18, 3.664457663660085e-18, -4.338484369808096e-18,
  4.439009633675136e-18, -5.07707635593117e-18, 6.470486661692933e-18, -1.4390903347292205e-18, -3.0382263084680858e-18, -1.0021578630528974e-18, 0.0, -3.278321022892429e-19,
  1.0431732029005968e-18, 1.902959866474257e-18, 2.6424025938726934e-18, -5.930604196293241e-18, -5.4268129336647135e-18, 5.47772415726659e-18, -1.1971685747593677e-18,
  1.1123000879729588e-17, 8.242418783022475e-18, 1.1257003872182592e-17, -6.0224538210113705e-18, 3.0236614153574064e-18, 1.2821194372980142e-17, -4.249405314729895e-18,
  -9.091270597324799e-18, -2.3943371495187355e-18, -1.2432209578702523e-17, 2.069806938978935e-17, 7.83319637697442e-19, -2.032665581126656e-17, -2.16461086040599e-17,
  -1.2319916200101964e-17, 2.7114779367326236e-17, 2.122020616196946e-18, 1.7467136443544747e-17, -1.2953893030191963e-17,
] as const;
// 1/(2k+1) as double-double, k = 0..7.
const IH = [1.0, 0.3333333333333333, 0.2, 0.14285714285714285, 0.1111111111111111, 0.09090909090909091, 0.07692307692307693, 0.06666666666666667] as const;
const IL = [
  0.0, 1.850371707708594e-17, -1.1102230246251566e-17, 7.93016446160826e-18, 6.1679056923619804e-18, -2.523234146875356e-18, -4.270088556250602e-18, 9.251858538542971e-19,
] as const;

const EPS = pow2(-90);
const SQRT2 = Math.SQRT2; // bit-identical to the literal 1.4142135623730951

/** ln(x) for a positive normal finite x ≠ 1, correctly rounded when provable, else undefined. */
export function logFast(x: number): number | undefined {
  const r = logDD(x);
  if (r === undefined) return undefined;
  const [rh, rl] = r;
  const err = EPS * Math.abs(rh);
  const lo = rh + (rl - err);
  const hi = rh + (rl + err);
  return lo === hi ? lo : undefined;
}

/** ln(x) as a double-double with relative error below 2^-100, for positive normal finite x. */
export function logDD(x: number): [number, number] | undefined {
  if (!(x >= 2.2250738585072014e-308) || x === Infinity) return undefined;
  let e = exponentOf(x);
  let m = x * pow2(-e);
  if (m >= SQRT2) {
    m *= 0.5;
    e += 1;
  }
  const j = Math.round((m - 1) * 64);
  const c = 1 + j / 64;
  const num = m - c; // exact (Sterbenz)
  // den = m + c as double-double
  const dh = m + c;
  const bb = dh - m;
  const dl = m - (dh - bb) + (c - bb);
  const [zh, zl] = ddDiv(num, 0, dh, dl);
  // w = z² (double-double)
  const [wh, wl] = ddMul(zh, zl, zh, zl);
  // S = Σ w^k / (2k+1), Horner in double-double
  let sh: number = IH[7];
  let sl: number = IL[7];
  for (let k = 6; k >= 0; k--) {
    const [mh, ml] = ddMul(sh, sl, wh, wl);
    [sh, sl] = ddAdd(mh, ml, IH[k] as number, IL[k] as number);
  }
  // 2·z·S + ln c + e·ln2
  let [rh, rl] = ddMul(sh, sl, 2 * zh, 2 * zl);
  [rh, rl] = ddAdd(rh, rl, LCH[j + 20] as number, LCL[j + 20] as number);
  if (e !== 0) {
    const [eh, el] = ddMul(e, 0, LN2M, 0);
    const [ah, al] = ddAdd(e * LN2H, 0, eh, el + e * LN2L);
    [rh, rl] = ddAdd(rh, rl, ah, al);
  }
  return [rh, rl];
}
