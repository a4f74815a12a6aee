import { CodecError, decode, encode } from "@cowboy/codec";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accountCodec, decodeAccount, encodeAccount, type Account } from "../../../src/block/account.js";
import { decodeReceipt, encodeReceipt, MAX_EVENT_TOPIC, MAX_RETURN_DATA, receiptCodec, type Receipt } from "../../../src/block/receipt.js";

// encodeAccount/decodeAccount and encodeReceipt take a hand-written fast path; the generic struct codec is the
// reference. Both directions must agree byte for byte, and on every error code and offset.

const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const edgy = fc.oneof(u64, fc.constantFrom(0n, 127n, 128n, 2n ** 49n - 1n, 2n ** 49n, 2n ** 53n, 2n ** 63n, 2n ** 64n - 1n));
const account: fc.Arbitrary<Account> = fc.record({
  nonce: edgy,
  balance: edgy,
  code_hash: fc.option(fc.uint8Array({ minLength: 32, maxLength: 32 }), { nil: null }),
  storage_bytes: edgy,
});

function outcome(fn: () => unknown): unknown {
  try {
    return { ok: fn() };
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    return { code: error.code, offset: error.offset };
  }
}

describe("account record fast path", () => {
  it("encodes exactly as the generic codec and decodes back", () => {
    fc.assert(
      fc.property(account, (a) => {
        const bytes = encodeAccount(a);
        expect(bytes).toEqual(encode(accountCodec, a));
        expect(decodeAccount(bytes)).toEqual(decode(accountCodec, bytes));
        expect(decodeAccount(bytes)).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });

  it("accepts and rejects exactly what the generic codec does (mutated and truncated records)", () => {
    const mutated = fc.tuple(account, fc.nat(), fc.nat(255), fc.nat(50)).map(([a, at, byte, cut]) => {
      const bytes = encode(accountCodec, a);
      bytes[at % bytes.length] = byte;
      return bytes.subarray(0, Math.max(0, bytes.length - (cut % 4 === 0 ? cut % 5 : 0)));
    });
    const random = fc.uint8Array({ minLength: 0, maxLength: 50 });
    fc.assert(
      fc.property(fc.oneof(mutated, random), (bytes) => {
        expect(outcome(() => decodeAccount(bytes))).toEqual(outcome(() => decode(accountCodec, bytes)));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses bad fields with the generic codec's errors", () => {
    const bad = [
      { nonce: -1n, balance: 0n, code_hash: null, storage_bytes: 0n },
      { nonce: 0n, balance: 2n ** 64n, code_hash: null, storage_bytes: 0n },
      { nonce: 0n, balance: 0n, code_hash: new Uint8Array(31), storage_bytes: 0n },
      { nonce: 1, balance: 0n, code_hash: null, storage_bytes: 0n },
    ] as unknown as Account[];
    for (const a of bad) {
      const got = outcome(() => encodeAccount(a));
      expect(got).toEqual(outcome(() => encode(accountCodec, a)));
      expect(got).toHaveProperty("code");
    }
  });
});

describe("receipt fast path", () => {
  const bytesUpTo = (n: number) => fc.uint8Array({ minLength: 0, maxLength: n });
  const event = fc.record({ emitter: fc.uint8Array({ minLength: 20, maxLength: 20 }), topic: bytesUpTo(40), data: bytesUpTo(300) });
  const receipt: fc.Arbitrary<Receipt> = fc.record({
    status: fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<Receipt["status"]>,
    cycles_used: edgy,
    cells_used: edgy,
    fee_paid: edgy,
    fee_burned: edgy,
    fee_tipped: edgy,
    return_data: fc.oneof(bytesUpTo(10), bytesUpTo(200)),
    events: fc.array(event, { maxLength: 4 }),
  });

  it("encodes exactly as the generic codec", () => {
    fc.assert(
      fc.property(receipt, (r) => {
        const bytes = encodeReceipt(r);
        expect(bytes).toEqual(encode(receiptCodec, r));
        expect(decodeReceipt(bytes)).toEqual(r);
      }),
      { numRuns: 500 },
    );
  });

  it("leaves out-of-shape receipts to the generic codec's errors", () => {
    const base: Receipt = { status: 0, cycles_used: 1n, cells_used: 2n, fee_paid: 3n, fee_burned: 4n, fee_tipped: 5n, return_data: new Uint8Array(0), events: [] };
    const bad = [
      { ...base, status: 9 },
      { ...base, fee_paid: -1n },
      { ...base, cycles_used: 2n ** 64n },
      { ...base, return_data: new Uint8Array(MAX_RETURN_DATA + 1) },
      { ...base, events: [{ emitter: new Uint8Array(19), topic: new Uint8Array(0), data: new Uint8Array(0) }] },
      { ...base, events: [{ emitter: new Uint8Array(20), topic: new Uint8Array(MAX_EVENT_TOPIC + 1), data: new Uint8Array(0) }] },
    ] as unknown as Receipt[];
    for (const r of bad) expect(outcome(() => encodeReceipt(r))).toEqual(outcome(() => encode(receiptCodec, r)));
    // A status the generic codec writes (any u8) is written the same way.
    expect(encodeReceipt(bad[0]!)[0]).toBe(9);
  });
});
