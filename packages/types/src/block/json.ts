import { fromHex, toHex } from "@cowboy/codec";
import { z } from "zod";
import { TransactionError } from "../transaction/errors.js";
import { hexBytes, u64String } from "../transaction/json.js";
import type { Account } from "./account.js";
import { headerHash, type Header } from "./header.js";
import { receiptStatusName, type Receipt, type ReceiptStatus } from "./receipt.js";

// JSON forms of accounts, headers and receipts for the RPC and the client, in the conventions of
// the transaction JSON: u64 as decimal strings, bytes as 0x-prefixed lowercase hex, snake_case keys
// in encoding order. Parsing is strict and names the offending field.

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;
const u64 = u64String;
const bytesHex = hexBytes;

export const headerJsonSchema = z.strictObject({
  hash: bytesHex(32),
  parent_hash: bytesHex(32),
  height: u64,
  round: u64,
  proposer: bytesHex(20),
  timestamp_ms: u64,
  state_root: bytesHex(32),
  transactions_root: bytesHex(32),
  receipts_root: bytesHex(32),
  cycle_basefee: u64,
  cell_basefee: u64,
  lane_usage: z.strictObject({ system: u64, timer: u64, runner: u64, user: u64 }),
  cycles_used: u64,
  cells_used: u64,
  certificate: bytesHex(),
  beacon: bytesHex(),
});
export type HeaderJson = z.infer<typeof headerJsonSchema>;

/** A header's JSON form, with its hash first. */
export function headerToJson(header: Header): HeaderJson {
  return {
    hash: hex(headerHash(header)),
    parent_hash: hex(header.parent_hash),
    height: header.height.toString(),
    round: header.round.toString(),
    proposer: hex(header.proposer),
    timestamp_ms: header.timestamp_ms.toString(),
    state_root: hex(header.state_root),
    transactions_root: hex(header.transactions_root),
    receipts_root: hex(header.receipts_root),
    cycle_basefee: header.cycle_basefee.toString(),
    cell_basefee: header.cell_basefee.toString(),
    lane_usage: {
      system: header.lane_usage.system.toString(),
      timer: header.lane_usage.timer.toString(),
      runner: header.lane_usage.runner.toString(),
      user: header.lane_usage.user.toString(),
    },
    cycles_used: header.cycles_used.toString(),
    cells_used: header.cells_used.toString(),
    certificate: hex(header.certificate),
    beacon: hex(header.beacon),
  };
}

function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.length === 0 ? what : `${what}.${issue.path.join(".")}`;
  throw new TransactionError("INVALID_JSON", issue.message, path);
}

/** Parses a header's JSON form; the hash must match the fields. */
export function headerFromJson(json: unknown): Header {
  const j = parse(headerJsonSchema, json, "header");
  const header: Header = {
    parent_hash: fromHex(j.parent_hash),
    height: BigInt(j.height),
    round: BigInt(j.round),
    proposer: fromHex(j.proposer),
    timestamp_ms: BigInt(j.timestamp_ms),
    state_root: fromHex(j.state_root),
    transactions_root: fromHex(j.transactions_root),
    receipts_root: fromHex(j.receipts_root),
    cycle_basefee: BigInt(j.cycle_basefee),
    cell_basefee: BigInt(j.cell_basefee),
    lane_usage: {
      system: BigInt(j.lane_usage.system),
      timer: BigInt(j.lane_usage.timer),
      runner: BigInt(j.lane_usage.runner),
      user: BigInt(j.lane_usage.user),
    },
    cycles_used: BigInt(j.cycles_used),
    cells_used: BigInt(j.cells_used),
    certificate: fromHex(j.certificate),
    beacon: fromHex(j.beacon),
  };
  if (hex(headerHash(header)) !== j.hash) throw new TransactionError("INVALID_JSON", "does not match the header's fields", "header.hash");
  return header;
}

const STATUSES = ["success", "reverted", "out_of_cycles", "out_of_cells"] as const;

export const receiptJsonSchema = z.strictObject({
  status: z.enum(STATUSES),
  cycles_used: u64,
  cells_used: u64,
  fee_paid: u64,
  fee_burned: u64,
  fee_tipped: u64,
  return_data: bytesHex(),
  events: z.array(z.strictObject({ emitter: bytesHex(20), topic: bytesHex(), data: bytesHex() })),
});
export type ReceiptJson = z.infer<typeof receiptJsonSchema>;

export function receiptToJson(receipt: Receipt): ReceiptJson {
  return {
    status: receiptStatusName(receipt.status),
    cycles_used: receipt.cycles_used.toString(),
    cells_used: receipt.cells_used.toString(),
    fee_paid: receipt.fee_paid.toString(),
    fee_burned: receipt.fee_burned.toString(),
    fee_tipped: receipt.fee_tipped.toString(),
    return_data: hex(receipt.return_data),
    events: receipt.events.map((e) => ({ emitter: hex(e.emitter), topic: hex(e.topic), data: hex(e.data) })),
  };
}

export function receiptFromJson(json: unknown): Receipt {
  const j = parse(receiptJsonSchema, json, "receipt");
  return {
    status: STATUSES.indexOf(j.status) as ReceiptStatus,
    cycles_used: BigInt(j.cycles_used),
    cells_used: BigInt(j.cells_used),
    fee_paid: BigInt(j.fee_paid),
    fee_burned: BigInt(j.fee_burned),
    fee_tipped: BigInt(j.fee_tipped),
    return_data: fromHex(j.return_data),
    events: j.events.map((e) => ({ emitter: fromHex(e.emitter), topic: fromHex(e.topic), data: fromHex(e.data) })),
  };
}

export interface AccountJson {
  nonce: string;
  balance: string;
  code_hash: string | null;
  storage_bytes: string;
}

export function accountToJson(account: Account): AccountJson {
  return {
    nonce: account.nonce.toString(),
    balance: account.balance.toString(),
    code_hash: account.code_hash === null ? null : hex(account.code_hash),
    storage_bytes: account.storage_bytes.toString(),
  };
}
