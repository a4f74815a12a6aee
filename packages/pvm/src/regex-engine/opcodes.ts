/**
 * The engine's instruction set. A program is an Int32Array; operands follow the opcode. Jump
 * targets are absolute offsets. Index 0 always holds FAILURE, so "fail" is "jump to 0".
 */
// biome-ignore lint/suspicious/noConstEnum: inlined by tsc and esbuild in the matcher's hot loop; a plain enum would change the emitted code
export const enum Op {
  FAILURE = 0,
  SUCCESS = 1,
  /** Ends the body of an atomic group, possessive repeat or lookaround. */
  SUB_SUCCESS = 2,
  LITERAL = 3, // c
  NOT_LITERAL = 4, // c
  LITERAL_AI = 5, // lower(c), ASCII folding
  NOT_LITERAL_AI = 6,
  LITERAL_UI = 7, // lower(c), Unicode folding
  NOT_LITERAL_UI = 8,
  ANY = 9,
  ANY_ALL = 10,
  IN = 11, // set index
  IN_AI = 12,
  IN_UI = 13,
  AT = 14, // At code
  MARK = 15, // mark index
  JUMP = 16, // target
  SPLIT = 17, // target of the next alternative
  REPEAT_ONE = 18, // tail, min, max, item...
  MIN_REPEAT_ONE = 19,
  POSS_REPEAT_ONE = 20,
  REPEAT = 21, // until pc, min, max, body..., MAX_UNTIL|MIN_UNTIL
  MAX_UNTIL = 22,
  MIN_UNTIL = 23,
  POSS_REPEAT = 24, // end pc, min, max, body..., SUB_SUCCESS
  ATOMIC = 25, // end pc, body..., SUB_SUCCESS
  ASSERT = 26, // end pc, back, body..., SUB_SUCCESS
  ASSERT_NOT = 27, // end pc, back, body..., SUB_SUCCESS
  GROUPREF = 28, // group
  GROUPREF_AI = 29,
  GROUPREF_UI = 30,
  GROUPREF_EXISTS = 31, // group, no pc
}

// biome-ignore lint/suspicious/noConstEnum: inlined by tsc and esbuild in the matcher's hot loop; a plain enum would change the emitted code
export const enum At {
  BEGINNING = 0,
  BEGINNING_LINE = 1,
  END = 2,
  END_LINE = 3,
  END_STRING = 4,
  BOUNDARY = 5,
  NON_BOUNDARY = 6,
  UNI_BOUNDARY = 7,
  UNI_NON_BOUNDARY = 8,
}

/** An unbounded repeat's max in the program. */
export const INF = -1;
