/**
 * Compiled patterns and the operations the `re` glue builds on: match, fullmatch, search, finditer,
 * split and sub/subn. Subjects are code-point arrays (str) or byte arrays (bytes); results are spans
 * into them, so the glue decides how to materialize Python objects.
 */
import { Flag, type Node } from "./ast.js";
import { type Program, compileProgram } from "./compiler.js";
import { RegexError, aInt } from "./errors.js";
import { MatchState, type RegexBudget, type Subject } from "./matcher.js";
import { At, Op } from "./opcodes.js";
import { parsePattern } from "./parser.js";
import { type Template, parseTemplate } from "./template.js";
import { uniLower } from "./unicode.js";

export { Flag };
export type { RegexBudget, Subject, Template };

/** One match: `spans[2g]`, `spans[2g+1]` are group g's start and end, or -1 if it did not take part. */
export class MatchResult {
  constructor(
    readonly spans: Int32Array,
    /** Python's `Match.lastindex` (null when no group closed). */
    readonly lastIndex: number | null,
    readonly pos: number,
    readonly endpos: number,
  ) {}
  get start(): number {
    return this.spans[0]!;
  }
  get end(): number {
    return this.spans[1]!;
  }
  /** [start, end] of group g, or null if it did not participate. */
  span(g: number): [number, number] | null {
    const s = this.spans[2 * g];
    if (s === undefined) throw new RangeError(`span: no such group ${g}`);
    return s < 0 ? null : [s, this.spans[2 * g + 1]!];
  }
}

/** A `repl` callback for sub: returns the replacement for one match (the glue's callable repl). */
export type ReplaceFn = (m: MatchResult) => ArrayLike<number>;

export function toCodePoints(s: string): Int32Array {
  const out = new Int32Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) {
        out[n++] = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = c;
  }
  return n === out.length ? out : out.slice(0, n);
}

export function fromCodePoints(cps: ArrayLike<number>): string {
  const n = cps.length;
  if (n <= 16) {
    let s = "";
    for (let i = 0; i < n; i++) {
      const c = cps[i]!;
      s += c < 0x10000 ? String.fromCharCode(c) : String.fromCodePoint(c);
    }
    return s;
  }
  let s = "";
  for (let i = 0; i < n; i += 4096) {
    const chunk = Array.prototype.slice.call(cps, i, Math.min(i + 4096, n)) as number[];
    s += chunk.every((c) => c < 0x10000) ? String.fromCharCode.apply(null, chunk) : String.fromCodePoint(...chunk);
  }
  return s;
}

function aSubject(subject: unknown, isBytes: boolean): asserts subject is Subject {
  if (isBytes ? !(subject instanceof Uint8Array) : !(subject instanceof Int32Array)) {
    throw new TypeError(`subject: expected ${isBytes ? "a Uint8Array (bytes pattern)" : "an Int32Array of code points (str pattern)"}`);
  }
}
function aBudget(budget: unknown): asserts budget is RegexBudget {
  if (typeof budget !== "object" || budget === null || typeof (budget as RegexBudget).charge !== "function") {
    throw new TypeError("budget: expected an object with a charge(steps) method");
  }
}

/** Python's clamping of pos/endpos to [0, len]. */
function clamp(v: number, len: number): number {
  return v < 0 ? 0 : v > len ? len : v;
}

export class Pattern {
  readonly flags: number;
  readonly groups: number;
  readonly groupIndex: ReadonlyMap<string, number>;
  readonly isBytes: boolean;
  /** @internal */
  readonly program: Program;
  private readonly anchored: boolean;
  private readonly firstLiteral: number;
  private readonly firstItem: number;

  /** @internal use `compile`. */
  constructor(program: Program, flags: number, groupIndex: ReadonlyMap<string, number>, isBytes: boolean) {
    this.program = program;
    this.flags = flags;
    this.groups = program.groups;
    this.groupIndex = groupIndex;
    this.isBytes = isBytes;
    const code = program.code;
    this.anchored = code[1] === Op.AT && code[2] === At.BEGINNING;
    this.firstLiteral = code[1] === Op.LITERAL ? code[2]! : -1;
    this.firstItem = firstItemPc(code);
  }

