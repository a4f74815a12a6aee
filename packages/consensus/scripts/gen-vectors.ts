// Writes test-vectors/consensus/*.json (cips/consensus.md). Deterministic: keys are sha256 of fixed
// labels, BLS signatures are deterministic, so regenerating must produce no diff.
//   pnpm --filter @cowboy/consensus gen-vectors
import { mkdirSync, writeFileSync } from "node:fs";
import { encode, toHex, type Codec } from "@cowboy/codec";
import { bls, dealShares, partialSign, recoverSignature, sha256 } from "@cowboy/crypto";
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
  signerSet,
  signerSetCodec,
  type Notarization,
  type Proposal,
} from "@cowboy/types";
import { selectLeader } from "../src/index.js";
import { resolverMessageCodec } from "../src/wire.js";

const root = new URL("../../../test-vectors/consensus/", import.meta.url);
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const hex = (b: Uint8Array): string => toHex(b);
const enc = <T>(c: Codec<T>, v: T): string => hex(encode(c, v));

function key(label: string): Uint8Array {
  const k = sha256(utf8(`cowboy-vector-key:${label}`));
  k[0] = (k[0] as number) & 0x3f;
  k[31] = (k[31] as number) | 1;
  return k;
}

function write(name: string, value: unknown): void {
  const text = `${JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2)}\n`;
  writeFileSync(new URL(name, root), text);
}

mkdirSync(root, { recursive: true });

const CHAIN_ID = 1n;
const round = { epoch: 3n, view: 258n };
const proposal: Proposal = { round, parent: 257n, payload: sha256(utf8("block 258")) };
const sig = (label: string): Uint8Array => bls.sign(utf8(label), key(label));

// ---- types.json: encodings and hashes of every consensus type, plus invalid encodings ----------
const signers = signerSet(4, [0, 2, 3]);
const notarize = { proposal, signer: 2, signature: sig("n"), seed: sig("np") };
const nullify = { round, signer: 1, signature: sig("u"), seed: sig("up") };
const finalize = { proposal, signer: 3, signature: sig("f") };
const notarization = { proposal, signers, signature: sig("N"), seed: sig("S") };
const nullification = { round, signers, signature: sig("U"), seed: sig("S") };
const finalization = { proposal, signers, signature: sig("F"), seed: sig("S") };
const seed = { round, signature: sig("S") };
write("types.json", {
  description: "Canonical encodings (hex) of the consensus types of cips/consensus.md, with their sha256 ids where defined; signatures are arbitrary valid G2 points",
  valid: [
    { type: "round", value: { epoch: round.epoch, view: round.view }, hex: enc(roundCodec, round) },
    { type: "proposal", value: { epoch: 3n, view: 258n, parent: 257n, payload: hex(proposal.payload) }, hex: enc(proposalCodec, proposal), hash: hex(proposalHash(proposal)) },
    { type: "signer_set", value: { size: 4, members: [0, 2, 3] }, hex: enc(signerSetCodec, signers) },
    { type: "signer_set", value: { size: 9, members: [8] }, hex: enc(signerSetCodec, signerSet(9, [8])) },
    { type: "notarize", hex: enc(notarizeCodec, notarize) },
    { type: "nullify", hex: enc(nullifyCodec, nullify) },
    { type: "finalize", hex: enc(finalizeCodec, finalize) },
    { type: "notarization", hex: enc(notarizationCodec, notarization), hash: hex(notarizationHash(notarization)) },
    { type: "nullification", hex: enc(nullificationCodec, nullification) },
    { type: "finalization", hex: enc(finalizationCodec, finalization) },
    { type: "block_certificate", hex: enc(blockCertificateCodec, { type: "finalization", value: finalization }) },
    { type: "seed", hex: enc(seedCodec, seed), hash: hex(seedHash(seed)) },
  ],
  invalid: [
    { type: "signer_set", hex: "0498", code: "INVALID_VALUE", reason: "bit set past the size (size 4, bit 4)" },
    { type: "signer_set", hex: "00", code: "VALUE_OUT_OF_RANGE", reason: "size 0" },
    { type: "signer_set", hex: "810801", code: "VALUE_OUT_OF_RANGE", reason: "size 1025 > MAX_VALIDATORS" },
    { type: "signer_set", hex: "04", code: "END_OF_BUFFER", reason: "bitmap byte missing" },
    { type: "round", hex: "000000000000000300000000000001", code: "END_OF_BUFFER", reason: "15 bytes" },
    { type: "block_certificate", hex: `02${enc(finalizationCodec, finalization)}`, code: "UNKNOWN_DISCRIMINANT", reason: "tag 2" },
    { type: "notarize", hex: `${enc(notarizeCodec, notarize)}00`, code: "TRAILING_BYTES", reason: "a byte after the value" },
    { type: "finalize", hex: `${enc(proposalCodec, proposal)}8008${hex(sig("f"))}`, code: "VALUE_OUT_OF_RANGE", reason: "signer 1024 >= MAX_VALIDATORS" },
  ],
});

// ---- signing.json: the exact bytes each kind of signature signs ---------------------------------
write("signing.json", {
  description: "Signed messages: u8(len(ns)) ‖ ns ‖ u64be(chain_id) ‖ body (cips/consensus.md, Signing domains)",
  chain_id: CHAIN_ID,
  proposal: enc(proposalCodec, proposal),
  round: enc(roundCodec, round),
  messages: [
    { kind: "notarize", hex: hex(notarizeMessage(CHAIN_ID, proposal)) },
    { kind: "finalize", hex: hex(finalizeMessage(CHAIN_ID, proposal)) },
    { kind: "nullify", hex: hex(nullifyMessage(CHAIN_ID, round)) },
    { kind: "seed", hex: hex(seedMessage(CHAIN_ID, round)) },
  ],
});

