// The fixed Cycle costs of the PVM's operations (COST_TABLE_V1.pvm, cips/metering.md) as plain
// numbers, read on every basic block. The compiler charges them per block (compiler/cost.ts adds
// them up over the AST); native stdlib loops charge them per element; modules.ts per import.
import { COST_TABLE_V1 } from "@cowboy/metering";

const P = COST_TABLE_V1.pvm;
const HASH_PER = Number(P.hashing.perUnit);
const HASH_UNIT = Number(P.hashing.unitSize);
const CMP_PER = Number(P.compareBytes.perUnit);
const CMP_UNIT = Number(P.compareBytes.unitSize);
const LARGE_ALLOC_PER = Number(P.largeAllocation.perUnit);
const LARGE_ALLOC_UNIT = Number(P.largeAllocation.unitSize);
const MODPOW_BASE = Number(P.modPowPerBit.base);
const MODPOW_PER = Number(P.modPowPerBit.perUnit);
export const C = {
  step: Number(P.step.base),
  arith: Number(P.arithmetic.base),
  call: Number(P.call.base),
  dict: Number(P.dictAccess.base),
  list: Number(P.listAccess.base),
  alloc: Number(P.allocation.base),
  raise: Number(P.raise.base),
  tryEnter: Number(P.tryEnter.base),
  except: Number(P.except.base),
  finally: Number(P.finally.base),
  withEnter: Number(P.withEnter.base),
  importFirst: Number(P.importFirst.base),
  importCached: Number(P.importCached.base),
  importFailed: Number(P.importFailed.base),
  classDef: Number(P.classDef.base),
  genResume: Number(P.generatorResume.base),
  /** Ordering or comparing `n` characters or bytes of a str or bytes (compareBytes: per full chunk). */
  compareUnits: (n: number): number => CMP_PER * Math.floor(n / CMP_UNIT),
  compareChunk: Number(P.compareBytes.unitSize),
  /** Each new key stored in a dict or set table (tableInsert). */
  tableInsert: Number(P.tableInsert.base),
  /** A new key stored in a table that already holds `largeTableKeys` keys (on top of tableInsert). */
  largeTableInsert: Number(P.largeTableInsert.base),
  /** A key looked up in, written over in or deleted from a table that holds `largeTableKeys` keys: per doubling past it. */
  largeTableProbe: Number(P.largeTableProbe.base),
  largeTableKeys: COST_TABLE_V1.large.tableKeys,
  /** An accounted allocation of `largeAllocationBytes` or more: per started `unitSize` bytes. */
  largeAllocationBytes: COST_TABLE_V1.large.allocationBytes,
  largeAllocation: (bytes: number): number => LARGE_ALLOC_PER * Math.ceil(bytes / LARGE_ALLOC_UNIT),
  /** pow(a, e, m) per bit of e, for operands of `words` 64-bit words (modPowPerBit). */
  modPowBit: (words: number): number => MODPOW_BASE + MODPOW_PER * words * Math.ceil(words / 8),
  /** A binary int operation with a bigint operand, on top of its words (bigIntOp). */
  bigIntOp: Number(P.bigIntOp.base),
  /** Per element copied, compared or visited by a container operation (containerPerElement). */
  elem: Number(P.containerPerElement.perUnit),
  /** hash() of a str or bytes of `n` characters or bytes (hashing: per started 2). */
  hashBytes: (n: number): number => HASH_PER * Math.ceil(n / HASH_UNIT),
};

/**
 * The live-heap recount (cips/pvm.md, "Memory accounting"): Cycles per recount and per object or
 * distinct string it visits. PVM-local, like the recount itself; they are charged only by a call
 * whose memory counter reaches its budget.
 */
export const RECOUNT_CYCLES = { base: 100, perVisit: 2 } as const;
