import fc from "fast-check";
import { CodecError, compareBytes, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import {
  TransactionError,
  checkTransaction,
  createTransaction,
  createTransactionFromBytes,
  instructionFromJson,
  isAddress,
  isInstruction,
  isTransaction,
  transactionFromJson,
  transactionToJson,
  verifyTransactionSignatures,
  actorAddress,
  canonicalizeSource,
  type TransactionInput,
} from "../../../src/index.js";

const key = (n: number): Uint8Array => keccak256(Uint8Array.of(n));
const base: TransactionInput = {
  chainId: 42n,
  instruction: { type: "transfer", to: new Uint8Array(20).fill(0x22), amount: 5n },
  cyclesLimit: 50000n,
  cellsLimit: 50000n,
  maxFeePerCycle: 10n,
  maxFeePerCell: 10n,
  from: addressFromPrivateKey(key(1)),
};

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

describe("createTransaction", () => {
  it("names the bad field", () => {
    const err = caught(() => createTransaction({ ...base, cyclesLimit: -1n })) as TransactionError;
    expect(err).toBeInstanceOf(TransactionError);
    expect(err.code).toBe("INVALID_FIELD");
    expect(err.field).toBe("cycles_limit");
    const e2 = caught(() => createTransaction({ ...base, from: new Uint8Array(19) })) as TransactionError;
    expect(e2.field).toBe("from");
    const e3 = caught(() =>
      createTransaction({ ...base, instruction: { type: "call_actor", target: new Uint8Array(20), method: "", args: new Uint8Array(0), value: 0n } }),
    ) as TransactionError;
    expect(e3.field).toBe("instruction");
    expect(e3.message).toContain("instruction.method");
    const e4 = caught(() => createTransaction({ ...base, accessList: [] as unknown as null })) as TransactionError;
    expect(e4.field).toBe("access_list");
  });
  it("copies caller bytes so later mutation changes nothing", () => {
    const from = base.from.slice();
    const tx = createTransaction({ ...base, from });
    const before = toHex(tx.encode());
    from.fill(0);
    expect(toHex(tx.encode())).toBe(before);
    expect(Object.isFrozen(tx.additionalSigners)).toBe(true);
  });
  it("decodes chain id 0 and huge limits (decoding checks the encoding only)", () => {
    const tx = createTransaction({ ...base, chainId: 0n, cyclesLimit: (1n << 64n) - 1n });
    const back = createTransactionFromBytes(tx.encode());
    expect(back.chainId).toBe(0n);
    expect(checkTransaction(back, { chainId: 42n }).map((e) => e.code)).toEqual(["CHAIN_ID_MISMATCH", "LIMIT_EXCEEDED"]);
  });
  it("guards", () => {
    expect(isTransaction(createTransaction(base))).toBe(true);
    expect(isTransaction({})).toBe(false);
    expect(isAddress(new Uint8Array(20))).toBe(true);
    expect(isAddress(new Uint8Array(21))).toBe(false);
    expect(isInstruction(base.instruction)).toBe(true);
    expect(isInstruction({ type: "toString" })).toBe(false);
  });
});

describe("signing", () => {
  it("the signing hash ignores every signature but keeps signer addresses", () => {
    const extra = [key(2), key(3)].map((k) => ({ k, address: addressFromPrivateKey(k) })).sort((a, b) => compareBytes(a.address, b.address));
    const tx = createTransaction({ ...base, additionalSigners: extra.map((e) => ({ address: e.address, signature: new Uint8Array(65) })) });
    const signed = tx.sign(key(1)).sign(extra[0]!.k).sign(extra[1]!.k);
    expect(toHex(signed.signingHash())).toBe(toHex(tx.signingHash()));
    expect(signed.verify()).toBe(true);
    const otherAddresses = createTransaction({ ...base, additionalSigners: [{ address: new Uint8Array(20).fill(1), signature: new Uint8Array(65) }] });
    expect(toHex(otherAddresses.signingHash())).not.toBe(toHex(tx.signingHash()));
  });
  it("reports which signature fails", () => {
    const extra = addressFromPrivateKey(key(2));
    const tx = createTransaction({ ...base, additionalSigners: [{ address: extra, signature: new Uint8Array(65) }] }).sign(key(1));
    expect(tx.verify()).toBe(false);
    const err = caught(() => verifyTransactionSignatures(tx)) as TransactionError;
    expect(err.code).toBe("INVALID_SIGNATURE");
    expect(err.field).toBe("additional_signers[0].signature");
  });
  it("refuses a key that signs for nobody in the transaction", () => {
    const err = caught(() => createTransaction(base).sign(key(9))) as TransactionError;
    expect(err.code).toBe("SIGNER_MISMATCH");
  });
  it("detects a signature moved to another transaction", () => {
    const a = createTransaction(base).sign(key(1));
    const b = createTransaction({ ...base, nonce: 1n, signature: a.signature });
    expect(b.verify()).toBe(false);
    expect((caught(() => verifyTransactionSignatures(b)) as TransactionError).code).toBe("SIGNER_MISMATCH");
  });
  it("binds the chain id", () => {
    const a = createTransaction(base).sign(key(1));
    const replay = createTransaction({ ...base, chainId: 43n, signature: a.signature });
    expect(replay.verify()).toBe(false);
  });
});

describe("JSON", () => {
  const json = transactionToJson(createTransaction(base));
  it("round-trips", () => {
    expect(transactionToJson(transactionFromJson(json))).toEqual(json);
  });
  it.each([
    ["nonce", { ...json, nonce: "007" }],
    ["nonce", { ...json, nonce: "18446744073709551616" }],
    ["from", { ...json, from: json.from.toUpperCase().replace("0X", "0x") }],
    ["from", { ...json, from: "0x1234" }],
    ["access_list", { ...json, access_list: [] }],
    ["instruction.amount", { ...json, instruction: { ...json.instruction, amount: 1 } }],
    ["instruction.type", { ...json, instruction: { type: "mint" } }],
    ["additional_signers[0].signature", { ...json, additional_signers: [{ address: "0x" + "11".repeat(20), signature: "0x00" }] }],
    ["transaction", null],
    ["transaction", { ...json, extra: 1 }],
  ])("names the bad field %s", (field, bad) => {
    const err = caught(() => transactionFromJson(bad)) as TransactionError;
    expect(err).toBeInstanceOf(TransactionError);
    expect(err.code).toBe("INVALID_JSON");
    expect(err.field).toBe(field);
  });
  it("parses every instruction form", () => {
    expect(instructionFromJson({ type: "cancel_timer", timer_id: "0x" + "ab".repeat(32) })).toEqual({ type: "cancel_timer", timerId: new Uint8Array(32).fill(0xab) });
  });
});

describe("actor addresses", () => {
  it("canonicalises CRLF, lone CR, BOM and NFD identically", () => {
    const a = canonicalizeSource("x = 'é'\nprint(x)\n");
    expect(toHex(canonicalizeSource("\ufeffx = 'e\u0301'\r\nprint(x)\r"))).toBe(toHex(a));
  });
  it("refuses invalid input with a typed error", () => {
    expect((caught(() => canonicalizeSource(Uint8Array.of(0xc3, 0x28))) as TransactionError).code).toBe("INVALID_FIELD");
    expect((caught(() => canonicalizeSource("\ud800")) as TransactionError).code).toBe("INVALID_FIELD");
    expect(caught(() => actorAddress(new Uint8Array(19), new Uint8Array(32), new Uint8Array(32)))).toBeInstanceOf(CodecError);
  });
});

describe("fuzz: decoding arbitrary bytes", () => {
  const valid = createTransaction(base).sign(key(1)).encode();
  it("only ever throws CodecError, and what decodes re-encodes identically", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 4 }), (edits) => {
        const b = Array.from(valid);
        for (const [pos, byte, op] of edits) {
          const at = pos % (b.length + 1);
          if (op === 0) b[at] = byte;
          else if (op === 1) b.splice(at, 0, byte);
          else b.splice(at, 1);
        }
        const bytes = Uint8Array.from(b);
        try {
          const tx = createTransactionFromBytes(bytes);
          expect(toHex(tx.encode())).toBe(toHex(bytes));
        } catch (err) {
          if (!(err instanceof CodecError)) throw err;
        }
      }),
      { numRuns: 3000 },
    );
  });
  it("random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        try {
          createTransactionFromBytes(bytes);
        } catch (err) {
          if (!(err instanceof CodecError)) throw err;
        }
      }),
      { numRuns: 3000 },
    );
  });
  it("hex helper sanity", () => expect(toHex(fromHex("0x00"))).toBe("00"));
});
