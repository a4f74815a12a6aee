import { compile, createStepBudget, toCodePoints } from "../../../src/regex-engine/index.js";
import type { StepCase } from "./steps-cases.js";

/** Steps charged for one case's match operation (compile is metered separately). */
export function countSteps(c: StepCase): number {
  const re = compile(c.p, c.f);
  const b = createStepBudget(1e12);
  const s = toCodePoints(c.s);
  switch (c.op) {
    case "finditer":
      for (const _ of re.finditer(s, b)) void _;
      break;
    case "sub":
      re.sub(s, re.compileTemplate(toCodePoints("-")), b);
      break;
    default:
      re[c.op](s, b, c.pos ?? 0);
  }
  return b.used;
}
