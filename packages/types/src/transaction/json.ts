import { fromHex, toHex, U64_MAX } from "@cowboy/codec";
import { z } from "zod";
import { ADDRESS_LENGTH, HASH_LENGTH, SIGNATURE_LENGTH } from "./constants.js";
import { TransactionError } from "./errors.js";
import { INSTRUCTIONS, type Instruction } from "./instruction.js";
import type { FieldKind } from "./fields.js";
import { createTransaction, type Transaction } from "./transaction.js";

// The JSON form (RPC, CLI, vectors): u64 as decimal strings, bytes as 0x-prefixed lowercase hex,
// null for an absent option, snake_case keys in the spec's field order, every instruction an
// object with a `type`. Parsing is strict: unknown keys, uppercase hex or "007" are refused.

/** A u64 as a decimal string without leading zeros (the JSON form of every u64). */
export const u64String = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/, "expected a decimal u64 string without leading zeros")
  // zod runs every check even after the regex fails: only a decimal string may reach BigInt().
  .refine((s) => !/^(0|[1-9][0-9]*)$/.test(s) || (s.length <= 20 && BigInt(s) <= U64_MAX), "exceeds 2^64-1");

/** Bytes as 0x-prefixed lowercase hex, optionally of an exact length. */
export const hexBytes = (length?: number) =>
  z
    .string()
    .regex(/^0x([0-9a-f]{2})*$/, "expected 0x-prefixed lowercase hex")
    .refine((s) => length === undefined || s.length === 2 + 2 * length, `expected ${length} bytes`);

const KIND_SCHEMAS: Record<FieldKind, z.ZodType<string | null>> = {
  address: hexBytes(ADDRESS_LENGTH),
  hash: hexBytes(HASH_LENGTH),
  amount: u64String,
  uint: u64String,
  bytes: hexBytes(),
  name: z.string(),
  option_address: hexBytes(ADDRESS_LENGTH).nullable(),
  option_uint: u64String.nullable(),
};

function kindFromJson(kind: FieldKind, v: string | null): unknown {
  if (v === null) return null;
  switch (kind) {
    case "amount":
    case "uint":
    case "option_uint":
      return BigInt(v);
    case "name":
      return v;
    default:
      return fromHex(v);
  }
}

function kindToJson(kind: FieldKind, v: unknown): string | null {
  if (v === null) return null;
  switch (kind) {
    case "amount":
    case "uint":
    case "option_uint":
      return (v as bigint).toString();
    case "name":
      return v as string;
    default:
      return `0x${toHex(v as Uint8Array)}`;
  }
}

const instructionSchemas = Object.entries(INSTRUCTIONS).map(([type, spec]) =>
  z.strictObject({
    type: z.literal(type),
    ...Object.fromEntries(spec.fields.map(([, json, kind]) => [json, KIND_SCHEMAS[kind]])),
  }),
);

/** zod schema of an instruction's JSON form. */
export const instructionJsonSchema = z.discriminatedUnion("type", instructionSchemas as [(typeof instructionSchemas)[0], ...typeof instructionSchemas]);

/** zod schema of a transaction's JSON form. */
export const transactionJsonSchema = z.strictObject({
  chain_id: u64String,
  nonce: u64String,
  instruction: instructionJsonSchema,
  cycles_limit: u64String,
  cells_limit: u64String,
  max_fee_per_cycle: u64String,
  max_fee_per_cell: u64String,
  max_priority_fee_per_cycle: u64String,
  max_priority_fee_per_cell: u64String,
  from: hexBytes(ADDRESS_LENGTH),
  access_list: z.null(),
  metadata: hexBytes(),
  origin_tx_hash: hexBytes(HASH_LENGTH).nullable(),
  origin_remaining_cycles: u64String.nullable(),
  origin_remaining_cells: u64String.nullable(),
  signature: hexBytes(SIGNATURE_LENGTH),
  additional_signers: z.array(z.strictObject({ address: hexBytes(ADDRESS_LENGTH), signature: hexBytes(SIGNATURE_LENGTH) })),
});

export type TransactionJson = z.infer<typeof transactionJsonSchema>;
export type InstructionJson = z.infer<typeof instructionJsonSchema>;

