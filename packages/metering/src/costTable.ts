// The consensus cost table, version 1. Every number here is consensus-critical: changing one is a
// hard fork, so the table is exported as JSON (test-vectors/metering/cost-table-v1.json) and a test
// pins the file to this code. Sources: technical spec §3.5 and §17.2-17.3 (they win), CIP-3 §2.2.1
// for what the spec leaves open, and cips/metering.md for our own decisions.

/** A cost of the form `base + perUnit * ceil(units / unitSize)`. */
export interface LinearCost {
  readonly base: bigint;
  readonly perUnit: bigint;
  /** Units are grouped into chunks of this size (1 = per unit, 64 = per started 64-byte block). */
  readonly unitSize: bigint;
}

function linear(base: number, perUnit: number, unitSize = 1): LinearCost {
  return Object.freeze({ base: BigInt(base), perUnit: BigInt(perUnit), unitSize: BigInt(unitSize) });
}

/** Interpreter operation classes (CIP-3 §2.2.1, spec §3.5; opcode costs are ours per §17.3). */
export const PVM_OPS_V1 = Object.freeze({
  /** One simple statement or expression node with no costlier class: load, store, compare, jump. */
  step: linear(1, 0),
  /** +, -, *, /, //, %, unary ops, bitwise ops, comparisons on small ints and floats. */
  arithmetic: linear(1, 0),
  /** Arithmetic on ints wider than 64 bits: base + max(bitlen)/64 (CIP-3 large integers). */
  bigIntArithmetic: linear(1, 1, 64),
  /** A binary int operation with an operand wider than a JS safe integer: the bigint result's allocation and conversions. */
  bigIntOp: linear(3, 0),
  /** Calling any Python function, method, class or builtin. */
  call: linear(10, 0),
  /** Dict lookup, store, delete, membership; attribute get/set on an instance (a dict access). */
  dictAccess: linear(3, 0),
  /** List/tuple index, store, append, pop from the end. */
  listAccess: linear(2, 0),
  /** String operations: 1 cycle per character produced or scanned. */
  stringPerChar: linear(0, 1),
  /** Copying or scanning a container (concatenation, slicing, repetition, comparison): per element. */
  containerPerElement: linear(0, 1),
  /** Builtins that iterate (sum, min, max, sorted, any, all, list(), …): per element visited. */
  builtinPerElement: linear(0, 1),
  /** Sorting: per element per comparison round, charged as n * ceil(log2 n) comparisons. */
  sortCompare: linear(0, 1),
  /** hash() of a str or bytes: per started 2 characters or bytes (tuples and frozensets: containerPerElement per item). */
  hashing: linear(0, 1, 2),
  /** Comparing str or bytes (==, <, sorting): per full 16 characters or bytes of the shorter operand. */
  compareBytes: linear(0, 1, 16),
  /** Each new key stored in a dict, set or frozenset (on top of the operation's own cost): table growth and an entry. */
  tableInsert: linear(4, 0),
  /** A new key stored in a table already holding `largeThresholds.tableKeys` keys: on top of tableInsert. */
  largeTableInsert: linear(16, 0),
  /** A key looked up in, written over in or deleted from a table already holding `largeThresholds.tableKeys` keys: once per doubling past it (floor(log2(size / tableKeys)) + 1). */
  largeTableProbe: linear(1, 0),
  /** pow(a, e, m), per bit of e: base + perUnit * words * ceil(words / 8), words = the widest operand's 64-bit words. */
  modPowPerBit: linear(8, 2),
  /** Allocating any object (instance, closure, container header). */
  allocation: linear(2, 0),
  /** One accounted allocation of `largeThresholds.allocationBytes` or more: per started 2 bytes of it. */
  largeAllocation: linear(0, 1, 2),
  /** `raise` (explicit or from a failing operation). */
  raise: linear(50, 0),
  /** Entering a `try` block. */
  tryEnter: linear(5, 0),
  /** Jumping into an `except` handler. */
  except: linear(10, 0),
  /** Running a `finally` block. */
  finally: linear(5, 0),
  /** Entering a `with` block (plus the calls of __enter__/__exit__). */
  withEnter: linear(5, 0),
  /** First import of a module in this call (plus the module's own execution). */
  importFirst: linear(100, 0),
  /** Importing an already imported module. */
  importCached: linear(5, 0),
  /** Importing a module that is not on the whitelist (then ImportError). */
  importFailed: linear(50, 0),
  /** str.encode / bytes.decode (UTF-8, strict): 10 + len(input). */
  encodeDecode: linear(10, 1),
  /** Canonical serialization of a value: 20 + total bytes. */
  serialize: linear(20, 1),
  /** Defining a class (building its MRO and namespace). */
  classDef: linear(50, 0),
  /** Resuming a generator or coroutine. */
  generatorResume: linear(5, 0),
});

