// The docs gate: what the prose promises must exist.
//   1. Every `cips/<name>.md` cited anywhere (sources, tests, scripts, markdown, vectors) is a file.
//   2. cips/README.md has a table with a `status` column and one row per CIP file, whose status is
//      the first word of that file's own `Status:` line (so the index cannot drift from the files).
//   3. Every relative link in README.md, ARCHITECTURE.md, cips/*.md and each package's README.md
//      points at an existing file or folder.
//   4. Every repository file those documents (and test-vectors' READMEs) name in prose, such as
//      `packages/x/test/unit/y.test.ts`, exists: files move, and the prose must follow.
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { listFiles, listPackageDirs, lineOf } from "./files.js";

export interface DocsOptions {
  /** Folders (repository-relative) whose files are not searched for CIP citations. */
  unscanned?: readonly string[];
}

/** Folders whose CIP citations are not checked, with the reason. */
export const UNSCANNED_FOR_CITATIONS: readonly { dir: string; reason: string }[] = [
  { dir: "tools/checks/test", reason: "its tests write documents that cite missing CIPs on purpose" },
];

const CITING_FILES = /\.(ts|mts|js|mjs|py|md|json|ya?ml)$/;
const CITATION = /\bcips\/([A-Za-z0-9_.-]+\.md)\b/g;
const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Problems, one line each (empty when the docs are consistent). */
export function checkDocs(root: string, options: DocsOptions = {}): string[] {
  const unscanned = options.unscanned ?? UNSCANNED_FOR_CITATIONS.map((u) => u.dir);
  return [...checkCitations(root, unscanned), ...checkCipIndex(root), ...checkLinks(root), ...checkMentionedPaths(root)];
}

function checkCitations(root: string, unscanned: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of listFiles(root, "")) {
    if (!CITING_FILES.test(file) || unscanned.some((dir) => file.startsWith(`${dir}/`))) continue;
    const text = readFileSync(join(root, file), "utf8");
    for (const m of text.matchAll(CITATION)) {
      if (!existsSync(join(root, "cips", m[1]!))) problems.push(`${file}:${lineOf(text, m.index)}: cites cips/${m[1]}, which does not exist`);
    }
  }
  return problems;
}

/** The first word of a CIP's `Status:` line, lower-cased ("draft", "final", "implemented"), or undefined. */
export function declaredStatus(text: string): string | undefined {
  const m = /^Status:\s*([A-Za-z-]+)/m.exec(text);
  return m === null ? undefined : m[1]!.toLowerCase();
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}

function checkCipIndex(root: string): string[] {
  const cips = listFiles(root, "cips").filter((f) => f.endsWith(".md") && f !== "cips/README.md");
  if (cips.length === 0) return [];
  const index = "cips/README.md";
  if (!existsSync(join(root, index))) return [`${index} is missing: it must list every CIP with its status`];
  const rows = readFileSync(join(root, index), "utf8")
    .split("\n")
    .filter((line) => line.trim().startsWith("|"));
  const header = rows.length > 0 ? cells(rows[0]!).map((c) => c.toLowerCase()) : [];
  const statusColumn = header.indexOf("status");
  if (statusColumn < 0) return [`${index}: its table has no "status" column`];
  const listed = new Map<string, string>();
  for (const row of rows.slice(2)) {
    const columns = cells(row);
    const target = /\]\(([^)#\s]+)/.exec(row)?.[1];
    if (target !== undefined) listed.set(posix.normalize(posix.join("cips", target)), columns[statusColumn] ?? "");
  }
  const problems: string[] = [];
  for (const cip of cips) {
    const declared = declaredStatus(readFileSync(join(root, cip), "utf8"));
    const status = listed.get(cip);
    if (declared === undefined) problems.push(`${cip} states no status: add a line "Status: <draft|final|implemented> …" under its title`);
    if (status === undefined) problems.push(`${index} does not list ${cip}`);
    else if (status === "") problems.push(`${index} lists ${cip} without a status`);
    else if (declared !== undefined && status.toLowerCase() !== declared) problems.push(`${index} gives ${cip} the status "${status}", but the file says "${declared}"`);
  }
  return problems;
}

/** The markdown files whose relative links are checked. */
export function linkedDocuments(root: string): string[] {
  const docs = ["README.md", "ARCHITECTURE.md"].filter((f) => existsSync(join(root, f)));
  docs.push(...listFiles(root, "cips").filter((f) => f.endsWith(".md")));
  for (const pkg of listPackageDirs(root)) if (existsSync(join(root, pkg, "README.md"))) docs.push(`${pkg}/README.md`);
  return docs;
}

/** `text` with fenced code blocks and inline code spans blanked (line breaks kept), where links are not links. */
function blankCode(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, " ")).replace(/`[^`\n]*`/g, (span) => " ".repeat(span.length));
}

function checkLinks(root: string): string[] {
  const problems: string[] = [];
  for (const doc of linkedDocuments(root)) {
    const text = blankCode(readFileSync(join(root, doc), "utf8"));
    for (const m of text.matchAll(LINK)) {
      const target = m[1]!;
      if (SCHEME.test(target) || target.startsWith("#")) continue;
      const path = decodeURI(target.replace(/[#?].*$/, ""));
      const resolved = path.startsWith("/") ? path.slice(1) : posix.normalize(posix.join(posix.dirname(doc), path));
      if (!existsSync(join(root, resolved))) problems.push(`${doc}:${lineOf(text, m.index)}: links to ${target}, which does not exist`);
    }
  }
  return problems;
}

/** A repository-relative file path named in prose (a workspace package or test-vectors, with an extension). */
const MENTIONED_PATH = /\b(?:packages|apps|tools|test-vectors)\/[A-Za-z0-9_-]+\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.(?:ts|mts|mjs|py|json|md|txt)\b/g;

/** Placeholders in examples (`test-vectors/x/y.json`) are not paths. */
const PLACEHOLDER = /\/x\//;

function checkMentionedPaths(root: string): string[] {
  const problems: string[] = [];
  const docs = [...linkedDocuments(root), ...listFiles(root, "test-vectors").filter((f) => f.endsWith("README.md"))];
  for (const doc of docs) {
    const text = readFileSync(join(root, doc), "utf8");
    for (const m of text.matchAll(MENTIONED_PATH)) {
      if (PLACEHOLDER.test(m[0]) || existsSync(join(root, m[0]))) continue;
      problems.push(`${doc}:${lineOf(text, m.index)}: names ${m[0]}, which does not exist`);
    }
  }
  return problems;
}