  private result(st: MatchState, start: number, pos: number, endpos: number): MatchResult {
    const spans = new Int32Array(2 * (this.groups + 1));
    spans[0] = start;
    spans[1] = st.matchEnd;
    st.charge(this.groups);
    // sre's mark model can leave a stale end before a new start; CPython refuses such a match.
    if (!st.fillSpans(spans, this.groups)) {
      throw new RegexError("RE_INTERNAL", "The span of capturing group is wrong, please report a bug for the re module.", null, "SystemError");
    }
    const li = st.lastIndex;
    return new MatchResult(spans, li < 0 ? null : li, pos, endpos);
  }

  /** sre_search from `start`: tries each position in turn; mustAdvance applies to the first only. */
  private searchFrom(st: MatchState, start: number, mustAdvance: boolean): number {
    const end = st.end;
    if (start > end) return -1;
    if (this.anchored) {
      return st.run(start, false, mustAdvance) ? start : -1;
    }
    const lit = this.firstLiteral;
    const first = this.firstItem;
    const code = this.program.code;
    const firstSet = first >= 0 && code[first] === Op.IN ? this.program.sets[code[first + 1]!]! : null;
    const foldUni = first >= 0 && code[first] === Op.LITERAL_UI;
    const firstFold = foldUni || (first >= 0 && code[first] === Op.LITERAL_AI) ? code[first + 1]! : -1;
    for (let p = start; ; p++) {
      // Skip start positions the first character rules out, one step per position skipped.
      if (lit >= 0) {
        const text = st.text;
        const from = p;
        while (p < end && text[p] !== lit) p++;
        st.charge(p - from);
        if (p >= end) return -1;
      } else if (firstSet !== null) {
        const text = st.text;
        const from = p;
        while (p < end && !firstSet.has(text[p]!)) p++;
        st.charge(p - from);
        if (p >= end) return -1;
      } else if (firstFold >= 0) {
        // A case-insensitive first literal: ASCII is folded inline, the rest through the tables.
        const text = st.text;
        const from = p;
        for (; p < end; p++) {
          const c = text[p]!;
          if (c < 128 ? (c >= 65 && c <= 90 ? c + 32 : c) === firstFold : foldUni && uniLower(c) === firstFold) break;
        }
        st.charge(p - from);
        if (p >= end) return -1;
      } else if (first >= 0) {
        const from = p;
        while (p < end && !st.canStart(first, p)) p++;
        st.charge(p - from);
        if (p >= end) return -1;
      }
      if (st.run(p, false, mustAdvance && p === start)) return p;
      if (p >= end) return -1;
    }
  }

  private begin(subject: unknown, pos: number, endpos: number | undefined, budget: unknown): { st: MatchState; pos: number; end: number } {
    aSubject(subject, this.isBytes);
    aInt(pos, "pos");
    if (endpos !== undefined) aInt(endpos, "endpos");
    aBudget(budget);
    const end = clamp(endpos ?? subject.length, subject.length);
    return { st: new MatchState(this.program, subject, end, budget), pos: clamp(pos, subject.length), end };
  }

  /** `Pattern.match`: anchored at pos. */
  match(subject: Subject, budget: RegexBudget, pos = 0, endpos?: number): MatchResult | null {
    const { st, pos: p, end } = this.begin(subject, pos, endpos, budget);
    const ok = st.run(p, false, false);
    st.flush();
    return ok ? this.result(st, p, p, end) : null;
  }

  /** `Pattern.fullmatch`: anchored at pos and ending at endpos. */
  fullmatch(subject: Subject, budget: RegexBudget, pos = 0, endpos?: number): MatchResult | null {
    const { st, pos: p, end } = this.begin(subject, pos, endpos, budget);
    const ok = st.run(p, true, false);
    st.flush();
    return ok ? this.result(st, p, p, end) : null;
  }

  /** `Pattern.search`: the leftmost match at or after pos. */
  search(subject: Subject, budget: RegexBudget, pos = 0, endpos?: number): MatchResult | null {
    const { st, pos: p, end } = this.begin(subject, pos, endpos, budget);
    const at = this.searchFrom(st, p, false);
    st.flush();
    return at < 0 ? null : this.result(st, at, p, end);
  }

  /** `Pattern.finditer` (and findall): successive non-overlapping matches, with 3.7+ empty-match rules. */
  *finditer(subject: Subject, budget: RegexBudget, pos = 0, endpos?: number): Generator<MatchResult, void, void> {
    const { st, pos: p, end } = this.begin(subject, pos, endpos, budget);
    let start = p;
    let mustAdvance = false;
    for (;;) {
      const at = this.searchFrom(st, start, mustAdvance);
      st.flush();
      if (at < 0) return;
      const m = this.result(st, at, p, end);
      mustAdvance = m.end === at;
      start = m.end;
      yield m;
    }
  }

