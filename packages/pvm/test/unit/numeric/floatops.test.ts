import { describe, expect, it } from "vitest";
import { floatDivmod, floatFloorDiv, floatMod, fmod, roundFloat } from "../../../src/numeric/index.js";
import { capture, doubleToHex, hexToDouble, loadVector, type Outcome } from "./load.js";

type R = Outcome<string>;
// NaN sign and payload are not observable to contracts (the PVM promises only "a NaN"): x86 libm
// returns the negative default NaN where we return the positive one, so NaNs compare as a class.
const nanClass = (h: string): string => (/^[7f]ff[89a-f]/.test(h) || /^[7f]ff0*[1-9a-f]/.test(h) ? "nan" : h);
const norm = (o: unknown): unknown =>
  typeof o === "string"
    ? nanClass(o)
    : Array.isArray(o)
      ? o.map(norm)
      : o !== null && typeof o === "object"
        ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, norm(v)]))
        : o;
const hexOk = (o: Outcome<number>): R => ("ok" in o ? { ok: doubleToHex(o.ok) } : o);

describe("float // % divmod fmod round", () => {
  const v = loadVector<{ ops: [string, string, R, R, Outcome<[string, string]>, R][]; round: [string, number | null, R][] }>("floatops.json");
  it(`//, %, divmod, math.fmod on ${v.ops.length} pairs (bit for bit, -0.0 included)`, () => {
    for (const [xh, yh, fd, md, dm, fm] of v.ops) {
      const x = hexToDouble(xh);
      const y = hexToDouble(yh);
      const got = [
        hexOk(capture(() => floatFloorDiv(x, y))),
        hexOk(capture(() => floatMod(x, y))),
        ((o: Outcome<[number, number]>) => ("ok" in o ? { ok: o.ok.map(doubleToHex) } : o))(capture(() => floatDivmod(x, y))),
      ];
      expect([xh, yh, norm(got)]).toEqual([xh, yh, norm([fd, md, dm])]);
      // math.fmod raises on y == 0 / inf x; our fmod is the C function and returns NaN there.
      if ("ok" in fm) expect([xh, yh, nanClass(doubleToHex(fmod(x, y)))]).toEqual([xh, yh, nanClass(fm.ok)]);
    }
  });
  it(`round() on ${v.round.length} cases`, () => {
    for (const [xh, nd, want] of v.round) {
      const x = hexToDouble(xh);
      const got =
        nd === null ? ((o: Outcome<number | bigint>) => ("ok" in o ? { ok: String(o.ok) } : o))(capture(() => roundFloat(x))) : hexOk(capture(() => roundFloat(x, nd) as number));
      expect([xh, nd, got]).toEqual([xh, nd, want]);
    }
  });
});
