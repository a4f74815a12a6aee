import { describe, expect, it } from "vitest";
import { sampleHeader } from "./fixtures.js";
import {
  headerFromJson,
  headerToJson,
  receiptFromJson,
  receiptToJson,
  ReceiptStatus,
  transactionFromJson,
  TransactionError,
  type Header,
  type Receipt,
} from "../../../src/index.js";

const header: Header = sampleHeader({
  height: 18446744073709551615n,
  round: 2n,
  cell_basefee: 10_001n,
  lane_usage: { system: 1n, timer: 2n, runner: 3n, user: 4n },
  cycles_used: 10n,
  cells_used: 11n,
  certificate: new Uint8Array([0xab]),
});

describe("block JSON forms", () => {
  it("round-trip a header, u64 values as decimal strings, hash first", () => {
    const json = headerToJson(header);
    expect(Object.keys(json)[0]).toBe("hash");
    expect(json.height).toBe("18446744073709551615");
    expect(json.certificate).toBe("0xab");
    expect(headerFromJson(JSON.parse(JSON.stringify(json)))).toEqual(header);
  });

  it("refuses a header whose hash does not match, naming the field", () => {
    const json = { ...headerToJson(header), round: "3" };
    expect(() => headerFromJson(json)).toThrow(TransactionError);
    expect(() => headerFromJson(json)).toThrow("header.hash: does not match the header's fields");
    expect(() => headerFromJson({ ...headerToJson(header), height: "18446744073709551616" })).toThrow(/header\.height/);
    expect(() => headerFromJson({ ...headerToJson(header), extra: 1 })).toThrow(TransactionError);
  });

  it("refuse non-numeric u64 strings with a TransactionError, never a crash", () => {
    for (const bad of ["x", "1e3", "-1", " 1", "0x10"]) {
      expect(() => headerFromJson({ ...headerToJson(header), height: bad })).toThrow(TransactionError);
      expect(() => transactionFromJson({ chain_id: "1", nonce: bad })).toThrow(TransactionError);
    }
  });

  it("round-trip a receipt with its status by name", () => {
    const receipt: Receipt = {
      status: ReceiptStatus.OutOfCycles,
      cycles_used: 5n,
      cells_used: 0n,
      fee_paid: 50n,
      fee_burned: 40n,
      fee_tipped: 10n,
      return_data: new Uint8Array([1]),
      events: [{ emitter: new Uint8Array(20), topic: new Uint8Array([2]), data: new Uint8Array(0) }],
    };
    const json = receiptToJson(receipt);
    expect(json.status).toBe("out_of_cycles");
    expect(receiptFromJson(json)).toEqual(receipt);
    expect(() => receiptFromJson({ ...json, status: "ok" })).toThrow(/receipt\.status/);
  });
});
