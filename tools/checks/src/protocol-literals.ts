// One owner per rule (ARCHITECTURE.md "Rules of the house"): apps and the client import protocol
// constants, predicates and layouts from the package that owns them; they never retype them.
// Each entry is a literal that has an owner, and the import that replaces it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listFiles } from "./files.js";
import { blankComments } from "./source-text.js";

export interface OwnedLiteral {
  /** What the literal is, in a few words. */
  readonly rule: string;
  readonly pattern: RegExp;
  /** The export to use instead. */
  readonly owner: string;
}

export const OWNED_LITERALS: readonly OwnedLiteral[] = [
  { rule: "the transfer intrinsic (21,000 Cycles)", pattern: /\b21_?000n?\b/, owner: "@cowboy/metering instructionIntrinsicCosts" },
  { rule: "the block's Cycle capacity (80M)", pattern: /\b80_?000_?000n?\b/, owner: "@cowboy/fee-market blockCycleCapacity" },
  { rule: "the maximum transaction size (128 KiB)", pattern: /\b128 ?\* ?1024\b|\b131_?072\b/, owner: "@cowboy/types MAX_TX_SIZE" },
  { rule: "the CBY unit (10^9 base units)", pattern: /\b1_?000_?000_?000n\b|\b10n ?\*\* ?9n\b/, owner: "@cowboy/types BASE_UNITS_PER_CBY" },
  { rule: "the timer priority tiers", pattern: /["'](economy|urgent)["']/, owner: "@cowboy/types PRIORITY_TIERS" },
  { rule: "the u64 bound", pattern: /\b2n ?\*\* ?64n\b|\b1n ?<< ?64n\b|\b0xffff_?ffff_?ffff_?ffffn\b|\b18446744073709551615n?\b/, owner: "@cowboy/codec U64_MAX" },
  { rule: "the public method-name rule", pattern: /\[A-Za-z\]\[A-Za-z0-9_\]|\{0,63\}/, owner: "@cowboy/types isPublicMethodName / PUBLIC_METHOD_NAME_PATTERN" },
  { rule: "the actor storage-slot layout", pattern: /slot\[0\] ?= ?[01]\b|new Uint8Array\(\[[01]\]\)/, owner: "@cowboy/types actorAttributesSlot / actorItemSlot" },
];

export interface LiteralFinding {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly owner: string;
  readonly text: string;
}

/** Where apps and the client keep their sources: none of them may retype a rule. */
export const LITERAL_FREE_DIRS = ["apps/cli/src", "apps/node/src", "packages/client/src"] as const;

/** One line per literal that has an owner, in `dirs` (source trees under `root`); comments are skipped. */
export function checkProtocolLiterals(root: string, dirs: readonly string[] = LITERAL_FREE_DIRS, literals: readonly OwnedLiteral[] = OWNED_LITERALS): string[] {
  return findOwnedLiterals(root, dirs, literals).map((f) => `${f.file}:${f.line}: ${f.rule} retyped; import ${f.owner} (${f.text})`);
}

/** Lines of `dirs` (source trees) holding a literal that has an owner; comments are skipped. */
export function findOwnedLiterals(root: string, dirs: readonly string[], literals: readonly OwnedLiteral[] = OWNED_LITERALS): LiteralFinding[] {
  const findings: LiteralFinding[] = [];
  for (const dir of dirs) {
    for (const file of listFiles(root, dir).filter((f) => /\.(ts|mts|tsx)$/.test(f) && !f.endsWith(".d.ts"))) {
      // Comments are blanked (lines kept), so prose may name a number; code may not.
      const text = readFileSync(join(root, file), "utf8");
      const lines = text.split("\n");
      blankComments(text)
        .split("\n")
        .forEach((code, i) => {
          for (const literal of literals) {
            if (literal.pattern.test(code)) findings.push({ file, line: i + 1, rule: literal.rule, owner: literal.owner, text: lines[i]!.trim() });
          }
        });
    }
  }
  return findings;
}
