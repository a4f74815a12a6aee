// The error-code gate: every code an error can carry out of a package is documented in
// cips/errors.md. A code is a string literal of an exported `…ErrorCode` union (or a key of
// execution's TX_REJECTIONS table); documented means it appears in backticks in that file.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { listFiles, listPackageDirs } from "./files.js";
import { blankComments } from "./source-text.js";

/** Unions whose errors never leave their package, so their codes are not in cips/errors.md. */
export const INTERNAL_CODE_UNIONS: readonly { name: string; reason: string }[] = [
  { name: "DecimalErrorCode", reason: "the PVM's decimal engine; its errors become Python exceptions inside the PVM" },
  { name: "RegexErrorCode", reason: "the PVM's regex engine; its errors become Python exceptions inside the PVM" },
];

const UNION = /export\s+type\s+(\w+ErrorCode)\s*=\s*([^;]*);/g;
const TABLE = /export\s+const\s+TX_REJECTIONS\s*=\s*\{([\s\S]*?)\}\s*as\s+const/g;

export interface ErrorCodeUse {
  readonly file: string;
  readonly union: string;
  readonly code: string;
}

/** Every documented-to-be code of the packages' sources: union string literals and TX_REJECTIONS keys. */
export function errorCodes(root: string): ErrorCodeUse[] {
  const out: ErrorCodeUse[] = [];
  const internal = new Set(INTERNAL_CODE_UNIONS.map((u) => u.name));
  for (const pkg of listPackageDirs(root)) {
    for (const file of listFiles(root, `${pkg}/src`).filter((f) => f.endsWith(".ts"))) {
      const code = blankComments(readFileSync(join(root, file), "utf8"));
      for (const m of code.matchAll(UNION)) {
        if (internal.has(m[1]!)) continue;
        for (const literal of m[2]!.matchAll(/"([A-Za-z_][A-Za-z0-9_]*)"/g)) out.push({ file, union: m[1]!, code: literal[1]! });
      }
      for (const m of code.matchAll(TABLE)) {
        for (const key of m[1]!.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*:/gm)) out.push({ file, union: "TX_REJECTIONS", code: key[1]! });
      }
    }
  }
  return out;
}

/** Problems, one line per code missing from cips/errors.md (empty when every code is there). */
export function checkErrorCodes(root: string): string[] {
  const doc = join(root, "cips/errors.md");
  const text = existsSync(doc) ? readFileSync(doc, "utf8") : "";
  const documented = new Set([...text.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)].map((m) => m[1]!));
  return errorCodes(root)
    .filter((use) => !documented.has(use.code))
    .map((use) => `${use.file}: ${use.union} code ${use.code} is not documented in cips/errors.md`);
}