  /**
   * `Pattern.findall` as spans: per match, the [start, end) of the whole match (no groups), of group 1
   * (one group), or of every group (several), `findallStride()` pairs per row; a group that did not participate
   * is [-1, -1]. The caller slices its own subject (a str subject without astral characters slices its
   * string directly). The copies it will make are paid here, like split's pieces: one step per code
   * point (byte).
   */
  findallSpans(subject: Subject, budget: RegexBudget, pos = 0, endpos?: number): number[] {
    const out: number[] = [];
    const first = this.groups === 0 ? 0 : 1;
    const last = this.groups <= 1 ? first : this.groups;
    for (const m of this.finditer(subject, budget, pos, endpos)) {
      let copied = 0;
      for (let g = first; g <= last; g++) {
        const s = m.spans[2 * g]!;
        const e = s < 0 ? -1 : m.spans[2 * g + 1]!;
        if (s >= 0) copied += e - s;
        out.push(s, e);
      }
      if (copied > 0) budget.charge(copied);
    }
    return out;
  }

  /** Pairs per row of `findallSpans`. */
  findallStride(): number {
    return this.groups <= 1 ? 1 : this.groups;
  }

  /**
   * `Pattern.findall`: per match, the whole match (no groups), group 1 (one group), or every group
   * (several); a group that did not participate gives an empty piece, as in CPython.
   */
  findall(subject: Subject, budget: RegexBudget, pos = 0, endpos?: number): (Subject | Subject[])[] {
    const spans = this.findallSpans(subject, budget, pos, endpos);
    const k = this.findallStride();
    const piece = (i: number): Subject => (spans[i]! < 0 ? subject.slice(0, 0) : subject.slice(spans[i]!, spans[i + 1]!));
    const out: (Subject | Subject[])[] = [];
    for (let r = 0; r < spans.length; r += 2 * k) {
      if (this.groups <= 1) out.push(piece(r));
      else {
        const row: Subject[] = [];
        for (let g = 0; g < k; g++) row.push(piece(r + 2 * g));
        out.push(row);
      }
    }
    return out;
  }

  /** `Pattern.split`: pieces of the subject (copies) and, between them, captured groups (null if unset). */
  split(subject: Subject, budget: RegexBudget, maxsplit = 0): (Subject | null)[] {
    const { st } = this.begin(subject, 0, undefined, budget);
    aInt(maxsplit, "maxsplit");
    const out: (Subject | null)[] = [];
    let last = 0;
    let start = 0;
    let mustAdvance = false;
    let n = 0;
    while (maxsplit === 0 || n < maxsplit) {
      if (maxsplit < 0) break;
      const at = this.searchFrom(st, start, mustAdvance);
      if (at < 0) break;
      const m = this.result(st, at, 0, subject.length);
      st.charge(at - last);
      out.push(subject.slice(last, at));
      for (let g = 1; g <= this.groups; g++) {
        const s = m.spans[2 * g]!;
        const e = m.spans[2 * g + 1]!;
        if (s >= 0) st.charge(e - s);
        out.push(s < 0 ? null : subject.slice(s, e));
      }
      n++;
      mustAdvance = m.end === at;
      last = start = m.end;
    }
    st.charge(subject.length - last);
    st.flush();
    out.push(subject.slice(last));
    return out;
  }

  /** Compiles a `repl` string (code points or bytes) into a template, with CPython's errors. */
  compileTemplate(repl: ArrayLike<number>): Template {
    return parseTemplate(Array.from(repl), this.isBytes, this.groups, this.groupIndex);
  }

  /** `Pattern.subn`: replaces up to `count` matches (0: all); returns the new subject and the count. */
  subn(subject: Subject, repl: Template | ReplaceFn, budget: RegexBudget, count = 0): { result: Subject; n: number } {
    const { st } = this.begin(subject, 0, undefined, budget);
    aInt(count, "count");
    const out: number[] = [];
    const append = (a: ArrayLike<number>, from: number, to: number): void => {
      st.charge(to - from);
      for (let i = from; i < to; i++) out.push(a[i]!);
    };
    let i = 0;
    let n = 0;
    let mustAdvance = false;
    while (count <= 0 ? count === 0 : n < count) {
      const at = this.searchFrom(st, i, mustAdvance);
      if (at < 0) break;
      const m = this.result(st, at, 0, subject.length);
      if (i < at) append(subject, i, at);
      if (typeof repl === "function") {
        st.flush();
        const r = repl(m);
        append(r, 0, r.length);
      } else {
        for (const part of repl.parts) {
          if (typeof part === "number") {
            const s = m.spans[2 * part]!;
            if (s >= 0) append(subject, s, m.spans[2 * part + 1]!);
          } else append(part, 0, part.length);
        }
      }
      i = m.end;
      n++;
      mustAdvance = m.end === at;
    }
    append(subject, i, subject.length);
    st.flush();
    const result = this.isBytes ? Uint8Array.from(out) : Int32Array.from(out);
    return { result, n };
  }

