// The fixed set of (pattern, flags, op, input, pos) whose step counts are pinned in
// fixtures/step-counts.json (written by scripts/gen_steps.ts; counting rule in cips/pvm-re.md).
export interface StepCase {
  readonly p: string;
  readonly f: number;
  readonly op: "match" | "search" | "fullmatch" | "finditer" | "sub";
  readonly s: string;
  readonly pos?: number;
}

const rep = (s: string, n: number): string => s.repeat(n);

export const STEP_CASES: readonly StepCase[] = [
  { p: "abc", f: 0, op: "search", s: "xxabcxx" },
  { p: "a.c", f: 0, op: "match", s: "abc" },
  { p: "(a+)+$", f: 0, op: "match", s: rep("a", 12) + "b" },
  { p: "(a|aa)*b", f: 0, op: "match", s: rep("a", 14) },
  { p: "(?:a*)*b", f: 0, op: "search", s: rep("a", 10) },
  { p: "(x+x+)+y", f: 0, op: "search", s: rep("x", 10) },
  { p: "^(\\w+\\s?)*$", f: 0, op: "match", s: "an apple a day keeps!" },
  { p: "(?>a+)+b", f: 0, op: "match", s: rep("a", 20) },
  { p: "a++b", f: 0, op: "match", s: rep("a", 20) },
  { p: "(?i)straße", f: 0, op: "search", s: "Die STRASSE und die Straße" },
  { p: "\\b\\w+\\b", f: 0, op: "finditer", s: "the quick brown fox" },
  { p: "(?<=\\d)(?=(\\d{3})+$)", f: 0, op: "sub", s: "1234567" },
  { p: "(\\w)\\1", f: 0, op: "search", s: "abcdeffg" },
  { p: "x*", f: 0, op: "sub", s: "abxd" },
  { p: "[a-z]+@[a-z]+\\.com", f: 0, op: "search", s: "mail: someone@example.com." },
  { p: "b", f: 0, op: "search", s: "aaab", pos: 2 },
];
