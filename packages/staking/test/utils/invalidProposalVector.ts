// The cases of test-vectors/staking/invalid-proposal.json (written by scripts/gen-vectors.ts, read by
// test/spec/vectors.test.ts): real headers signed by pool key 0 as its leader's notarize vote, each with the
// verdict of checkInvalidProposal (the defect it proves, or the StakingError code).
import { toHex } from "@cowboy/codec";
import type { Header } from "@cowboy/types";
import { checkInvalidProposal, StakingError, type InvalidProposalEvidence } from "../../src/index.js";
import { addr, poolKey } from "./fixture.js";
import { parentCertificate, proposalEvidence, type ProposalSpec } from "./proposals.js";

export const VECTOR_CHAIN_ID = 1337n;

export interface InvalidProposalCase {
  readonly name: string;
  readonly epoch: string;
  readonly view: string;
  readonly parent: string;
  readonly header: string;
  readonly signature: string;
  readonly defect?: string;
  readonly error?: string;
}

export interface InvalidProposalVector {
  readonly chainId: string;
  readonly offender: string;
  readonly blsPublicKey: string;
  readonly cases: readonly InvalidProposalCase[];
}

/** The verdict of the evidence under `blsPublicKey`: `{defect}` or `{error}`. */
export function verdict(chainId: bigint, e: InvalidProposalEvidence, blsPublicKey: Uint8Array): { defect: string } | { error: string } {
  try {
    return { defect: checkInvalidProposal(chainId, e, blsPublicKey) };
  } catch (error) {
    if (error instanceof StakingError) return { error: error.code };
    throw error;
  }
}

export function invalidProposalVector(): InvalidProposalVector {
  const leader = addr(0x0a);
  const base: ProposalSpec = { chainId: VECTOR_CHAIN_ID, leader, key: poolKey(0), epoch: 1n, view: 12n, parent: 11n, height: 9n };
  const cases: Array<[string, ProposalSpec, (h: Header) => Header]> = [
    ["honest header: no defect", base, (h) => h],
    ["round is not the signed view", base, (h) => ({ ...h, round: 13n })],
    ["height 1 on a parent made by consensus", base, (h) => ({ ...h, height: 1n })],
    ["a height above its view (manual-mode blocks before consensus): no defect", { ...base, height: 900n }, (h) => h],
    ["parent hash is not the certified block", base, (h) => ({ ...h, parent_hash: new Uint8Array(32).fill(0x9b) })],
    ["certificate of another view", base, (h) => ({ ...h, certificate: parentCertificate(1n, 10n) })],
    ["beacon is not the parent's seed", base, (h) => ({ ...h, beacon: new Uint8Array(96).fill(0x5e) })],
    ["child of genesis with a certificate", { ...base, epoch: 0n, view: 1n, parent: 0n, height: 1n }, (h) => ({ ...h, certificate: parentCertificate(0n, 1n) })],
    ["another validator's proposal", { ...base, leader: addr(0x0b) }, (h) => ({ ...h, round: 13n })],
  ];
  return {
    chainId: VECTOR_CHAIN_ID.toString(),
    offender: toHex(leader),
    blsPublicKey: toHex(poolKey(0).publicKey),
    cases: cases.map(([name, spec, edit]) => {
      const e = proposalEvidence(spec, edit);
      return {
        name,
        epoch: e.epoch.toString(),
        view: e.view.toString(),
        parent: e.parent.toString(),
        header: toHex(e.header),
        signature: toHex(e.signature),
        ...verdict(VECTOR_CHAIN_ID, { ...e, offender: leader }, poolKey(0).publicKey),
      };
    }),
  };
}
