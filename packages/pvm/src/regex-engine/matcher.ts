/**
 * The backtracking matcher: sre's semantics (leftmost-first, greedy/lazy repeats with sre's
 * zero-width-iteration rule, captures kept from the last iteration) on an explicit choice stack
 * and an undo trail, so neither pattern nesting nor input length uses the JS call stack.
 *
 * Repeat contexts live in an Int32Array register file; every write goes through `set`, which logs
 * the old value on a trail, and failing back to a choice point undoes the trail to its height.
 * Capture marks follow sre's own model instead, because it is observable: a `lastmark` bounds the
 * valid marks, and each kind of choice point saves and restores lastmark/lastindex, and a snapshot
 * of the marks only where sre takes one (MARK_PUSH: always in repeat iterations, elsewhere only
 * inside a REPEAT). So `(?:(a)|b)++` on "ab" reports group 1 at (1, 1) exactly as CPython does.
 * Atomic groups, possessive repeats and lookarounds push a barrier choice and, on success of their
 * body, cut the choices above it (keeping the trail, which outer choices still need).
 */
import type { CharSet } from "./charset.js";
import { RegexError } from "./errors.js";
import { At, INF, Op } from "./opcodes.js";
import type { Program } from "./compiler.js";
import { asciiLower, isAsciiWord, isUniWord, uniLower } from "./unicode.js";

/** What the matcher charges: `charge(n)` must throw to stop the match (the interpreter's OutOfCycles). */
export interface RegexBudget {
  charge(steps: number): void;
}

/** The subject: code points of a str, or the bytes of a bytes object. */
export type Subject = Int32Array | Uint8Array;

/** Steps are accumulated locally and paid in chunks of this size (and once at the end). */
const CHUNK = 1024;
/** Hard cap on choice-stack plus trail entries (each 4 bytes): 64 MiB. */
export const MAX_BACKTRACK_ENTRIES = 1 << 24;

// Register file layout: then repeat contexts.
const R_CURREP = 0;
const R_REPTOP = 1;
const R_FIRST_REP = 2;
// A repeat context: count, last_ptr, prev context, REPEAT instruction pc.
const REP_SIZE = 4;

// Choice kinds.
const C_ALT = 1;
const C_REPEAT_ONE = 2;
const C_MIN_REPEAT_ONE = 3;
const C_MAX_UNTIL_TAIL = 4;
const C_MIN_UNTIL_MORE = 5;
const C_ATOMIC = 6;
const C_ASSERT = 7;
const C_ASSERT_NOT = 8;
const C_POSS = 9;
// kind, pc, ptr, trail height, a, b, saved lastmark, saved lastindex, mark snapshot (or -1), mark stack height
const CHOICE_SIZE = 10;

function itemMatches(code: Int32Array, sets: readonly CharSet[], pc: number, c: number): boolean {
  switch (code[pc]) {
    case Op.LITERAL:
      return c === code[pc + 1];
    case Op.NOT_LITERAL:
      return c !== code[pc + 1];
    case Op.LITERAL_AI:
      return asciiLower(c) === code[pc + 1];
    case Op.NOT_LITERAL_AI:
      return asciiLower(c) !== code[pc + 1];
    case Op.LITERAL_UI:
      return uniLower(c) === code[pc + 1];
    case Op.NOT_LITERAL_UI:
      return uniLower(c) !== code[pc + 1];
    case Op.ANY:
      return c !== 10;
    case Op.ANY_ALL:
      return true;
    case Op.IN:
      return sets[code[pc + 1]!]!.has(c);
    case Op.IN_AI:
      return sets[code[pc + 1]!]!.has(asciiLower(c));
    case Op.IN_UI:
      return sets[code[pc + 1]!]!.has(uniLower(c));
    default:
      return false;
  }
}

export class MatchState {
  private readonly code: Int32Array;
  private readonly sets: readonly CharSet[];
  readonly text: Subject;
  private readonly budget: RegexBudget;
  /** End of the visible subject (endpos). */
  readonly end: number;
  private regs: Int32Array;
  private readonly marks: Int32Array;
  private lastmark = -1;
  private lastindex = -1;
  private markStack: Int32Array;
  private markTop = 0;
  private choices: Int32Array;
  private choiceTop = 0;
  private trail: Int32Array;
  private trailTop = 0;
  private barrier = -1;
  private steps = 0;
  /** Set by a successful `run`: where the match ended. */
  matchEnd = 0;

