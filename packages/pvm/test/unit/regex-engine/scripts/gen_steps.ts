// Regenerates test/unit/regex-engine/fixtures/step-counts.json. Run from packages/pvm:
//   pnpm exec tsx --conditions=@cowboy/source test/unit/regex-engine/scripts/gen_steps.ts
// A change in these numbers is a consensus change: review it, then bump the rule in cips/pvm-re.md.
import { writeFileSync } from "node:fs";
import { STEP_CASES } from "../steps-cases.js";
import { countSteps } from "../steps-run.js";

const rows = STEP_CASES.map((c) => ({ ...c, steps: countSteps(c) }));
writeFileSync(new URL("../fixtures/step-counts.json", import.meta.url), JSON.stringify({ rule: "pvm-re steps v1", cases: rows }, null, 1) + "\n");
console.log(`wrote ${rows.length} step counts`);