  /** `Pattern.sub`. */
  sub(subject: Subject, repl: Template | ReplaceFn, budget: RegexBudget, count = 0): Subject {
    return this.subn(subject, repl, budget, count).result;
  }
}

/** The pc of a single-character item every match must start with, or -1. */
function firstItemPc(code: Int32Array): number {
  let pc = 1;
  while (code[pc] === Op.MARK) pc += 2;
  const op = code[pc]!;
  if (op >= Op.LITERAL && op <= Op.IN_UI) return pc;
  if ((op === Op.REPEAT_ONE || op === Op.MIN_REPEAT_ONE || op === Op.POSS_REPEAT_ONE) && code[pc + 2]! >= 1) return pc + 4;
  return -1;
}

/**
 * Compiles a pattern: a JS string (str pattern; lone surrogates allowed) or a Uint8Array (bytes
 * pattern), with Python flag bits. Compile work is charged to `budget` when one is given.
 */
export function compile(pattern: string | Uint8Array, flags = 0, budget?: RegexBudget): Pattern {
  aInt(flags, "flags");
  if (typeof pattern !== "string" && !(pattern instanceof Uint8Array)) throw new TypeError("pattern: expected a string or a Uint8Array");
  if (budget !== undefined) aBudget(budget);
  const isBytes = pattern instanceof Uint8Array;
  const cps = isBytes ? Array.from(pattern) : Array.from(toCodePoints(pattern));
  let pending = cps.length;
  // Paid as it accrues (range expansion is charged before it is done), so a costly pattern
  // exhausts the budget before the work rather than after.
  const charge = (n: number): void => {
    pending += n;
    if (budget !== undefined && pending >= 1024) {
      const due = pending;
      pending = 0;
      budget.charge(due);
    }
  };
  try {
    const parsed = parsePattern(cps, flags, isBytes);
    const repeat = parsed.flags & Flag.TEMPLATE ? firstRepeat(parsed.seq) : null;
    if (repeat !== null) throw new RegexError("RE_BAD_PATTERN", `internal: unsupported template operator ${repeat}`, null);
    const program = compileProgram(parsed, charge);
    return new Pattern(program, parsed.flags, parsed.groupIndex, isBytes);
  } finally {
    if (budget !== undefined && pending > 0) budget.charge(pending);
  }
}

/** The sre name of the first repeat in compile order, for the (deprecated) TEMPLATE flag's error. */
function firstRepeat(seq: readonly Node[]): string | null {
  for (const n of seq) {
    let r: string | null = null;
    if (n.op === "repeat") r = n.kind === "max" ? "MAX_REPEAT" : n.kind === "min" ? "MIN_REPEAT" : "POSSESSIVE_REPEAT";
    else if (n.op === "subpattern" || n.op === "atomic" || n.op === "assert") r = firstRepeat(n.body);
    else if (n.op === "branch") for (const alt of n.alts) r ??= firstRepeat(alt);
    else if (n.op === "groupref_exists") r = firstRepeat(n.yes) ?? (n.no === null ? null : firstRepeat(n.no));
    if (r !== null) return r;
  }
  return null;
}

/** `re.escape`: backslash before each character CPython 3.11 escapes. */
// biome-ignore lint/suspicious/noShadowRestrictedNames: re.escape's name, exported as the engine's API (the global escape() is never used here)
export function escape(pattern: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c < 128 && ESCAPED.includes(String.fromCharCode(c))) out.push(0x5c);
    out.push(c);
  }
  return out;
}
const ESCAPED = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f";

/** `Match.expand`: the template filled from a match over `subject` (unmatched groups are empty). */
export function expandTemplate(template: Template, m: MatchResult, subject: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (const part of template.parts) {
    if (typeof part === "number") {
      const s = m.spans[2 * part]!;
      for (let i = s; s >= 0 && i < m.spans[2 * part + 1]!; i++) out.push(subject[i]!);
    } else out.push(...part);
  }
  return out;
}
