// Committee DKG vectors (test-vectors/dkg/cbss.json, cips/cbss.md "DKG"): the run context, the three
// instructions' JSON ↔ bytes, the complaint inside verifying against the cheat it describes and not
// against the dealing carried, and the run's state keys.
import { decode, encode, fromHex, toHex } from "@cowboy/codec";
import { decodeComplaint, decodeDealing, nobleBls, verifyComplaint } from "@cowboy/crypto";
import { readVector } from "@cowboy/checks/vectors";
import { instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { committeeDkgContext, dkgDealingKey, dkgRunKey } from "../../src/index.js";

const V = readVector<{
  context: { chainId: string; epoch: string; bytes: string };
  recipientSecretKeys: string[];
  instructions: { json: { type: string }; encoded: string }[];
  keys: { run: string; dealing1: string };
}>("dkg/cbss.json");

describe("committee DKG vectors", () => {
  it("the run context and state keys", () => {
    expect(toHex(committeeDkgContext(BigInt(V.context.chainId), BigInt(V.context.epoch)))).toBe(V.context.bytes);
    expect(toHex(dkgRunKey(2n))).toBe(V.keys.run);
    expect(toHex(dkgDealingKey(2n, 1))).toBe(V.keys.dealing1);
  });
  it.each(V.instructions.map((c) => [c.json.type, c] as const))("%s: JSON ↔ bytes", (_t, c) => {
    const ins = instructionFromJson(c.json);
    expect(toHex(encode(instructionCodec, ins))).toBe(c.encoded);
    expect(instructionToJson(decode(instructionCodec, fromHex(c.encoded)))).toEqual(c.json);
  });
  it("the complaint verifies against the cheat only", () => {
    const [d, c] = V.instructions.map((x) => decode(instructionCodec, fromHex(x.encoded)));
    if (d?.type !== "cbss_submit_dealing" || c?.type !== "cbss_submit_complaint") throw new Error("vector order");
    const dealing = decodeDealing(d.dealing);
    const complaint = decodeComplaint(c.complaint);
    const recipientPublicKey = nobleBls.getPublicKey(fromHex(V.recipientSecretKeys[complaint.recipient - 1] as string));
    const context = fromHex(V.context.bytes);
    expect(verifyComplaint({ dealing, context, complaint, recipientPublicKey })).toBe(false);
    const cheat = { ...dealing, encryptedShares: dealing.encryptedShares.map((e, j) => (j === 1 ? e.map((b, k) => (k === 31 ? b ^ 1 : b)) : e)) };
    expect(verifyComplaint({ dealing: cheat, context, complaint, recipientPublicKey })).toBe(true);
  });
});
