import { readVector } from "@cowboy/checks/vectors";
import { keccak256 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { messageId } from "../../../src/index.js";

const { cases } = readVector<{ cases: { from: string; nonce: string; to: string; method: string; payload: string; value: string; id: string }[] }>("execution/message-ids.json");
const b = (h: string) => Uint8Array.from(Buffer.from(h, "hex"));

describe("message ids", () => {
  it(`match test-vectors/execution/message-ids.json (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(4);
    for (const c of cases) expect(Buffer.from(messageId(b(c.from), BigInt(c.nonce), b(c.to), c.method, b(c.payload), BigInt(c.value))).toString("hex")).toBe(c.id);
  });
  it("follow the documented layout", () => {
    const c = cases[2]!;
    const m = new TextEncoder().encode(c.method);
    const body = Buffer.concat([b(c.to), Buffer.from([m.length]), m, Buffer.from([0, 0, 0, 3]), b(c.payload), Buffer.from("000000003b9aca00", "hex")]);
    const pre = Buffer.concat([b(c.from), Buffer.from("ffffffffffffffff", "hex"), keccak256(body)]);
    expect(Buffer.from(keccak256(pre)).toString("hex")).toBe(c.id);
  });
});