  constructor(program: Program, text: Subject, end: number, budget: RegexBudget) {
    this.code = program.code;
    this.sets = program.sets;
    this.text = text;
    this.end = end;
    this.budget = budget;
    this.regs = new Int32Array(R_FIRST_REP + REP_SIZE * 4);
    this.marks = new Int32Array(program.groups * 2);
    this.markStack = new Int32Array(Math.max(16, program.groups * 4));
    this.choices = new Int32Array(CHOICE_SIZE * 16);
    this.trail = new Int32Array(64);
  }

  /** Pays the steps not yet charged. Call once after the last `run`. */
  flush(): void {
    const s = this.steps;
    this.steps = 0;
    if (s > 0) this.budget.charge(s);
  }

  /** Pays `n` steps (paid in chunks as they accumulate). */
  charge(n: number): void {
    this.steps += n;
    if (this.steps >= CHUNK) this.flush();
  }

  /**
   * Writes the spans of groups 1..groups into `spans` (at 2g, 2g+1; -1 when unset) without
   * allocating. Returns false if some span is inverted (start after end).
   */
  fillSpans(spans: Int32Array, groups: number): boolean {
    const marks = this.marks;
    const lastmark = this.lastmark;
    let ok = true;
    for (let g = 1; g <= groups; g++) {
      const j = 2 * (g - 1);
      let st = -1;
      let en = -1;
      if (j + 1 <= lastmark) {
        st = marks[j]!;
        en = marks[j + 1]!;
        if (st < 0 || en < 0) st = en = -1;
        else if (st > en) ok = false;
      }
      spans[2 * g] = st;
      spans[2 * g + 1] = en;
    }
    return ok;
  }

  get lastIndex(): number {
    return this.lastindex;
  }

  private reset(): void {
    this.regs[R_CURREP] = -1;
    this.regs[R_REPTOP] = R_FIRST_REP;
    this.lastmark = -1;
    this.lastindex = -1;
    this.markTop = 0;
    this.choiceTop = 0;
    this.trailTop = 0;
    this.barrier = -1;
  }

  /** sre's MARK: marks between the old lastmark and i become unset. */
  private mark(i: number, ptr: number): void {
    if (i & 1) this.lastindex = (i >> 1) + 1;
    if (i > this.lastmark) {
      this.steps += i - this.lastmark - 1;
      for (let j = this.lastmark + 1; j < i; j++) this.marks[j] = -1;
      this.lastmark = i;
    }
    this.marks[i] = ptr;
  }

  /** Restores lastmark/lastindex saved in a choice, and its mark snapshot if it took one. */
  private restoreMarks(top: number): void {
    const c = this.choices;
    const lm = c[top + 6]!;
    const snap = c[top + 8]!;
    if (snap >= 0) {
      for (let j = 0; j <= lm; j++) this.marks[j] = this.markStack[snap + j]!;
      this.steps += lm + 1;
    }
    this.lastmark = lm;
    this.lastindex = c[top + 7]!;
  }

  /** Removes choices from `top` upward, releasing their mark snapshots. */
  private popTo(top: number): void {
    this.markTop = this.choices[top + 9]!;
    this.choiceTop = top;
  }

  private set(slot: number, value: number): void {
    if (this.trailTop + 2 > this.trail.length) this.trail = this.grow(this.trail, this.trailTop + 2);
    this.trail[this.trailTop++] = slot;
    this.trail[this.trailTop++] = this.regs[slot]!;
    this.regs[slot] = value;
    this.steps++;
  }

  private grow(a: Int32Array, need: number): Int32Array {
    if (this.choices.length + this.trail.length + this.markStack.length + need > MAX_BACKTRACK_ENTRIES) {
      throw new RegexError("RE_BACKTRACK_LIMIT", "regular expression backtracking stack exhausted", null, "MemoryError");
    }
    const b = new Int32Array(Math.max(need, a.length * 2));
    b.set(a);
    return b;
  }

