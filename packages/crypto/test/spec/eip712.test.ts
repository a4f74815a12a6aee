import { readVector } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import { hashTypedData, nobleSecp256k1, typedDataDigest, verifyTypedData } from "../../src/index.js";
import { verifyTypedDataWith } from "../../src/eip712.js";
import { hex, toHex } from "../utils/helpers.js";
import { typedDataFromJson } from "../utils/typed-data-json.js";

// test-vectors/interop/eip712.json was written by viem (scripts/eip712-vectors.ts); our implementation must agree.
interface Case {
  name: string;
  typedData: Parameters<typeof typedDataFromJson>[0];
  digest?: string;
  signer: string;
  signature: string;
  expected: boolean;
}
const file = readVector<{ valid: Case[]; refused: Case[] }>("interop/eip712.json");
const bytes = (s: string): Uint8Array => hex(s.slice(2).toLowerCase());

describe("EIP-712 against viem's vectors", () => {
  it("has both kinds of case", () => {
    expect(file.valid.length).toBeGreaterThanOrEqual(10);
    expect(file.refused.some((c) => c.name.endsWith("/wrong-chain"))).toBe(true);
  });

  for (const c of [...file.valid, ...file.refused]) {
    it(`${c.name}: ${c.expected ? "verifies" : "is refused"}`, () => {
      const data = typedDataFromJson(c.typedData);
      if (c.digest !== undefined) expect(`0x${toHex(hashTypedData(data))}`).toBe(c.digest);
      expect(verifyTypedData(data, bytes(c.signature), bytes(c.signer))).toBe(c.expected);
      expect(verifyTypedDataWith(nobleSecp256k1, data, bytes(c.signature), bytes(c.signer))).toBe(c.expected);
    });
  }

  it("counts the bytes it hashes (the metered quantity)", () => {
    const mail = typedDataFromJson(file.valid[0]!.typedData);
    const { hashedBytes } = typedDataDigest(mail);
    // 66 (final) + domain: 5 words + type string + 2 strings; message: 4 words + 2×(3 words) + type strings + strings.
    expect(hashedBytes).toBeGreaterThan(66 + 160 + 128);
    expect(hashedBytes).toBeLessThan(2000);
  });
});
