import { describe, expect, it } from "vitest";
import { type OpCase, loadFixture } from "./load.js";
import { runCase } from "./run.js";

const { cases } = loadFixture<{ cases: OpCase[] }>("power");

describe("power vs CPython 3.11 fixtures", () => {
  it(`integral exponents (${cases.filter((c) => /^-?\d+$/.test(c.a[1] ?? "")).length} cases)`, () => {
    const bad = cases
      .filter((c) => /^-?\d+$/.test(c.a[1] ?? ""))
      .map(runCase)
      .filter((m) => m !== null);
    expect(bad.slice(0, 10)).toEqual([]);
  });
  it("all exponents", () => {
    const bad = cases.map(runCase).filter((m) => m !== null);
    expect(bad.slice(0, 10)).toEqual([]);
  });
});

describe("high precision (60..400 digits) vs CPython 3.11", () => {
  const { cases: hp } = loadFixture<{ cases: OpCase[] }>("hiprec");
  it(`divide, sqrt, exp, ln, log10, power, remainder_near (${hp.length} cases)`, () => {
    const bad = hp.map(runCase).filter((m) => m !== null);
    expect(bad.slice(0, 10)).toEqual([]);
  });
});
