// The gates themselves: each check run on this repository. A failure prints one line per problem.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkImportCycles } from "../../src/cycles.js";
import { checkDocs } from "../../src/docs.js";
import { checkErrorCodes } from "../../src/error-codes.js";
import { checkProtocolLiterals } from "../../src/protocol-literals.js";
import { checkVectorCoverage } from "../../src/vector-coverage.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

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

  it("every error code that can leave a package has its line in cips/errors.md", () => {
    expect(checkErrorCodes(root)).toEqual([]);
  });

  it("no package has an import cycle outside CYCLE_ALLOWLIST", () => {
    expect(checkImportCycles(root)).toEqual([]);
  });
});
