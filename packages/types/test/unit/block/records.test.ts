import { CodecError, fromHex, toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { EMPTY_ACCOUNT, decodeAccount, encodeAccount, isEmptyAccount } from "../../../src/block/account.js";
import { decodeHeader, encodeHeader, headerHash, type Header } from "../../../src/block/header.js";
import { sampleHeader } from "./fixtures.js";
import { ReceiptStatus, decodeReceipt, encodeReceipt, receiptDigest, type Receipt } from "../../../src/block/receipt.js";

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return (error as CodecError).code;
  }
  throw new Error("expected a CodecError");
}

describe("account record", () => {
  it("encodes fields in order: varint nonce, u64 balance, optional code hash, varint storage", () => {
    const account = { nonce: 300n, balance: 1_000_000_000n, code_hash: null, storage_bytes: 0n };
    expect(toHex(encodeAccount(account))).toBe("ac02" + "000000003b9aca00" + "00" + "00");
    const actor = { nonce: 1n, balance: 0n, code_hash: new Uint8Array(32).fill(0xab), storage_bytes: 129n };
    const bytes = encodeAccount(actor);
    expect(toHex(bytes)).toBe("01" + "0000000000000000" + "01" + "ab".repeat(32) + "8101");
    expect(decodeAccount(bytes)).toEqual(actor);
  });

  it("knows the empty record", () => {
    expect(isEmptyAccount(EMPTY_ACCOUNT)).toBe(true);
    expect(isEmptyAccount({ ...EMPTY_ACCOUNT, nonce: 1n })).toBe(false);
    expect(toHex(encodeAccount(EMPTY_ACCOUNT))).toBe("00" + "00".repeat(8) + "00" + "00");
  });

  it("rejects a bad option tag and trailing bytes", () => {
    expect(codeOf(() => decodeAccount(fromHex("00" + "00".repeat(8) + "02" + "00")))).toBe("INVALID_OPTION_TAG");
    expect(codeOf(() => decodeAccount(fromHex("00" + "00".repeat(8) + "00" + "00" + "00")))).toBe("TRAILING_BYTES");
  });
});

const header: Header = sampleHeader();

describe("header", () => {
  it("round-trips and hashes its encoding", () => {
    const bytes = encodeHeader(header);
    expect(decodeHeader(bytes)).toEqual(header);
    // parent, height, round, proposer, timestamp (41 bits: 6 varint bytes), three roots, two basefees,
    // lane usage (1 + 1 + 1 + 3), cycles used (3), cells used, two empty byte strings
    expect(bytes.length).toBe(32 + 1 + 1 + 20 + 6 + 96 + 16 + 6 + 3 + 1 + 1 + 1);
    expect(headerHash(header)).toHaveLength(32);
    expect(toHex(headerHash({ ...header, round: 1n }))).not.toBe(toHex(headerHash(header)));
  });

  it("bounds the certificate before allocating", () => {
    const bytes = encodeHeader(header);
    // certificate length prefix sits two bytes from the end (certificate len, beacon len)
    // a 4,096-byte certificate is allowed but absent: the decoder runs out of input
    expect(codeOf(() => decodeHeader(new Uint8Array([...bytes.slice(0, -2), 0x80, 0x20])))).toBe("END_OF_BUFFER");
    expect(codeOf(() => decodeHeader(new Uint8Array([...bytes.slice(0, -2), 0x81, 0x40, 0x00])))).toBe("LENGTH_OUT_OF_RANGE");
  });
});

describe("receipt", () => {
  const receipt: Receipt = {
    status: ReceiptStatus.Success,
    cycles_used: 21_000n,
    cells_used: 0n,
    fee_paid: 210_000_000n,
    fee_burned: 210_000_000n,
    fee_tipped: 0n,
    return_data: new Uint8Array([1, 2]),
    events: [{ emitter: new Uint8Array(20).fill(9), topic: new Uint8Array([7]), data: new Uint8Array(0) }],
  };

  it("round-trips, and its digest is keccak256 of the encoding", () => {
    const bytes = encodeReceipt(receipt);
    expect(decodeReceipt(bytes)).toEqual(receipt);
    expect(toHex(bytes).slice(0, 2)).toBe("00");
    expect(receiptDigest(receipt)).toHaveLength(32);
  });

  it("rejects an unknown status", () => {
    const bytes = encodeReceipt(receipt);
    bytes[0] = 4;
    expect(codeOf(() => decodeReceipt(bytes))).toBe("UNKNOWN_DISCRIMINANT");
  });
});
