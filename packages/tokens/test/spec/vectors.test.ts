// The token vectors of test-vectors/tokens/ (cips/tokens.md): instruction bytes, JSON and intrinsic costs;
// the record encoding and the registry's state keys.
import { readVector } from "@cowboy/checks/vectors";
import { decode, encode, fromHex, toHex } from "@cowboy/codec";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { allowanceKey, balanceKey, counterKey, decodeTokenRecord, encodeTokenRecord, tokenKey } from "../../src/index.js";

describe("instructions (test-vectors/tokens/instructions.json)", () => {
  const v = readVector<{ valid: { json: unknown; encoded: string; cycles: string; cells: string }[] }>("tokens/instructions.json");
  it.each(v.valid.map((c, i) => [`${(c.json as { type: string }).type} #${i}`, c] as const))("%s: JSON ↔ bytes, intrinsic costs", (_t, c) => {
    const ins = instructionFromJson(c.json as Parameters<typeof instructionFromJson>[0]);
    expect(toHex(encode(instructionCodec, ins))).toBe(c.encoded);
    expect(instructionToJson(decode(instructionCodec, fromHex(c.encoded)))).toEqual(c.json);
    const cost = instructionIntrinsicCosts(ins);
    expect([cost.cycles.toString(), cost.cells.toString()]).toEqual([c.cycles, c.cells]);
  });
});

describe("state (test-vectors/tokens/state.json)", () => {
  const v = readVector<{ record: { encoded: string }; keys: Record<string, string> }>("tokens/state.json");
  it("decodes and re-encodes the record and derives the keys", () => {
    const r = decodeTokenRecord(fromHex(v.record.encoded));
    expect([r.id, r.name, r.symbol, r.decimals, r.supply, r.maxSupply]).toEqual([1n, "Gold", "GLD", 6, 1_000_000n, 2_000_000n]);
    expect(toHex(encodeTokenRecord(r))).toBe(v.record.encoded);
    const A = new Uint8Array(20).fill(0xa1);
    const B = new Uint8Array(20).fill(0xb2);
    expect(toHex(counterKey())).toBe(v.keys.counter);
    expect(toHex(tokenKey(1n))).toBe(v.keys.record_1);
    expect(toHex(balanceKey(1n, A))).toBe(v.keys.balance_1_a);
    expect(toHex(allowanceKey(1n, A, B))).toBe(v.keys.allowance_1_a_b);
  });
});
