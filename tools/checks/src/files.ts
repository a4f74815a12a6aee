// Walking a repository tree the way every check does: skipping what is installed or built, in a
// sorted order so that reports are stable, with paths relative to the root and "/" as separator.
import { readdirSync } from "node:fs";
import { join } from "node:path";

const SKIPPED_DIRECTORIES = new Set(["node_modules", ".git", "dist", ".turbo", "coverage", ".cowboy"]);

/** Every file under `root/dir` (a repository-relative folder), as sorted repository-relative paths; [] if `dir` does not exist. */
export function listFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(path);
      } else if (entry.isFile()) {
        out.push(path);
      }
    }
  };
  walk(dir);
  return out;
}

/** The workspace folders that hold packages (`packages/x`, `apps/x`, `tools/x`), sorted. */
export function listPackageDirs(root: string): string[] {
  const dirs: string[] = [];
  for (const group of ["packages", "apps", "tools"]) {
    try {
      for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(`${group}/${entry.name}`);
      }
    } catch {
      // a repository without this group
    }
  }
  return dirs.sort();
}

/** 1-based line number of character offset `at` in `text`. */
export function lineOf(text: string, at: number): number {
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
