/**
 * Fast paths for sinh, cosh and tanh under the same rounding test as exp: below 1 by the Taylor series
 * of sinh and cosh in double-double (the sin/cos coefficients without their alternating signs), above
 * by combining e^|x| (double-double, from expDD) with its reciprocal. undefined defers to the exact
 * kernel, so only speed can change.
 */
import { pow2 } from "./bits.js";
import { ddAdd, ddDiv, ddMul } from "./dd.js";
import { expDD, roundScaled } from "./ddexp.js";
import { CH, CL, SH, SL } from "./ddtrig.js";

const EPS = pow2(-90);
const TINY = pow2(-26);

/** which: 0 = sinh, 1 = cosh, 2 = tanh. */
export function hyperFast(x: number, which: 0 | 1 | 2): number | undefined {
  const ax = Math.abs(x);
  if (!(ax >= TINY && ax < 700)) return undefined;
  let sh: number;
  let sl: number;
  let ch: number;
  let cl: number;
  if (ax < 1) {
    const [wh, wl] = ddMul(ax, 0, ax, 0);
    // Σ w^k/(2k+1)! and Σ w^k/(2k)!: the trig coefficients with every sign made positive.
    sh = Math.abs(SH[15]);
    sl = SL[15] * Math.sign(SH[15]);
    ch = Math.abs(CH[15]);
    cl = CL[15] * Math.sign(CH[15]);
    for (let i = 14; i >= 0; i--) {
      const sgn = i % 2 === 0 ? 1 : -1;
      const [m1, m2] = ddMul(sh, sl, wh, wl);
      [sh, sl] = ddAdd(m1, m2, sgn * (SH[i] as number), sgn * (SL[i] as number));
      const [n1, n2] = ddMul(ch, cl, wh, wl);
      [ch, cl] = ddAdd(n1, n2, sgn * (CH[i] as number), sgn * (CL[i] as number));
    }
    [sh, sl] = ddMul(sh, sl, ax, 0);
  } else {
    const e = expDD(ax, 0);
    const scale = pow2(e.m);
    const eh = e.h * scale;
    const el = e.l * scale;
    const [ih, il] = ddDiv(1, 0, eh, el);
    [sh, sl] = ddAdd(eh, el, -ih, -il);
    [ch, cl] = ddAdd(eh, el, ih, il);
    sh *= 0.5;
    sl *= 0.5;
    ch *= 0.5;
    cl *= 0.5;
  }
  let vh: number;
  let vl: number;
  if (which === 0) [vh, vl] = [sh, sl];
  else if (which === 1) [vh, vl] = [ch, cl];
  else [vh, vl] = ddDiv(sh, sl, ch, cl);
  const r = roundScaled(vh, vl, 0, EPS * Math.abs(vh));
  if (r === undefined) return undefined;
  return x < 0 && which !== 1 ? -r : r;
}
