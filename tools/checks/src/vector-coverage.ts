// The strict vector runner's gate: every file under test-vectors/ (README.md files aside) must be
// loaded by some test, so a vector nobody runs fails `pnpm test` instead of rotting silently.
//
// The check is static and exact: it reads the sources under each package's `test/` and recognises
// the two ways a test may load a vector file,
//   - `readVector("dir/file.json")` / `vectorPath("dir/file.json")` from @cowboy/checks/vectors, and
//   - `new URL("<relative path into test-vectors/>", import.meta.url)` with a literal path (one
//     ending in "/" loads the whole directory);
// and it refuses what it cannot resolve: a helper called with a computed path, a template literal
// that builds a test-vectors path, or a bare "test-vectors" path segment handed to join().
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { listFiles, listPackageDirs, lineOf } from "./files.js";
import { blankComments, skipTypeArguments } from "./source-text.js";

/** A file under test-vectors/ that no test needs to load, with the reason. */
export interface VectorExemption {
  path: string;
  reason: string;
}

export const VECTOR_EXEMPTIONS: readonly VectorExemption[] = [
  { path: "test-vectors/cbor/generate.py", reason: "the CPython script that produced canonical.json; its output is the vector" },
  { path: "test-vectors/crypto/generate.py", reason: "the Python script that produced the crypto vectors from reference libraries; its output is the vector" },
];

/** Package folders whose tests are not scanned, with the reason. */
export const UNSCANNED_PACKAGES: readonly { dir: string; reason: string }[] = [
  { dir: "tools/checks", reason: "its tests write defective fixture sources (as strings) on purpose" },
];

export interface VectorCoverageOptions {
  exemptions?: readonly VectorExemption[];
  unscanned?: readonly string[];
}

const VECTORS = "test-vectors";
const SOURCE = /\.(ts|mts|js|mjs)$/;
const LITERAL = /^\s*(["'])([^"'\\\n]*)\1\s*,?\s*\)/;
const LITERAL_TEMPLATE = /^\s*`([^`$\\]*)`\s*,?\s*\)/;
const HELPER = /\b(readVector|vectorPath)\s*(?=[<(])/g;
const URL_LOAD = /new URL\(\s*(["'`])([^"'`]*)\1\s*,\s*import\.meta\.url\s*\)/g;
const DYNAMIC_TEMPLATE = /`[^`]*test-vectors\/[^`\s]*\$\{[^`]*`/g;
const BARE_SEGMENT = /(["'`])test-vectors\/?\1/g;

/** Problems, one line each (empty when every vector file is loaded and every load resolves). */
export function checkVectorCoverage(root: string, options: VectorCoverageOptions = {}): string[] {
  const exemptions = options.exemptions ?? VECTOR_EXEMPTIONS;
  const unscanned = new Set(options.unscanned ?? UNSCANNED_PACKAGES.map((u) => u.dir));
  const problems: string[] = [];
  const loadedFiles = new Set<string>();
  const loadedDirs = new Set<string>();

  const noteLoad = (file: string, line: number, target: string): void => {
    if (!target.startsWith(`${VECTORS}/`)) {
      problems.push(`${file}:${line}: loads ${target}, which is outside ${VECTORS}/`);
    } else if (target.endsWith("/")) {
      if (!existsSync(join(root, target))) problems.push(`${file}:${line}: loads ${target}, which does not exist`);
      loadedDirs.add(target);
    } else {
      if (!existsSync(join(root, target))) problems.push(`${file}:${line}: loads ${target}, which does not exist`);
      loadedFiles.add(target);
    }
  };

  for (const pkg of listPackageDirs(root)) {
    if (unscanned.has(pkg)) continue;
    for (const file of listFiles(root, `${pkg}/test`).filter((f) => SOURCE.test(f))) {
      const text = blankComments(readFileSync(join(root, file), "utf8"));
      for (const m of text.matchAll(HELPER)) {
        let at = m.index + m[0].length;
        if (text[at] === "<") at = skipTypeArguments(text, at);
        if (at < 0 || text[at] !== "(") continue;
        const rest = text.slice(at + 1, at + 400);
        const literal = LITERAL.exec(rest)?.[2] ?? LITERAL_TEMPLATE.exec(rest)?.[1];
        const line = lineOf(text, m.index);
        if (literal === undefined) problems.push(`${file}:${line}: ${m[1]}() needs a string literal path, so the vector check can see which file it loads`);
        else noteLoad(file, line, `${VECTORS}/${literal}`);
      }
      for (const m of text.matchAll(URL_LOAD)) {
        const path = m[2]!;
        if (!path.includes(`${VECTORS}/`)) continue;
        const line = lineOf(text, m.index);
        if (m[1] === "`" && path.includes("${")) continue; // reported below as a dynamic template
        noteLoad(file, line, posix.normalize(posix.join(posix.dirname(file), path)));
      }
      for (const m of text.matchAll(DYNAMIC_TEMPLATE)) {
        problems.push(`${file}:${lineOf(text, m.index)}: builds a ${VECTORS} path at run time; use readVector("dir/file.json") with a literal path`);
      }
      for (const m of text.matchAll(BARE_SEGMENT)) {
        problems.push(`${file}:${lineOf(text, m.index)}: joins a ${VECTORS} path at run time; use readVector("dir/file.json") with a literal path`);
      }
    }
  }

  const vectorFiles = listFiles(root, VECTORS).filter((f) => posix.basename(f) !== "README.md");
  const exempt = new Set(exemptions.map((e) => e.path));
  for (const e of exemptions) {
    if (!vectorFiles.includes(e.path)) problems.push(`exemption ${e.path} names no file under ${VECTORS}/: remove it`);
  }
  for (const f of vectorFiles) {
    if (exempt.has(f) || loadedFiles.has(f)) continue;
    if ([...loadedDirs].some((d) => f.startsWith(d))) continue;
    problems.push(`${f} is loaded by no test: add a test that reads it with readVector("${f.slice(VECTORS.length + 1)}"), or delete it`);
  }
  return problems;
}