// ---- leader.json: stake-weighted leader sampling ------------------------------------------------
const stakeSets: bigint[][] = [
  [100n, 100n, 100n, 100n],
  [1n, 1_000_000n, 1n],
  [5n, 7n, 11n, 13n, 17n, 19n, 23n],
  [10n ** 30n, 3n * 10n ** 30n],
];
const leaderCases = [];
for (const [i, stakes] of stakeSets.entries()) {
  for (const view of [1n, 2n, 17n, 1_000_000n]) {
    const seedBytes = view === 1n ? new Uint8Array(0) : sig(`seed ${i} ${view}`);
    leaderCases.push({ stakes, epoch: BigInt(i), view, seed: hex(seedBytes), leader: selectLeader(stakes, BigInt(i), view, seedBytes) });
  }
}
write("leader.json", {
  description: "leader(v) = first index whose cumulative stake exceeds sha256(u8(24) ‖ 'COWBOY_SIMPLEX_V1_LEADER' ‖ u64be(epoch) ‖ u64be(view) ‖ seed(v-1)) mod total stake",
  cases: leaderCases,
});

// ---- certificates.json: a real 4-validator set, with valid and invalid certificates -------------
const n = 4;
const threshold = 3;
const sks = Array.from({ length: n }, (_, i) => key(`validator ${i}`));
const dealing = dealShares(key("group"), threshold, n, sha256(utf8("cowboy vector dealing")));
const certRound = { epoch: 0n, view: 5n };
const certProposal: Proposal = { round: certRound, parent: 4n, payload: sha256(utf8("block at view 5")) };
const voters = [0, 1, 3];
const seedSig = recoverSignature(
  voters.map((i) => partialSign(bls, dealing.shares[i]!, seedMessage(CHAIN_ID, certRound))),
  threshold,
);
const good: Notarization = {
  proposal: certProposal,
  signers: signerSet(n, voters),
  signature: bls.aggregateSignatures(voters.map((i) => bls.sign(notarizeMessage(CHAIN_ID, certProposal), sks[i]!))),
  seed: seedSig,
};
const finalizationGood = {
  ...good,
  signature: bls.aggregateSignatures(voters.map((i) => bls.sign(finalizeMessage(CHAIN_ID, certProposal), sks[i]!))),
};
const twoSigners = [0, 1];
const tooFew: Notarization = {
  ...good,
  signers: signerSet(n, twoSigners),
  signature: bls.aggregateSignatures(twoSigners.map((i) => bls.sign(notarizeMessage(CHAIN_ID, certProposal), sks[i]!))),
};
write("certificates.json", {
  description: "Block certificates (blockCertificateCodec) checked by verifyBlockCertificate against a 4-validator, threshold-3, equal-stake set",
  chain_id: CHAIN_ID,
  epoch: 0n,
  threshold,
  validators: sks.map((sk) => ({ stake: 100n, bls_public_key: hex(bls.getPublicKey(sk)) })),
  commitments: dealing.commitments.map(hex),
  parent: { view: certRound.view, digest: hex(certProposal.payload) },
  cases: [
    { name: "notarization by 0,1,3", hex: enc(blockCertificateCodec, { type: "notarization", value: good }), result: "ok" },
    { name: "finalization by 0,1,3", hex: enc(blockCertificateCodec, { type: "finalization", value: finalizationGood }), result: "ok" },
    { name: "two signers: not a quorum", hex: enc(blockCertificateCodec, { type: "notarization", value: tooFew }), result: "INVALID_CERTIFICATE" },
    {
      name: "bitmap names 0,1,2 but 3 signed",
      hex: enc(blockCertificateCodec, { type: "notarization", value: { ...good, signers: signerSet(n, [0, 1, 2]) } }),
      result: "INVALID_CERTIFICATE",
    },
    {
      name: "a notarize aggregate presented as a finalization",
      hex: enc(blockCertificateCodec, { type: "finalization", value: good }),
      result: "INVALID_CERTIFICATE",
    },
    { name: "seed of another round", hex: enc(blockCertificateCodec, { type: "notarization", value: { ...good, seed: sig("S") } }), result: "INVALID_CERTIFICATE" },
    {
      name: "certificate of another view",
      hex: enc(blockCertificateCodec, { type: "notarization", value: { ...good, proposal: { ...certProposal, round: { epoch: 0n, view: 6n } } } }),
      result: "CERTIFICATE_MISMATCH",
    },
  ],
});
// Resolver messages (cips/consensus.md "Sync", "Catching up"): the request for a view and the epochEnd request.
write("wire.json", {
  resolver: [
    { name: "request view 7", value: { type: "request", id: "1", view: "7" }, hex: enc(resolverMessageCodec, { type: "request", value: { id: 1n, view: 7n } }) },
    { name: "epochEnd of epoch 3", value: { type: "epochEnd", id: "2", epoch: "3" }, hex: enc(resolverMessageCodec, { type: "epochEnd", value: { id: 2n, epoch: 3n } }) },
    {
      name: "epochEnd of epoch 2^40",
      value: { type: "epochEnd", id: "300", epoch: "1099511627776" },
      hex: enc(resolverMessageCodec, { type: "epochEnd", value: { id: 300n, epoch: 1n << 40n } }),
    },
  ],
});
console.log("wrote test-vectors/consensus/{types,signing,leader,certificates,wire}.json");
