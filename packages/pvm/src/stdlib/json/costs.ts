/** Cycles and bytes charged by json on top of the call itself (cips/pvm-stdlib-data.md §2). */
export const JSON_COSTS = Object.freeze({
  /** Fixed cost of one loads/dumps call. */
  call: 20,
  /** Per UTF-16 code unit of the document read by loads. */
  perInputChar: 1,
  /** Per character of text produced by dumps (separators, indentation and escapes included). */
  perOutputChar: 1,
  /** Per array element or object member decoded or encoded. */
  perMember: 2,
  /** Bytes accounted for each list/dict built by loads (plus 8 per list slot). */
  containerBytes: 56,
});
