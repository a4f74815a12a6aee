// Proposals for the invalid-proposal tests and vectors: a header as an honest leader of `view` on a parent
// at `parent` would build it (a certificate for the parent, the parent's seed as beacon in the next view),
// edited by `edit`, and the leader's real notarize signature over it.
import { encode } from "@cowboy/codec";
import { nobleBls } from "@cowboy/crypto";
import { blockCertificateCodec, encodeHeader, headerHash, notarizeMessage, signerSet, type Header } from "@cowboy/types";
import type { InvalidProposalEvidence } from "../../src/index.js";
import type { BlsKey } from "./fixture.js";

export const PARENT_HASH = new Uint8Array(32).fill(0x9a);
export const PARENT_SEED = new Uint8Array(96).fill(0x5d);

/** The parent's notarization as a header carries it (its aggregate and seed are placeholders: nothing here verifies them). */
export function parentCertificate(epoch: bigint, parent: bigint, payload = PARENT_HASH, seed = PARENT_SEED): Uint8Array {
  return encode(blockCertificateCodec, {
    type: "notarization",
    value: { proposal: { round: { epoch, view: parent }, parent: parent - 1n, payload }, signers: signerSet(4, [0, 1, 2]), signature: new Uint8Array(96).fill(0x33), seed },
  });
}

export interface ProposalSpec {
  readonly chainId: bigint;
  readonly leader: Uint8Array;
  readonly key: BlsKey;
  readonly epoch: bigint;
  readonly view: bigint;
  readonly parent: bigint;
  /** The height an honest leader would give it (the parent's plus one). */
  readonly height: bigint;
}

export function honestHeader(s: ProposalSpec): Header {
  const genesisChild = s.parent === 0n;
  return {
    parent_hash: genesisChild ? new Uint8Array(32).fill(0x01) : PARENT_HASH,
    height: s.height,
    round: s.view,
    proposer: s.leader,
    timestamp_ms: 1_700_000_000_000n + s.view,
    state_root: new Uint8Array(32).fill(0x11),
    transactions_root: new Uint8Array(32).fill(0x22),
    receipts_root: new Uint8Array(32).fill(0x33),
    cycle_basefee: 1_000n,
    cell_basefee: 10n,
    lane_usage: { system: 0n, timer: 0n, runner: 0n, user: 0n },
    cycles_used: 0n,
    cells_used: 0n,
    certificate: genesisChild ? new Uint8Array(0) : parentCertificate(s.epoch, s.parent),
    beacon: s.view === 1n ? new Uint8Array(0) : s.parent === s.view - 1n ? PARENT_SEED : new Uint8Array(96).fill(0x77),
  };
}

/** Evidence for the honest header edited by `edit`, signed by the leader's key as its notarize vote. */
export function proposalEvidence(s: ProposalSpec, edit: (h: Header) => Header = (h) => h): InvalidProposalEvidence {
  const header = edit(honestHeader(s));
  const proposal = { round: { epoch: s.epoch, view: s.view }, parent: s.parent, payload: headerHash(header) };
  return {
    offender: s.leader,
    epoch: s.epoch,
    view: s.view,
    parent: s.parent,
    header: encodeHeader(header),
    signature: nobleBls.sign(notarizeMessage(s.chainId, proposal), s.key.secretKey),
  };
}