  /** Pushes a choice; `snapshot` copies marks[0..lastmark] (sre's MARK_PUSH). */
  private push(kind: number, pc: number, ptr: number, a: number, b: number, snapshot: boolean): void {
    const top = this.choiceTop;
    if (top + CHOICE_SIZE > this.choices.length) this.choices = this.grow(this.choices, top + CHOICE_SIZE);
    const c = this.choices;
    c[top] = kind;
    c[top + 1] = pc;
    c[top + 2] = ptr;
    c[top + 3] = this.trailTop;
    c[top + 4] = a;
    c[top + 5] = b;
    c[top + 6] = this.lastmark;
    c[top + 7] = this.lastindex;
    c[top + 9] = this.markTop;
    const n = this.lastmark + 1;
    if (snapshot && n > 0) {
      if (this.markTop + n > this.markStack.length) this.markStack = this.grow(this.markStack, this.markTop + n);
      this.markStack.set(this.marks.subarray(0, n), this.markTop);
      c[top + 8] = this.markTop;
      this.markTop += n;
      this.steps += n;
    } else c[top + 8] = -1;
    this.choiceTop = top + CHOICE_SIZE;
    this.steps++;
  }

  private undoTo(height: number): void {
    const t = this.trail;
    const r = this.regs;
    let top = this.trailTop;
    while (top > height) {
      top -= 2;
      r[t[top]!] = t[top + 1]!;
    }
    this.trailTop = top;
  }

  private allocRep(pc: number): number {
    const rep = this.regs[R_REPTOP]!;
    if (rep + REP_SIZE > this.regs.length) {
      const grown = new Int32Array(Math.max(this.regs.length * 2, rep + REP_SIZE));
      grown.set(this.regs);
      this.regs = grown;
      if (this.regs.length > MAX_BACKTRACK_ENTRIES) {
        throw new RegexError("RE_BACKTRACK_LIMIT", "regular expression backtracking stack exhausted", null, "MemoryError");
      }
    }
    this.set(R_REPTOP, rep + REP_SIZE);
    // Fresh slots above the old top: no undo needed, nothing can observe them after backtracking.
    this.regs[rep] = -1;
    this.regs[rep + 1] = -1;
    this.regs[rep + 2] = this.regs[R_CURREP]!;
    this.regs[rep + 3] = pc;
    this.steps += REP_SIZE;
    return rep;
  }

  private isWordAt(i: number, unicode: boolean): boolean {
    const c = this.text[i]!;
    return unicode ? isUniWord(c) : c < 128 && isAsciiWord(c);
  }

  private atMatches(at: number, ptr: number): boolean {
    const end = this.end;
    const text = this.text;
    switch (at) {
      case At.BEGINNING:
        return ptr === 0;
      case At.BEGINNING_LINE:
        return ptr === 0 || text[ptr - 1] === 10;
      case At.END:
        return (end - ptr === 1 && text[ptr] === 10) || ptr === end;
      case At.END_LINE:
        return ptr === end || (ptr < end && text[ptr] === 10);
      case At.END_STRING:
        return ptr === end;
      default: {
        if (end === 0) return false;
        const uni = at === At.UNI_BOUNDARY || at === At.UNI_NON_BOUNDARY;
        const that = ptr > 0 && ptr - 1 < this.text.length ? this.isWordAt(ptr - 1, uni) : false;
        const thisp = ptr < end ? this.isWordAt(ptr, uni) : false;
        return at === At.BOUNDARY || at === At.UNI_BOUNDARY ? thisp !== that : thisp === that;
      }
    }
  }

  /** Compares the text at ptr with group g's capture; returns the new ptr or -1. */
  private groupRef(g: number, ptr: number, fold: number): number {
    const j = 2 * (g - 1);
    if (j >= this.lastmark) return -1;
    const s = this.marks[j]!;
    const e = this.marks[j + 1]!;
    if (s < 0 || e < 0 || e < s) return -1;
    const text = this.text;
    const end = this.end;
    for (let p = s; p < e; p++, ptr++) {
      this.steps++;
      if (ptr >= end) return -1;
      const a = text[ptr]!;
      const b = text[p]!;
      if (fold === 0 ? a !== b : fold === 1 ? asciiLower(a) !== asciiLower(b) : uniLower(a) !== uniLower(b)) return -1;
    }
    return ptr;
  }

