import { RegexBudgetExceeded } from "./errors.js";
import type { RegexBudget } from "./matcher.js";

/** A budget with a fixed step limit that throws `RegexBudgetExceeded`; `used` counts steps charged. */
export interface StepBudget extends RegexBudget {
  readonly used: number;
  readonly limit: number;
}

export function createStepBudget(limit: number): StepBudget {
  if (typeof limit !== "number" || !(limit >= 0)) throw new TypeError("limit: expected a non-negative number");
  let used = 0;
  return {
    limit,
    get used() {
      return used;
    },
    charge(steps: number) {
      used += steps;
      if (used > limit) throw new RegexBudgetExceeded(limit);
    },
  };
}
