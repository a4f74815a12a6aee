// The gates themselves: each check run on this repository. A failure prints one line per problem.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkImportCycles } from "../../src/cycles.js";
import { checkDocs } from "../../src/docs.js";
import { checkProtocolLiterals } from "../../src/protocol-literals.js";
import { checkVectorCoverage } from "../../src/vector-coverage.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

// A known problem not yet fixed (the PVM runtime's call/dict cycle), listed exactly, so that the gate
// still fails on any new one, and fails too when this one is fixed: then delete its line here and turn
// the `it.fails` below into `it`. Adding a line here is not a way to pass.
const PENDING_CYCLES = [
  "packages/pvm: import cycle src/runtime/call.ts → src/runtime/dict.ts → src/runtime/call.ts (the same cycle also runs through src/runtime/iter.ts, src/runtime/ops.ts, src/runtime/percent-format.ts, src/runtime/subscript.ts)",
];

describe("the house gates on this repository", () => {
  it("apps and the client retype no protocol literal that has an owner", () => {
    expect(checkProtocolLiterals(root)).toEqual([]);
  });

  it("every file under test-vectors/ is loaded by a test, and every load resolves", () => {
    expect(checkVectorCoverage(root)).toEqual([]);
  });

  it("every cited CIP exists, cips/README.md lists each CIP with its status, and relative links resolve", () => {
    expect(checkDocs(root)).toEqual([]);
  });

  it.fails("no package has an import cycle outside CYCLE_ALLOWLIST", () => {
    expect(checkImportCycles(root)).toEqual([]);
  });

  it("the import cycles are exactly the pending ones", () => {
    expect(checkImportCycles(root)).toEqual(PENDING_CYCLES);
  });
});