  /** Greedy count of single-character items from ptr, at most max (INF: unbounded). */
  private count(itemPc: number, ptr: number, max: number): number {
    const limit = max === INF || max > this.end - ptr ? this.end - ptr : max;
    if (limit <= 0) return 0;
    const code = this.code;
    const text = this.text;
    let n = 0;
    const op = code[itemPc];
    if (op === Op.ANY_ALL) n = limit;
    else if (op === Op.LITERAL) {
      const c = code[itemPc + 1];
      while (n < limit && text[ptr + n] === c) n++;
    } else if (op === Op.ANY) {
      while (n < limit && text[ptr + n] !== 10) n++;
    } else if (op === Op.IN) {
      const set = this.sets[code[itemPc + 1]!]!;
      while (n < limit && set.has(text[ptr + n]!)) n++;
    } else {
      while (n < limit && itemMatches(code, this.sets, itemPc, text[ptr + n]!)) n++;
    }
    this.steps += n + 1;
    return n;
  }

  /**
   * Whether a match could start at ptr, judged by the pattern's first single-character item
   * (`firstPc`, or -1 when the pattern can start with an empty match). Never rejects a real match.
   */
  canStart(firstPc: number, ptr: number): boolean {
    return ptr < this.end && itemMatches(this.code, this.sets, firstPc, this.text[ptr]!);
  }

