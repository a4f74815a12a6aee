import { bls, partialSign } from "@cowboy/crypto";
import { notarizeMessage, seedMessage, type Notarize, type Proposal } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { signatureSets, verifyBatch } from "../../src/batch.js";
import { CHAIN_ID, dealing, keys, set, utf8 } from "./fixtures.js";

const proposal = (view: bigint): Proposal => ({ round: { epoch: 0n, view }, parent: view - 1n, payload: new Uint8Array(32).fill(Number(view)) });

function notarize(signer: number, view: bigint): Notarize {
  const p = proposal(view);
  return {
    proposal: p,
    signer,
    signature: bls.sign(notarizeMessage(CHAIN_ID, p), keys[signer]!),
    seed: partialSign(bls, dealing.shares[signer]!, seedMessage(CHAIN_ID, p.round)).signature,
  };
}

const item = (v: Notarize) => ({ item: v, sets: signatureSets(set, { type: "notarize", value: v }) });

describe("batch verification with bisection", () => {
  it("accepts a batch of valid votes with one check", () => {
    const votes = [0, 1, 2, 3].map((i) => notarize(i, 5n));
    const r = verifyBatch(bls, votes.map(item));
    expect(r.valid).toHaveLength(4);
    expect(r.invalid).toEqual([]);
    expect(r.checks).toBe(1);
  });

  it("isolates exactly the votes with a wrong signature or a wrong seed partial", () => {
    const votes = [0, 1, 2, 3, 0, 1, 2, 3].map((i, k) => notarize(i, BigInt(10 + k)));
    const wrongSig = { ...votes[2]!, signature: bls.sign(utf8("something else"), keys[2]!) };
    const wrongPartial = { ...votes[5]!, seed: votes[4]!.seed };
    const batch = [...votes.slice(0, 2), wrongSig, ...votes.slice(3, 5), wrongPartial, ...votes.slice(6)];
    const r = verifyBatch(bls, batch.map(item));
    expect(r.invalid).toEqual([wrongSig, wrongPartial]);
    expect(r.valid).toHaveLength(6);
    expect(r.checks).toBeGreaterThan(1);
    expect(r.checks).toBeLessThan(15);
  });

  it("treats a malformed point as an invalid vote instead of throwing", () => {
    const bad = { ...notarize(1, 3n), signature: new Uint8Array(96).fill(0xff) };
    const r = verifyBatch(bls, [item(notarize(0, 3n)), item(bad)]);
    expect(r.invalid).toEqual([bad]);
    expect(r.valid).toHaveLength(1);
  });

  it("a notarize carries two sets (validator key, share key); a finalize one", () => {
    const v = notarize(3, 2n);
    const sets = signatureSets(set, { type: "notarize", value: v });
    expect(sets.map((s) => s.publicKey)).toEqual([set.validators[3]!.blsPublicKey, set.shareKeys[3]]);
    expect(signatureSets(set, { type: "finalize", value: { proposal: v.proposal, signer: 3, signature: v.signature } })).toHaveLength(1);
  });
});
