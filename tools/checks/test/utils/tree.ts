// Writes a tiny repository tree into a fresh temporary folder, so each check can be shown a defect.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Creates the files (path → content) under a new temporary root and returns the root. */
export function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "cowboy-checks-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