  /**
   * Tries to match the program at `start`. `matchAll`: the match must end at `end` (fullmatch);
   * `mustAdvance`: an empty match at `start` is rejected (after an empty match in finditer/sub).
   */
  run(start: number, matchAll: boolean, mustAdvance: boolean): boolean {
    this.reset();
    const code = this.code;
    const text = this.text;
    const sets = this.sets;
    const end = this.end;
    let pc = 1;
    let ptr = start;
    for (;;) {
      if (++this.steps >= CHUNK) this.flush();
      switch (code[pc]) {
        case Op.FAILURE: {
          // Backtrack to the most recent choice point.
          if (this.choiceTop === 0) return false;
          const c = this.choices;
          const top = this.choiceTop - CHOICE_SIZE;
          const kind = c[top]!;
          this.undoTo(c[top + 3]!);
          const cpc = c[top + 1]!;
          const cptr = c[top + 2]!;
          const a = c[top + 4]!;
          switch (kind) {
            case C_ALT:
              this.restoreMarks(top);
              this.popTo(top);
              pc = cpc;
              ptr = cptr;
              break;
            case C_REPEAT_ONE: {
              // Give back one character; skip positions where a literal tail cannot start.
              this.restoreMarks(top);
              const min = code[cpc + 2]!;
              const tail = code[cpc + 1]!;
              let n = a - 1;
              let p = cptr - 1;
              if (code[tail] === Op.LITERAL) {
                const lit = code[tail + 1];
                while (n >= min && (p >= end || text[p] !== lit)) {
                  n--;
                  p--;
                  this.steps++;
                }
              }
              if (n < min) {
                this.popTo(top);
                pc = 0;
                break;
              }
              c[top + 2] = p;
              c[top + 4] = n;
              pc = tail;
              ptr = p;
              break;
            }
            case C_MIN_REPEAT_ONE: {
              this.restoreMarks(top);
              const max = code[cpc + 3]!;
              this.steps++;
              if ((max !== INF && a >= max) || cptr >= end || !itemMatches(code, sets, cpc + 4, text[cptr]!)) {
                this.popTo(top);
                pc = 0;
                break;
              }
              c[top + 2] = cptr + 1;
              c[top + 4] = a + 1;
              pc = code[cpc + 1]!;
              ptr = cptr + 1;
              break;
            }
            case C_MAX_UNTIL_TAIL:
              // Another iteration failed: the repeat ends here and the tail runs.
              this.restoreMarks(top);
              this.popTo(top);
              this.set(R_CURREP, this.regs[a + 2]!);
              pc = cpc + 1;
              ptr = cptr;
              break;
            case C_MIN_UNTIL_MORE: {
              // The tail failed: try one more iteration.
              this.restoreMarks(top);
              this.popTo(top);
              const count = c[top + 5]!;
              const max = code[this.regs[a + 3]! + 3]!;
              if ((max !== INF && count >= max) || cptr === this.regs[a + 1]) {
                pc = 0;
                break;
              }
              this.set(a, count);
              this.set(a + 1, cptr);
              pc = this.regs[a + 3]! + 4;
              ptr = cptr;
              break;
            }
            case C_ASSERT_NOT:
              // The negated body failed: the assertion holds.
              this.restoreMarks(top);
              this.popTo(top);
              this.barrier = a;
              pc = cpc;
              ptr = cptr;
              break;
            case C_POSS: {
              // An iteration failed: below the minimum the repeat fails, else the tail runs.
              this.popTo(top);
              this.barrier = a;
              if (c[top + 5]! < code[cpc + 2]!) {
                pc = 0;
                break;
              }
              this.restoreMarks(top);
              pc = code[cpc + 1]!;
              ptr = cptr;
              break;
            }
            default:
              // C_ATOMIC, C_ASSERT: the body failed, so does the construct.
              this.popTo(top);
              this.barrier = a;
              pc = 0;
              break;
          }
          break;
        }
        case Op.SUCCESS:
          if ((matchAll && ptr !== end) || (mustAdvance && ptr === start)) {
            pc = 0;
            break;
          }
          this.matchEnd = ptr;
          return true;
        case Op.SUB_SUCCESS: {
          const b = this.barrier;
          const c = this.choices;
          const kind = c[b]!;
          const cpc = c[b + 1]!;
          const cptr = c[b + 2]!;
          this.barrier = c[b + 4]!;
          this.popTo(b);
          if (kind === C_ATOMIC) pc = cpc;
          else if (kind === C_ASSERT) {
            pc = cpc;
            ptr = cptr;
          } else if (kind === C_ASSERT_NOT) pc = 0;
          else {
            // C_POSS: one more iteration matched.
            const done = c[b + 5]!;
            const count = done + 1;
            const min = code[cpc + 2]!;
            const max = code[cpc + 3]!;
            if (done >= min && ptr === cptr) pc = code[cpc + 1]!;
            else if (count < min || max === INF || count < max) {
              // Optional iterations save the marks (sre's MARK_PUSH); required ones do not.
              this.push(C_POSS, cpc, ptr, this.barrier, count, count >= min);
              this.barrier = this.choiceTop - CHOICE_SIZE;
              pc = cpc + 4;
            } else pc = code[cpc + 1]!;
          }
          break;
        }
        case Op.LITERAL:
          if (ptr >= end || text[ptr] !== code[pc + 1]) pc = 0;
          else {
            ptr++;
            pc += 2;
          }
          break;
        case Op.NOT_LITERAL:
        case Op.LITERAL_AI:
        case Op.NOT_LITERAL_AI:
        case Op.LITERAL_UI:
        case Op.NOT_LITERAL_UI:
        case Op.IN:
        case Op.IN_AI:
        case Op.IN_UI:
          if (ptr >= end || !itemMatches(code, sets, pc, text[ptr]!)) pc = 0;
          else {
            ptr++;
            pc += 2;
          }
          break;
        case Op.ANY:
          if (ptr >= end || text[ptr] === 10) pc = 0;
          else {
            ptr++;
            pc++;
          }
          break;
        case Op.ANY_ALL:
          if (ptr >= end) pc = 0;
          else {
            ptr++;
            pc++;
          }
          break;
        case Op.AT:
          pc = this.atMatches(code[pc + 1]!, ptr) ? pc + 2 : 0;
          break;
        case Op.MARK: {
          const i = code[pc + 1]!;
          this.mark(i, ptr);
          pc += 2;
          break;
        }
        case Op.JUMP:
          pc = code[pc + 1]!;
          break;
        case Op.SPLIT:
          // Like sre's BRANCH, skip an alternative whose first literal cannot match here.
          if (code[pc + 2] === Op.LITERAL && (ptr >= end || text[ptr] !== code[pc + 3])) {
            pc = code[pc + 1]!;
            break;
          }
          this.push(C_ALT, code[pc + 1]!, ptr, 0, 0, this.regs[R_CURREP] !== -1);
          pc += 2;
          break;
        case Op.REPEAT_ONE: {
          const min = code[pc + 2]!;
          if (min > end - ptr) {
            pc = 0;
            break;
          }
          const n = this.count(pc + 4, ptr, code[pc + 3]!);
          if (n < min) {
            pc = 0;
            break;
          }
          if (n > min) this.push(C_REPEAT_ONE, pc, ptr + n, n, 0, this.regs[R_CURREP] !== -1);
          ptr += n;
          pc = code[pc + 1]!;
          break;
        }
        case Op.MIN_REPEAT_ONE: {
          const min = code[pc + 2]!;
          if (min > end - ptr) {
            pc = 0;
            break;
          }
          let n = 0;
          if (min > 0) {
            n = this.count(pc + 4, ptr, min);
            if (n < min) {
              pc = 0;
              break;
            }
          }
          ptr += n;
          this.push(C_MIN_REPEAT_ONE, pc, ptr, n, 0, this.regs[R_CURREP] !== -1);
          pc = code[pc + 1]!;
          break;
        }
        case Op.POSS_REPEAT_ONE: {
          const min = code[pc + 2]!;
          if (min > end - ptr) {
            pc = 0;
            break;
          }
          const n = this.count(pc + 4, ptr, code[pc + 3]!);
          if (n < min) {
            pc = 0;
            break;
          }
          ptr += n;
          pc = code[pc + 1]!;
          break;
        }
        case Op.REPEAT: {
          const rep = this.allocRep(pc);
          this.set(R_CURREP, rep);
          pc = code[pc + 1]!;
          break;
        }
        case Op.MAX_UNTIL: {
          const rep = this.regs[R_CURREP]!;
          const rpc = this.regs[rep + 3]!;
          const count = this.regs[rep]! + 1;
          const max = code[rpc + 3]!;
          if (count < code[rpc + 2]!) {
            this.set(rep, count);
            pc = rpc + 4;
          } else if ((max === INF || count < max) && ptr !== this.regs[rep + 1]) {
            this.push(C_MAX_UNTIL_TAIL, pc, ptr, rep, 0, true);
            this.set(rep, count);
            this.set(rep + 1, ptr);
            pc = rpc + 4;
          } else {
            this.set(R_CURREP, this.regs[rep + 2]!);
            pc++;
          }
          break;
        }
        case Op.MIN_UNTIL: {
          const rep = this.regs[R_CURREP]!;
          const rpc = this.regs[rep + 3]!;
          const count = this.regs[rep]! + 1;
          if (count < code[rpc + 2]!) {
            this.set(rep, count);
            pc = rpc + 4;
          } else {
            this.push(C_MIN_UNTIL_MORE, pc, ptr, rep, count, this.regs[rep + 2] !== -1);
            this.set(R_CURREP, this.regs[rep + 2]!);
            pc++;
          }
          break;
        }
        case Op.POSS_REPEAT: {
          const min = code[pc + 2]!;
          const max = code[pc + 3]!;
          if (min > 0 || max === INF || max > 0) {
            this.push(C_POSS, pc, ptr, this.barrier, 0, min === 0);
            this.barrier = this.choiceTop - CHOICE_SIZE;
            pc += 4;
          } else pc = code[pc + 1]!;
          break;
        }
        case Op.ATOMIC:
          this.push(C_ATOMIC, code[pc + 1]!, ptr, this.barrier, 0, false);
          this.barrier = this.choiceTop - CHOICE_SIZE;
          pc += 2;
          break;
        case Op.ASSERT: {
          const back = code[pc + 2]!;
          if (ptr < back) {
            pc = 0;
            break;
          }
          this.push(C_ASSERT, code[pc + 1]!, ptr, this.barrier, 0, false);
          this.barrier = this.choiceTop - CHOICE_SIZE;
          ptr -= back;
          pc += 3;
          break;
        }
        case Op.ASSERT_NOT: {
          const back = code[pc + 2]!;
          if (ptr < back) {
            pc = code[pc + 1]!;
            break;
          }
          this.push(C_ASSERT_NOT, code[pc + 1]!, ptr, this.barrier, 0, this.regs[R_CURREP] !== -1);
          this.barrier = this.choiceTop - CHOICE_SIZE;
          ptr -= back;
          pc += 3;
          break;
        }
        case Op.GROUPREF:
        case Op.GROUPREF_AI:
        case Op.GROUPREF_UI: {
          const op = code[pc];
          const p = this.groupRef(code[pc + 1]!, ptr, op === Op.GROUPREF ? 0 : op === Op.GROUPREF_AI ? 1 : 2);
          if (p < 0) pc = 0;
          else {
            ptr = p;
            pc += 2;
          }
          break;
        }
        case Op.GROUPREF_EXISTS: {
          const g = code[pc + 1]!;
          const j = 2 * (g - 1);
          const s = j >= this.lastmark ? -1 : this.marks[j]!;
          const e = j >= this.lastmark ? -1 : this.marks[j + 1]!;
          pc = s < 0 || e < 0 || e < s ? code[pc + 2]! : pc + 3;
          break;
        }
        default:
          throw new Error(`re: corrupt program at ${pc}`);
      }
    }
  }
}
