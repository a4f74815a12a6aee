// Runs every gate on this repository and prints each problem: `pnpm --filter @cowboy/checks check`.
import { fileURLToPath } from "node:url";
import { checkDocs } from "./docs.js";
import { checkImportCycles } from "./cycles.js";
import { checkErrorCodes } from "./error-codes.js";
import { checkProtocolLiterals } from "./protocol-literals.js";
import { checkVectorCoverage } from "./vector-coverage.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
let failed = false;
for (const [name, check] of [
  ["vector coverage", checkVectorCoverage],
  ["docs", checkDocs],
  ["import cycles", checkImportCycles],
  ["error codes", checkErrorCodes],
  ["protocol literals", (r: string) => checkProtocolLiterals(r)],
] as const) {
  const problems = check(root);
  console.log(`${name}: ${problems.length === 0 ? "ok" : `${problems.length} problem(s)`}`);
  for (const p of problems) console.log(`  ${p}`);
  failed ||= problems.length > 0;
}
process.exitCode = failed ? 1 : 0;
