import { type Codec, CodecError, decode, encode, fromHex, toHex } from "@cowboy/codec";
import { readVector } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import {
  blockCertificateCodec,
  finalizationCodec,
  finalizeCodec,
  finalizeMessage,
  notarizationCodec,
  notarizationHash,
  notarizeCodec,
  notarizeMessage,
  nullificationCodec,
  nullifyCodec,
  nullifyMessage,
  proposalCodec,
  proposalHash,
  roundCodec,
  seedCodec,
  seedHash,
  seedMessage,
  signerIndices,
  signerSetCodec,
} from "../../../src/index.js";

interface TypesFile {
  valid: { type: string; hex: string; hash?: string; value?: Record<string, unknown> }[];
  invalid: { type: string; hex: string; code: string; reason: string }[];
}
interface SigningFile {
  chain_id: string;
  proposal: string;
  round: string;
  messages: { kind: "notarize" | "finalize" | "nullify" | "seed"; hex: string }[];
}

const CODECS: Record<string, Codec<any>> = {
  round: roundCodec,
  proposal: proposalCodec,
  signer_set: signerSetCodec,
  notarize: notarizeCodec,
  nullify: nullifyCodec,
  finalize: finalizeCodec,
  notarization: notarizationCodec,
  nullification: nullificationCodec,
  finalization: finalizationCodec,
  block_certificate: blockCertificateCodec,
  seed: seedCodec,
};
const HASHES: Record<string, (v: any) => Uint8Array> = { proposal: proposalHash, notarization: notarizationHash, seed: seedHash };

const types = readVector<TypesFile>("consensus/types.json");
const signing = readVector<SigningFile>("consensus/signing.json");

describe("consensus type vectors (test-vectors/consensus/types.json)", () => {
  it("covers every consensus codec", () => {
    expect(new Set(types.valid.map((c) => c.type))).toEqual(new Set(Object.keys(CODECS)));
  });

  it.each(types.valid.map((c, i) => [i, c.type, c] as const))("valid %i (%s) round-trips byte for byte", (_i, type, c) => {
    const codec = CODECS[type];
    if (codec === undefined) throw new Error(`unknown vector type ${type}`);
    const value = decode(codec, fromHex(c.hex));
    expect(toHex(encode(codec, value))).toBe(c.hex);
    if (c.hash !== undefined) {
      const hash = HASHES[type];
      if (hash === undefined) throw new Error(`no hash for ${type}`);
      expect(toHex(hash(value))).toBe(c.hash);
    }
    if (type === "signer_set") expect(signerIndices(value)).toEqual(c.value?.members);
    if (type === "round") expect([value.epoch, value.view]).toEqual([BigInt(c.value?.epoch as string), BigInt(c.value?.view as string)]);
  });

  it.each(types.invalid.map((c) => [c.type, c.reason, c] as const))("invalid %s (%s) is refused with its code", (type, _reason, c) => {
    const codec = CODECS[type];
    if (codec === undefined) throw new Error(`unknown vector type ${type}`);
    let caught: unknown;
    try {
      decode(codec, fromHex(c.hex));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CodecError);
    expect((caught as CodecError).code).toBe(c.code);
  });
});

describe("signing domain vectors (test-vectors/consensus/signing.json)", () => {
  const chainId = BigInt(signing.chain_id);
  const proposal = decode(proposalCodec, fromHex(signing.proposal));
  const round = decode(roundCodec, fromHex(signing.round));
  const make = {
    notarize: () => notarizeMessage(chainId, proposal),
    finalize: () => finalizeMessage(chainId, proposal),
    nullify: () => nullifyMessage(chainId, round),
    seed: () => seedMessage(chainId, round),
  };
  it.each(signing.messages.map((m) => [m.kind, m] as const))("%s message bytes", (kind, m) => {
    expect(toHex(make[kind]())).toBe(m.hex);
  });
  it("every kind has its own namespace (no two messages equal for the same body)", () => {
    expect(toHex(notarizeMessage(chainId, proposal))).not.toBe(toHex(finalizeMessage(chainId, proposal)));
    expect(toHex(nullifyMessage(chainId, round))).not.toBe(toHex(seedMessage(chainId, round)));
    expect(toHex(seedMessage(chainId + 1n, round))).not.toBe(toHex(seedMessage(chainId, round)));
  });
});
