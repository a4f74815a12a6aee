// Reshare vectors (test-vectors/dkg/staking.json, cips/staking.md "Reshare"): the two instructions'
// JSON ↔ bytes, the run context, group key records and their state keys; the dealing and complaint
// inside the instructions decode, and the complaint verifies against the dealing it names (with the
// cheat it describes) — here it must NOT verify against the honest dealing the vector carries.
import { decode, encode, fromHex, toHex } from "@cowboy/codec";
import { decodeComplaint, decodeDealing, verifyComplaint } from "@cowboy/crypto";
import { readVector } from "@cowboy/checks/vectors";
import { instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { epochGroupKeyCodec, groupKeyKey, reshareContext, reshareFailureKey, type EpochGroupKey } from "../../src/index.js";
import { blsKey } from "../utils/fixture.js";

interface GroupKeyCase {
  epoch: string;
  outcome: number;
  threshold: string;
  commitments: string[];
  members: string[];
  dealings: string;
  key: string;
  encoded: string;
}
const V = readVector<{
  context: { chainId: string; epoch: string; bytes: string };
  instructions: { json: { type: string }; encoded: string }[];
  groupKeys: GroupKeyCase[];
  failureKey: { epoch: string; key: string };
}>("dkg/staking.json");

describe("reshare vectors", () => {
  it("the run context", () => {
    expect(toHex(reshareContext(BigInt(V.context.chainId), BigInt(V.context.epoch)))).toBe(V.context.bytes);
  });
  it.each(V.instructions.map((c) => [c.json.type, c] as const))("%s: JSON ↔ bytes", (_t, c) => {
    const ins = instructionFromJson(c.json);
    expect(toHex(encode(instructionCodec, ins))).toBe(c.encoded);
    expect(instructionToJson(decode(instructionCodec, fromHex(c.encoded)))).toEqual(c.json);
  });
  it("the complaint is about recipient 3 of the dealing, and the honest dealing clears its dealer", () => {
    const [d, c] = V.instructions.map((x) => decode(instructionCodec, fromHex(x.encoded)));
    if (d?.type !== "staking_submit_dealing" || c?.type !== "staking_submit_complaint") throw new Error("vector order");
    const dealing = decodeDealing(d.dealing);
    const complaint = decodeComplaint(c.complaint);
    expect([complaint.dealer, complaint.recipient]).toEqual([1, 3]);
    const context = fromHex(V.context.bytes);
    expect(verifyComplaint({ dealing, context, complaint, recipientPublicKey: blsKey(2).publicKey })).toBe(false);
    const cheat = { ...dealing, encryptedShares: dealing.encryptedShares.map((e, j) => (j === 2 ? e.map((b, k) => (k === 31 ? b ^ 1 : b)) : e)) };
    expect(verifyComplaint({ dealing: cheat, context, complaint, recipientPublicKey: blsKey(2).publicKey })).toBe(true);
  });
  it("the failure reason's state key", () => {
    expect(toHex(reshareFailureKey(BigInt(V.failureKey.epoch)))).toBe(V.failureKey.key);
  });
  it.each(V.groupKeys.map((c) => [c.epoch, c] as const))("group key record of epoch %s", (_e, c) => {
    const record: EpochGroupKey = {
      epoch: BigInt(c.epoch),
      outcome: c.outcome as EpochGroupKey["outcome"],
      threshold: BigInt(c.threshold),
      commitments: c.commitments.map(fromHex),
      members: c.members.map(fromHex),
      dealings: BigInt(c.dealings),
    };
    expect(toHex(encode(epochGroupKeyCodec, record))).toBe(c.encoded);
    expect(toHex(groupKeyKey(record.epoch))).toBe(c.key);
    const back = decode(epochGroupKeyCodec, fromHex(c.encoded));
    expect(back.commitments.map(toHex)).toEqual(c.commitments);
    expect(back.members.map(toHex)).toEqual(c.members);
  });
});
