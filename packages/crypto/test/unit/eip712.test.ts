import { hashTypedData as viemHash } from "viem";
import { describe, expect, it } from "vitest";
import { CryptoError, domainTypeFor, EIP712_LIMITS, hashTypedData, normalizeRecoverableSignature, type TypedData } from "../../src/index.js";
import { toHex } from "../utils/helpers.js";

const base: TypedData = {
  domain: { name: "T", chainId: 5n },
  types: {
    Thing: [
      { name: "n", type: "uint8" },
      { name: "b", type: "bytes2" },
      { name: "who", type: "address" },
    ],
  },
  primaryType: "Thing",
  message: { n: 7n, b: "0xabcd", who: new Uint8Array(20).fill(1) },
};
const refuse = (data: unknown, message: RegExp) => expect(() => hashTypedData(data as TypedData)).toThrow(message);

describe("EIP-712 typed data", () => {
  it("matches viem on Uint8Array addresses, numbers and hex bytes", () => {
    const viem = viemHash({ ...base, message: { n: 7, b: "0xabcd", who: `0x${"01".repeat(20)}` } } as never);
    expect(`0x${toHex(hashTypedData(base))}`).toBe(viem);
    expect(`0x${toHex(hashTypedData({ ...base, message: { ...base.message, n: 7 } }))}`).toBe(viem);
  });

  it("derives EIP712Domain from the fields present, in EIP-712 order", () => {
    expect(domainTypeFor({ salt: "0x00", name: "x" }).map((f) => f.name)).toEqual(["name", "salt"]);
    expect(() => domainTypeFor({ chain_id: 1 } as never)).toThrow("unknown domain field 'chain_id'");
  });

  it("refuses malformed types and values with a message naming the place", () => {
    refuse({ ...base, message: { ...base.message, n: 256n } }, /message.n = 256 is out of range for uint8/);
    refuse({ ...base, message: { ...base.message, b: "0xab" } }, /message.b must be 2 bytes/);
    refuse({ ...base, message: { n: 1n, b: "0xabcd" } }, /message.who is missing/);
    refuse({ ...base, types: { Thing: [{ name: "n", type: "uint7" }] } }, /unknown type 'uint7'/);
    refuse({ ...base, types: { Thing: [{ name: "n", type: "Nope" }] } }, /unknown type 'Nope'/);
    refuse({ ...base, primaryType: "Other" }, /primaryType 'Other' is not among the types/);
    refuse(
      {
        ...base,
        types: {
          Thing: [
            { name: "a", type: "bool" },
            { name: "a", type: "bool" },
          ],
        },
      },
      /field 'a' appears twice/,
    );
    const many = Object.fromEntries(Array.from({ length: EIP712_LIMITS.maxStructTypes + 1 }, (_, i) => [`T${i}`, []]));
    refuse({ ...base, types: many }, /at most 32 struct types/);
    try {
      hashTypedData({ ...base, message: { ...base.message, n: -1n } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).code).toBe("INVALID_ARGUMENT");
    }
  });

  it("normalises v 27/28 to 0/1 and refuses other v and lengths", () => {
    const sig = new Uint8Array(65);
    sig[64] = 28;
    expect(normalizeRecoverableSignature(sig)[64]).toBe(1);
    sig[64] = 2;
    expect(() => normalizeRecoverableSignature(sig)).toThrow("v must be 27, 28, 0 or 1, got 2");
    expect(() => normalizeRecoverableSignature(new Uint8Array(64))).toThrow("expected 65 bytes");
  });
});
