/**
 * math.gamma and math.lgamma as CPython 3.11 computes them: the Lanczos approximation (N = 13,
 * g = 6.024680040776729583740234375, the Boost parameters used by CPython), a correction term for the
 * rounding of x + g − 0.5, and the reflection formula for negative x. The same double operations in
 * the same order, over our correctly rounded exp/pow/log/sin/cos, so results agree with CPython
 * wherever glibc's results agree with the correctly rounded ones.
 */
import { overflowError, valueError, aNumber } from "./errors.js";
import { fmod } from "./floatops.js";
import * as cr from "./mathcore.js";
import { cPow, pi } from "./pymath.js";

// biome-ignore lint/correctness/noPrecisionLoss: exact binary value as CPython's mathmodule.c writes it
const LANCZOS_G = 6.024680040776729583740234375;
// biome-ignore lint/correctness/noPrecisionLoss: exact binary value as CPython's mathmodule.c writes it
const LANCZOS_G_MINUS_HALF = 5.524680040776729583740234375;
// biome-ignore-start lint/correctness/noPrecisionLoss: CPython's mathmodule.c Lanczos numerator, digit for digit; each literal rounds to the double CPython uses
const NUM = [
  23531376880.41075968857200767445163675473484680494, 42919803642.649098768957899047001988850926355848959, 35711959237.355668049440185451547166705960488635843,
  17921034426.03720969991975575445893111267140326539, 6039542586.3520280050642916443072979210699388420708, 1439720407.3117216736632230727949123939715485786772,
  248874557.86205415651146038641322942321632125127801, 31426415.58540019438061423162831820536287468498764, 2876370.6289353724412254090516208496135991145378768,
  186056.26539522349504029498971604569928220784236328, 8071.6720023658162106380029022722506138218516325024, 210.82427775157934587250973392071336271166969580291,
  2.5066282746310002701649081771338373386264310793408,
] as const;
// biome-ignore-end lint/correctness/noPrecisionLoss: end of the table above
// Denominator x(x+1)...(x+11) expanded.
const DEN = [0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0, 13339535.0, 2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0] as const;
// biome-ignore lint/correctness/noPrecisionLoss: CPython's mathmodule.c constants copied digit for digit; the double each literal rounds to is the one CPython uses
const LOG_PI = 1.144729885849400174143427351353058711647;

/** Lanczos sum as a rational function; in 1/x beyond 5 so nothing overflows. */
function lanczosSum(x: number): number {
  let num = 0.0;
  let den = 0.0;
  if (x < 5.0) {
    for (let i = NUM.length - 1; i >= 0; i--) {
      num = num * x + (NUM[i] as number);
      den = den * x + (DEN[i] as number);
    }
  } else {
    for (let i = 0; i < NUM.length; i++) {
      num = num / x + (NUM[i] as number);
      den = den / x + (DEN[i] as number);
    }
  }
  return num / den;
}

/** sin(pi·x) accurate near the integers (CPython m_sinpi), for finite x. */
function sinpi(x: number): number {
  const y = fmod(Math.abs(x), 2.0);
  // C round(): halves away from zero; 2y is in [0, 4) so t − floor(t) is exact.
  const t = 2.0 * y;
  const f = Math.floor(t);
  const n = t - f >= 0.5 ? f + 1 : f;
  let r: number;
  switch (n) {
    case 0:
      r = cr.sin(pi * y);
      break;
    case 1:
      r = cr.cos(pi * (y - 0.5));
      break;
    case 2:
      r = cr.sin(pi * (1.0 - y));
      break;
    case 3:
      r = -cr.cos(pi * (y - 1.5));
      break;
    default:
      r = cr.sin(pi * (y - 2.0));
  }
  return (x < 0 || Object.is(x, -0) ? -1 : 1) * r;
}

// biome-ignore-start lint/correctness/noPrecisionLoss: the factorials 0! to 22! as CPython's mathmodule.c writes them; each rounds to the double CPython uses
const GAMMA_INTEGRAL = [
  1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0, 3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0, 1307674368000.0, 20922789888000.0,
  355687428096000.0, 6402373705728000.0, 121645100408832000.0, 2432902008176640000.0, 51090942171709440000.0, 1124000727777607680000.0,
] as const;
// biome-ignore-end lint/correctness/noPrecisionLoss: end of the table above

const domain = () => valueError("math domain error");
const range = () => overflowError("math range error");

/** math.gamma. */
export function gamma(x: number): number {
  aNumber(x, "x");
  if (!Number.isFinite(x)) {
    if (Number.isNaN(x) || x > 0) return x;
    throw domain();
  }
  if (x === 0) throw domain();
  if (x === Math.floor(x)) {
    if (x < 0) throw domain();
    if (x <= GAMMA_INTEGRAL.length) return GAMMA_INTEGRAL[x - 1] as number;
  }
  const absx = Math.abs(x);
  if (absx < 1e-20) {
    const r = 1.0 / x;
    if (!Number.isFinite(r)) throw range();
    return r;
  }
  if (absx > 200.0) {
    if (x < 0.0) return 0.0 / sinpi(x);
    throw range();
  }
  const y = absx + LANCZOS_G_MINUS_HALF;
  let z: number;
  // z is the rounding error of y, scaled: the correction factor of CPython's comment.
  if (absx > LANCZOS_G_MINUS_HALF) z = y - absx - LANCZOS_G_MINUS_HALF;
  else z = y - LANCZOS_G_MINUS_HALF - absx;
  z = (z * LANCZOS_G) / y;
  let r: number;
  if (x < 0.0) {
    r = ((-pi / sinpi(absx) / absx) * cr.exp(y)) / lanczosSum(absx);
    r -= z * r;
    if (absx < 140.0) r /= cPow(y, absx - 0.5);
    else {
      const sqrtpow = cPow(y, absx / 2.0 - 0.25);
      r /= sqrtpow;
      r /= sqrtpow;
    }
  } else {
    r = lanczosSum(absx) / cr.exp(y);
    r += z * r;
    if (absx < 140.0) r *= cPow(y, absx - 0.5);
    else {
      const sqrtpow = cPow(y, absx / 2.0 - 0.25);
      r *= sqrtpow;
      r *= sqrtpow;
    }
  }
  if (!Number.isFinite(r)) throw range();
  return r;
}

/** math.lgamma: log|Γ(x)|. */
export function lgamma(x: number): number {
  aNumber(x, "x");
  if (!Number.isFinite(x)) return Number.isNaN(x) ? x : Infinity;
  if (x === Math.floor(x) && x <= 2.0) {
    if (x <= 0.0) throw domain();
    return 0.0;
  }
  const absx = Math.abs(x);
  if (absx < 1e-20) return -cr.log(absx);
  let r = cr.log(lanczosSum(absx)) - LANCZOS_G;
  r += (absx - 0.5) * (cr.log(absx + LANCZOS_G - 0.5) - 1);
  if (x < 0.0) r = LOG_PI - cr.log(Math.abs(sinpi(absx))) - cr.log(absx) - r;
  if (!Number.isFinite(r)) throw range();
  return r;
}
