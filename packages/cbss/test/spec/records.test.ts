// The CBSS record vectors of test-vectors/cbss/records.json (cips/cbss.md §6–§8): a policy, a signed release
// request and statement (secp256k1 signatures are deterministic), a receipt batch.
import { readVector } from "@cowboy/checks/vectors";
import { decode, encode, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { getReservation, openRequest, openStatement, policyCodec, receiptBatchCodec, releaseRequestCodec, reservationKey, signRequest, signedCodec } from "../../src/index.js";

interface Records {
  policy: { json: { actors: string[]; jobKinds: string[]; runnerRequires: string[]; maxReleases: string; untilBlock: string }; encoded: string };
  request: { runnerKey: string; signed: string; body: string };
  statement: { proxyKey: string; signed: string };
  receipts: string;
  reservation: { key: string; height: string; value: string };
}
const v = readVector<Records>("cbss/records.json");

describe("cbss record vectors", () => {
  it("policy bytes", () => {
    const j = v.policy.json;
    const p = { actors: j.actors.map(fromHex), jobKinds: j.jobKinds, runnerRequires: j.runnerRequires, maxReleases: BigInt(j.maxReleases), untilBlock: BigInt(j.untilBlock) };
    expect(toHex(encode(policyCodec, p))).toBe(v.policy.encoded);
    expect(decode(policyCodec, fromHex(v.policy.encoded))).toEqual(p);
  });

  it("a request signed by someone other than its runner is refused; re-signing reproduces the bytes", () => {
    const signed = decode(signedCodec, fromHex(v.request.signed));
    expect(toHex(signed.body)).toBe(v.request.body);
    const request = decode(releaseRequestCodec, signed.body);
    expect(toHex(encode(signedCodec, signRequest(request, fromHex(v.request.runnerKey))))).toBe(v.request.signed);
    expect(() => openRequest(signed)).toThrow(expect.objectContaining({ code: "BAD_SIGNATURE" }));
  });

  it("a statement recovers to its proxy", () => {
    const { statement, signer } = openStatement(decode(signedCodec, fromHex(v.statement.signed)));
    expect(signer).toEqual(addressFromPrivateKey(fromHex(v.statement.proxyKey)));
    expect(statement).toMatchObject({ name: "openai.key", version: 1, height: 42n, epoch: 1n });
  });

  it("a release reservation's state key and value (cips/cbss.md §7)", () => {
    const body = decode(releaseRequestCodec, decode(signedCodec, fromHex(v.request.signed)).body);
    expect(toHex(reservationKey(body.owner, body.version, body.jobId, body.runner, body.name))).toBe(v.reservation.key);
    const state = new Map([[v.reservation.key, fromHex(v.reservation.value)]]);
    expect(getReservation({ get: (k) => state.get(toHex(k)) }, body.owner, body.name, body.version, body.jobId, body.runner)).toBe(BigInt(v.reservation.height));
  });

  it("receipt batch bytes", () => {
    const batch = decode(receiptBatchCodec, fromHex(v.receipts));
    expect(batch).toHaveLength(1);
    expect(toHex(encode(receiptBatchCodec, batch))).toBe(v.receipts);
  });
});
