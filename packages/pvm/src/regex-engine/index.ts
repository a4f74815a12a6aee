// Python 3.11 `re` engine for the PVM: a pure, deterministic, metered library. The Python-object
// glue (re module functions, Match objects) builds on this API.
export { Flag, MAXGROUPS, MAXREPEAT } from "./ast.js";
export { type StepBudget, createStepBudget } from "./budget.js";
export { RegexBudgetExceeded, RegexError, type RegexErrorCode } from "./errors.js";
export { MAX_BACKTRACK_ENTRIES, type RegexBudget, type Subject } from "./matcher.js";
export { MatchResult, Pattern, type ReplaceFn, compile, escape, expandTemplate, fromCodePoints, toCodePoints } from "./pattern.js";
export type { Template } from "./template.js";