/** An instruction's JSON form, keys in wire order after `type`. */
export function instructionToJson(instruction: Instruction): InstructionJson {
  const spec = INSTRUCTIONS[instruction.type];
  const out: Record<string, unknown> = { type: instruction.type };
  const v = instruction as unknown as Record<string, unknown>;
  for (const [name, json, kind] of spec.fields) out[json] = kindToJson(kind, v[name]);
  return out as InstructionJson;
}

function instructionFromParsed(json: InstructionJson): Instruction {
  const spec = INSTRUCTIONS[json.type as keyof typeof INSTRUCTIONS];
  const out: Record<string, unknown> = { type: json.type };
  const j = json as Record<string, string | null>;
  for (const [name, jsonName, kind] of spec.fields) out[name] = kindFromJson(kind, j[jsonName]!);
  return out as unknown as Instruction;
}

function parseOrThrow<T>(schema: z.ZodType<T>, json: unknown, root: string): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.reduce<string>((acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc === "" ? String(p) : `${acc}.${String(p)}`), "");
  throw new TransactionError("INVALID_JSON", issue.message, path === "" ? root : path);
}

/** Parses an instruction's JSON form. */
export function instructionFromJson(json: unknown): Instruction {
  return instructionFromParsed(parseOrThrow(instructionJsonSchema, json, "instruction"));
}

/** The JSON form of a transaction, keys in the spec's field order. */
export function transactionToJson(tx: Transaction): TransactionJson {
  const opt = (v: bigint | null): string | null => (v === null ? null : v.toString());
  return {
    chain_id: tx.chainId.toString(),
    nonce: tx.nonce.toString(),
    instruction: instructionToJson(tx.instruction),
    cycles_limit: tx.cyclesLimit.toString(),
    cells_limit: tx.cellsLimit.toString(),
    max_fee_per_cycle: tx.maxFeePerCycle.toString(),
    max_fee_per_cell: tx.maxFeePerCell.toString(),
    max_priority_fee_per_cycle: tx.maxPriorityFeePerCycle.toString(),
    max_priority_fee_per_cell: tx.maxPriorityFeePerCell.toString(),
    from: `0x${toHex(tx.from)}`,
    access_list: null,
    metadata: `0x${toHex(tx.metadata)}`,
    origin_tx_hash: tx.originTxHash === null ? null : `0x${toHex(tx.originTxHash)}`,
    origin_remaining_cycles: opt(tx.originRemainingCycles),
    origin_remaining_cells: opt(tx.originRemainingCells),
    signature: `0x${toHex(tx.signature)}`,
    additional_signers: tx.additionalSigners.map((s) => ({ address: `0x${toHex(s.address)}`, signature: `0x${toHex(s.signature)}` })),
  };
}

/** Parses a transaction's JSON form; a TransactionError("INVALID_JSON") names the bad field. */
export function transactionFromJson(json: unknown): Transaction {
  const j = parseOrThrow(transactionJsonSchema, json, "transaction");
  const opt = (v: string | null): bigint | null => (v === null ? null : BigInt(v));
  return createTransaction({
    chainId: BigInt(j.chain_id),
    nonce: BigInt(j.nonce),
    instruction: instructionFromParsed(j.instruction),
    cyclesLimit: BigInt(j.cycles_limit),
    cellsLimit: BigInt(j.cells_limit),
    maxFeePerCycle: BigInt(j.max_fee_per_cycle),
    maxFeePerCell: BigInt(j.max_fee_per_cell),
    maxPriorityFeePerCycle: BigInt(j.max_priority_fee_per_cycle),
    maxPriorityFeePerCell: BigInt(j.max_priority_fee_per_cell),
    from: fromHex(j.from),
    accessList: null,
    metadata: fromHex(j.metadata),
    originTxHash: j.origin_tx_hash === null ? null : fromHex(j.origin_tx_hash),
    originRemainingCycles: opt(j.origin_remaining_cycles),
    originRemainingCells: opt(j.origin_remaining_cells),
    signature: fromHex(j.signature),
    additionalSigners: j.additional_signers.map((s) => ({ address: fromHex(s.address), signature: fromHex(s.signature) })),
  });
}
