import { decode, encode, fromHex, isCowboyError, toHex } from "@cowboy/codec";
import { readVector } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import { createValidatorSet, selectLeader, verifyBlockCertificate } from "../../src/index.js";
import { resolverMessageCodec } from "../../src/wire.js";

interface LeaderFile {
  cases: { stakes: string[]; epoch: string; view: string; seed: string; leader: number }[];
}
interface CertificatesFile {
  chain_id: string;
  epoch: string;
  threshold: number;
  validators: { stake: string; bls_public_key: string }[];
  commitments: string[];
  parent: { view: string; digest: string };
  cases: { name: string; hex: string; result: string }[];
}

const leaders = readVector<LeaderFile>("consensus/leader.json");
const certs = readVector<CertificatesFile>("consensus/certificates.json");

describe("leader sampling vectors (test-vectors/consensus/leader.json)", () => {
  it.each(leaders.cases.map((c, i) => [i, c] as const))("case %i", (_i, c) => {
    expect(selectLeader(c.stakes.map(BigInt), BigInt(c.epoch), BigInt(c.view), fromHex(c.seed))).toBe(c.leader);
  });
  it("a validator with almost all the stake leads almost every view", () => {
    const heavy = leaders.cases.filter((c) => c.stakes[1] === "1000000");
    expect(heavy.every((c) => c.leader === 1)).toBe(true);
  });
});

describe("block certificate vectors (test-vectors/consensus/certificates.json)", () => {
  const set = createValidatorSet({
    chainId: BigInt(certs.chain_id),
    epoch: BigInt(certs.epoch),
    threshold: certs.threshold,
    commitments: certs.commitments.map(fromHex),
    validators: certs.validators.map((v, i) => ({
      address: new Uint8Array(20).fill(i),
      stake: BigInt(v.stake),
      blsPublicKey: fromHex(v.bls_public_key),
      peer: `peer${i}`,
    })),
  });
  const parent = { view: BigInt(certs.parent.view), digest: fromHex(certs.parent.digest) };
  it.each(certs.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    if (c.result === "ok") {
      expect(verifyBlockCertificate(fromHex(c.hex), parent, set).value.proposal.round.view).toBe(parent.view);
      return;
    }
    let caught: unknown;
    try {
      verifyBlockCertificate(fromHex(c.hex), parent, set);
    } catch (err) {
      caught = err;
    }
    expect(isCowboyError(caught, c.result)).toBe(true);
  });
});

interface WireFile {
  resolver: { name: string; value: { type: "request" | "epochEnd"; id: string; view?: string; epoch?: string }; hex: string }[];
}
const wire = readVector<WireFile>("consensus/wire.json");

describe("resolver message vectors (test-vectors/consensus/wire.json)", () => {
  it.each(wire.resolver.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const decoded = decode(resolverMessageCodec, fromHex(c.hex));
    expect(decoded.type).toBe(c.value.type);
    const expected =
      c.value.type === "request"
        ? { type: "request" as const, value: { id: BigInt(c.value.id), view: BigInt(c.value.view!) } }
        : { type: "epochEnd" as const, value: { id: BigInt(c.value.id), epoch: BigInt(c.value.epoch!) } };
    expect(decoded).toEqual(expected);
    expect(toHex(encode(resolverMessageCodec, expected))).toBe(c.hex);
  });
});
