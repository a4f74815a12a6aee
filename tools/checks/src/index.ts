// The house gates of issue 16, each a function from a repository root to a list of problems.
export { CYCLE_ALLOWLIST, TYPE_STRICT_PACKAGES, type CycleAllowance, checkImportCycles, cyclicComponents, importGraph, runtimeImports, shortestCycle } from "./cycles.js";
export { checkDocs, declaredStatus, linkedDocuments, UNSCANNED_FOR_CITATIONS } from "./docs.js";
export { checkVectorCoverage, UNSCANNED_PACKAGES, VECTOR_EXEMPTIONS, type VectorExemption } from "./vector-coverage.js";
export { readVector, vectorPath } from "./vectors.js";
export { checkProtocolLiterals, findOwnedLiterals, OWNED_LITERALS, LITERAL_FREE_DIRS, type OwnedLiteral, type LiteralFinding } from "./protocol-literals.js";
export { checkErrorCodes, errorCodes, INTERNAL_CODE_UNIONS, type ErrorCodeUse } from "./error-codes.js";
