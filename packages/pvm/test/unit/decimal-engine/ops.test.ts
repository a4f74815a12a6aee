import { describe, expect, it } from "vitest";
import { type OpCase, loadFixture } from "./load.js";
import { IMPLS, PENDING, runCase } from "./run.js";

const { cases } = loadFixture<{ cases: OpCase[] }>("ops");
const byOp = new Map<string, OpCase[]>();
for (const c of cases) byOp.set(c.op, [...(byOp.get(c.op) ?? []), c]);

describe("decimal ops vs CPython 3.11 fixtures", () => {
  it("has every fixture op implemented", () => {
    expect([...byOp.keys()].filter((op) => !IMPLS[op] && !PENDING[op])).toEqual([]);
  });
  for (const [op, list] of byOp) {
    if (PENDING[op]) {
      it.skip(`${op}: ${PENDING[op]}`, () => {});
      continue;
    }
    it(`${op} (${list.length} cases)`, () => {
      const bad = list.map(runCase).filter((m) => m !== null);
      expect(bad.slice(0, 8)).toEqual([]);
    });
  }
});