/** Host (actor API) call costs, spec §17.3 and §3.5. */
export const HOST_OPS_V1 = Object.freeze({
  storageRead: linear(100, 0),
  storageWrite: linear(200, 0),
  storageDelete: linear(200, 0),
  sendMessage: linear(80, 0),
  callActor: linear(80, 0),
  timerSet: linear(200, 0),
  timerCancel: linear(200, 0),
  getBlockInfo: linear(100, 0),
  /** Reading the message context (sender, value, own address, origin, depth): a plain call. */
  messageContext: linear(10, 0),
  /** Balance of an address (priced as the spec's token_balance_of). */
  balanceOf: linear(100, 0),
  /** Value transfer from an actor (priced as the spec's token_transfer; 64 Cells are charged too). */
  transfer: linear(1000, 0),
  /** 500 + 5 per byte of event data. */
  emitEvent: linear(500, 5),
  blobCommitPerKiB: linear(0, 40, 1024),
  ed25519Verify: linear(5000, 0),
  secp256k1Verify: linear(10000, 0),
  blsVerify: linear(8000, 0),
  hkdfRandomness: linear(1000, 0),
  /** 500 + 8 per started 64-byte block. */
  sha256: linear(500, 8, 64),
  /** 6 per started 32-byte word. */
  keccak256: linear(0, 6, 32),
  /**
   * eth.verify_typed_data (cips/interop.md "Cost"): one secp256k1 recovery (10,000) plus keccak256's 6 per started
   * 32-byte word of everything EIP-712 hashes; the arguments' canonical serialization is charged on top (20 + 1/byte).
   */
  ethVerifyTypedData: linear(10000, 6, 32),
});

/** Intrinsic costs charged before execution (spec §17.2); cells of `perByte` kinds use the size. */
export interface IntrinsicCost {
  readonly cycles: bigint;
  /** Fixed cells, added to the size-dependent part (code size, calldata size, prompt size). */
  readonly cells: bigint;
  /** Whether the transaction's payload size is added to its Cells. */
  readonly cellsPerPayloadByte: bigint;
}

function intrinsic(cycles: number, cells: number, perByte: number): IntrinsicCost {
  return Object.freeze({ cycles: BigInt(cycles), cells: BigInt(cells), cellsPerPayloadByte: BigInt(perByte) });
}

export const INTRINSIC_V1 = Object.freeze({
  transfer: intrinsic(21_000, 0, 0),
  deploy: intrinsic(100_000, 0, 1),
  actorMessage: intrinsic(21_000, 0, 1),
  llmRequest: intrinsic(10_000, 0, 1),
  timerSchedule: intrinsic(5_000, 64, 0),
});

export type PvmOp = keyof typeof PVM_OPS_V1;
export type HostOp = keyof typeof HOST_OPS_V1;
export type IntrinsicKind = keyof typeof INTRINSIC_V1;

export interface CostTable {
  readonly version: number;
  readonly pvm: Readonly<Record<PvmOp, LinearCost>>;
  readonly host: Readonly<Record<HostOp, LinearCost>>;
  readonly intrinsic: Readonly<Record<IntrinsicKind, IntrinsicCost>>;
  /** Maximum width of a Python int, in bits (CIP-3). */
  readonly maxIntBits: number;
  /** Per-call memory limit in bytes (spec §3.2). */
  readonly memoryLimitBytes: number;
  /** Maximum Python call depth (ours; see cips/pvm.md). */
  readonly recursionLimit: number;
  /** Where largeTableInsert, largeTableProbe and largeAllocation start (cips/metering.md "Large containers"). */
  readonly large: { readonly tableKeys: number; readonly allocationBytes: number };
}

export const COST_TABLE_V1: CostTable = Object.freeze({
  version: 1,
  pvm: PVM_OPS_V1,
  host: HOST_OPS_V1,
  intrinsic: INTRINSIC_V1,
  maxIntBits: 4096,
  memoryLimitBytes: 10 * 1024 * 1024,
  recursionLimit: 256,
  large: Object.freeze({ tableKeys: 4096, allocationBytes: 65536 }),
});

/** `base + perUnit * ceil(units / unitSize)`; units must be a non-negative integer. */
export function linearCost(cost: LinearCost, units: bigint | number = 0n): bigint {
  const n = typeof units === "bigint" ? units : BigInt(units);
  if (n < 0n) throw new RangeError(`units must be non-negative, got ${n}`);
  if (cost.perUnit === 0n || n === 0n) return cost.base;
  return cost.base + cost.perUnit * ((n + cost.unitSize - 1n) / cost.unitSize);
}

/** Intrinsic (cycles, cells) of a transaction kind with a payload of `payloadBytes` bytes. */
export function intrinsicCost(kind: IntrinsicKind, payloadBytes: bigint | number = 0n, table: CostTable = COST_TABLE_V1): { cycles: bigint; cells: bigint } {
  const c = table.intrinsic[kind];
  if (c === undefined) throw new RangeError(`unknown intrinsic kind ${String(kind)}`);
  const n = typeof payloadBytes === "bigint" ? payloadBytes : BigInt(payloadBytes);
  if (n < 0n) throw new RangeError(`payloadBytes must be non-negative, got ${n}`);
  return { cycles: c.cycles, cells: c.cells + c.cellsPerPayloadByte * n };
}

/** The table as plain JSON (bigints as decimal strings), the format of cost-table-v1.json. */
export function costTableToJson(table: CostTable = COST_TABLE_V1): unknown {
  const lin = (r: Readonly<Record<string, LinearCost>>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, { base: v.base.toString(), perUnit: v.perUnit.toString(), unitSize: v.unitSize.toString() }]));
  return {
    version: table.version,
    maxIntBits: table.maxIntBits,
    memoryLimitBytes: table.memoryLimitBytes,
    recursionLimit: table.recursionLimit,
    large: { tableKeys: table.large.tableKeys, allocationBytes: table.large.allocationBytes },
    pvm: lin(table.pvm),
    host: lin(table.host),
    intrinsic: Object.fromEntries(
      Object.entries(table.intrinsic).map(([k, v]) => [k, { cycles: v.cycles.toString(), cells: v.cells.toString(), cellsPerPayloadByte: v.cellsPerPayloadByte.toString() }]),
    ),
  };
}
