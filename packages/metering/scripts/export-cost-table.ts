// Writes test-vectors/metering/cost-table-v1.json from COST_TABLE_V1.
// Run: pnpm --filter @cowboy/metering exec tsx --conditions=@cowboy/source scripts/export-cost-table.ts
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { costTableToJson } from "../src/index.js";

const out = fileURLToPath(new URL("../../../test-vectors/metering/cost-table-v1.json", import.meta.url));
writeFileSync(out, `${JSON.stringify(costTableToJson(), null, 2)}\n`);
console.log(`wrote ${out}`);
