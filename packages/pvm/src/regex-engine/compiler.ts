/**
 * AST to program, making sre_compile's choices: which repeat form (single-character repeats get the
 * fast REPEAT_ONE family), which case-insensitive form, how sets are folded.
 */
import { type AtCode, Flag, MAXREPEAT, type Node, type ParsedPattern, type Seq, seqWidth } from "./ast.js";
import { type CharSet, type FoldRules, buildCharSet } from "./charset.js";
import { At, INF, Op } from "./opcodes.js";
import { asciiIsCased, asciiLower, extraCases, uniIsCased, uniLower } from "./unicode.js";

const TYPE_FLAGS = Flag.ASCII | Flag.LOCALE | Flag.UNICODE;
const INT_CAP = 0x7fffffff;

const ASCII_FOLD: FoldRules = { lower: asciiLower, isCased: asciiIsCased, extra: null };
const UNI_FOLD: FoldRules = { lower: uniLower, isCased: uniIsCased, extra: extraCases };

export interface Program {
  readonly code: Int32Array;
  readonly sets: readonly CharSet[];
  /** Number of capturing groups; marks are 2 per group. */
  readonly groups: number;
}

function combineFlags(flags: number, add: number, del: number): number {
  if (add & TYPE_FLAGS) flags &= ~TYPE_FLAGS;
  return (flags | add) & ~del;
}

function isSimple(seq: Seq): boolean {
  if (seq.length !== 1) return false;
  const n = seq[0]!;
  if (n.op === "subpattern") return n.group === null && isSimple(n.body);
  return n.op === "literal" || n.op === "not_literal" || n.op === "any" || n.op === "in";
}

function atCode(at: AtCode, flags: number): At {
  const multiline = (flags & Flag.MULTILINE) !== 0;
  const unicode = (flags & Flag.UNICODE) !== 0;
  switch (at) {
    case "beginning":
      return multiline ? At.BEGINNING_LINE : At.BEGINNING;
    case "beginning_string":
      return At.BEGINNING;
    case "end":
      return multiline ? At.END_LINE : At.END;
    case "end_string":
      return At.END_STRING;
    case "boundary":
      return unicode ? At.UNI_BOUNDARY : At.BOUNDARY;
    case "non_boundary":
      return unicode ? At.UNI_NON_BOUNDARY : At.NON_BOUNDARY;
  }
}

class Emitter {
  readonly code: number[] = [0 /* FAILURE at index 0 */];
  readonly sets: CharSet[] = [];
  constructor(
    private readonly parsed: ParsedPattern,
    private readonly charge: (n: number) => void,
  ) {}

  private fold(flags: number): FoldRules | null {
    if (!(flags & Flag.IGNORECASE)) return null;
    return flags & Flag.UNICODE ? UNI_FOLD : ASCII_FOLD;
  }

  private emitSet(items: Parameters<typeof buildCharSet>[0], flags: number, fold: FoldRules | null): void {
    const { set, hasCased } = buildCharSet(items, fold, (flags & Flag.UNICODE) !== 0, this.charge);
    this.sets.push(set);
    const op = !hasCased ? Op.IN : fold === UNI_FOLD ? Op.IN_UI : Op.IN_AI;
    this.code.push(op, this.sets.length - 1);
  }

  private literal(n: { op: "literal" | "not_literal"; c: number }, flags: number): void {
    const not = n.op === "not_literal";
    const fold = this.fold(flags);
    if (fold === null || !fold.isCased(n.c)) {
      this.code.push(not ? Op.NOT_LITERAL : Op.LITERAL, n.c);
      return;
    }
    const lo = fold.lower(n.c);
    if (fold === ASCII_FOLD) {
      this.code.push(not ? Op.NOT_LITERAL_AI : Op.LITERAL_AI, lo);
      return;
    }
    const extra = extraCases(lo);
    if (extra.length === 0) {
      this.code.push(not ? Op.NOT_LITERAL_UI : Op.LITERAL_UI, lo);
      return;
    }
    // sre emits IN_UNI_IGNORE over the folded literal and its extra cases.
    const items = [...(not ? [{ t: "negate" as const }] : []), { t: "literal" as const, c: lo }, ...extra.map((c) => ({ t: "literal" as const, c }))];
    const { set } = buildCharSet(items, null, true, this.charge);
    this.sets.push(set);
    this.code.push(Op.IN_UI, this.sets.length - 1);
  }

  seq(seq: Seq, flags: number): void {
    for (const n of seq) this.node(n, flags);
  }

  private node(n: Node, flags: number): void {
    const code = this.code;
    this.charge(1);
    switch (n.op) {
      case "literal":
      case "not_literal":
        this.literal(n, flags);
        break;
      case "in":
        this.emitSet(n.items, flags, this.fold(flags));
        break;
      case "any":
        code.push(flags & Flag.DOTALL ? Op.ANY_ALL : Op.ANY);
        break;
      case "repeat": {
        const min = Math.min(n.min, INT_CAP);
        const max = n.max === MAXREPEAT ? INF : Math.min(n.max, INT_CAP);
        const at = code.length;
        if (isSimple(n.body)) {
          code.push(n.kind === "max" ? Op.REPEAT_ONE : n.kind === "min" ? Op.MIN_REPEAT_ONE : Op.POSS_REPEAT_ONE, 0, min, max);
          this.seq(n.body, flags);
          code[at + 1] = code.length;
        } else if (n.kind === "possessive") {
          code.push(Op.POSS_REPEAT, 0, min, max);
          this.seq(n.body, flags);
          code.push(Op.SUB_SUCCESS);
          code[at + 1] = code.length;
        } else {
          code.push(Op.REPEAT, 0, min, max);
          this.seq(n.body, flags);
          code[at + 1] = code.length;
          code.push(n.kind === "max" ? Op.MAX_UNTIL : Op.MIN_UNTIL);
        }
        break;
      }
      case "subpattern": {
        if (n.group !== null) code.push(Op.MARK, (n.group - 1) * 2);
        this.seq(n.body, combineFlags(flags, n.addFlags, n.delFlags));
        if (n.group !== null) code.push(Op.MARK, (n.group - 1) * 2 + 1);
        break;
      }
      case "atomic": {
        const at = code.length;
        code.push(Op.ATOMIC, 0);
        this.seq(n.body, flags);
        code.push(Op.SUB_SUCCESS);
        code[at + 1] = code.length;
        break;
      }
      case "assert": {
        const at = code.length;
        const back = n.behind ? seqWidth(n.body, this.parsed.groupWidths)[0] : 0;
        code.push(n.negate ? Op.ASSERT_NOT : Op.ASSERT, 0, Math.min(back, INT_CAP));
        this.seq(n.body, flags);
        code.push(Op.SUB_SUCCESS);
        code[at + 1] = code.length;
        break;
      }
      case "at":
        code.push(Op.AT, atCode(n.at, flags));
        break;
      case "branch": {
        const jumps: number[] = [];
        n.alts.forEach((alt, i) => {
          const last = i === n.alts.length - 1;
          const split = code.length;
          if (!last) code.push(Op.SPLIT, 0);
          this.seq(alt, flags);
          if (!last) {
            code.push(Op.JUMP, 0);
            jumps.push(code.length - 1);
            code[split + 1] = code.length;
          }
        });
        for (const j of jumps) code[j] = code.length;
        break;
      }
      case "groupref": {
        const op = !(flags & Flag.IGNORECASE) ? Op.GROUPREF : flags & Flag.UNICODE ? Op.GROUPREF_UI : Op.GROUPREF_AI;
        code.push(op, n.group);
        break;
      }
      case "groupref_exists": {
        const at = code.length;
        code.push(Op.GROUPREF_EXISTS, n.group, 0);
        this.seq(n.yes, flags);
        if (n.no !== null) {
          code.push(Op.JUMP, 0);
          const j = code.length - 1;
          code[at + 2] = code.length;
          this.seq(n.no, flags);
          code[j] = code.length;
        } else code[at + 2] = code.length;
        break;
      }
    }
  }
}

/** Compiles a parsed pattern. `charge` pays compile work (one step per node and per expanded set member). */
export function compileProgram(parsed: ParsedPattern, charge: (n: number) => void): Program {
  const e = new Emitter(parsed, charge);
  e.seq(parsed.seq, parsed.flags);
  e.code.push(Op.SUCCESS);
  return { code: Int32Array.from(e.code), sets: e.sets, groups: parsed.groups };
}
