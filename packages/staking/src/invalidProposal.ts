// Invalid-proposal evidence (spec §6 "Slashing": an invalid block proposal, jail and no slash;
// cips/staking.md "Invalid proposals"). A leader proposes through its own notarize vote over
// (round, parent view, block hash), so the header plus that signature bind the leader to the header.
// Only defects the header proves by itself are punished: nothing here re-executes a block or needs
// the chain's history.
import { decode, encode, equalBytes, U64_MAX, uint } from "@cowboy/codec";
import { bls } from "@cowboy/crypto";
import { blockCertificateCodec, decodeHeader, headerHash, notarizeMessage, type BlockCertificate, type Header } from "@cowboy/types";
import { invalidEvidence as invalid, StakingError } from "./errors.js";
import { evidenceKey } from "./keys.js";
import { jail, type StakingContext } from "./lifecycle.js";
import { getValidator } from "./store.js";
import type { ValidatorRecord } from "./validator.js";

/** The evidence record's kind byte (`08 ‖ offender ‖ kind ‖ epoch ‖ view`): 0 and 1 are the double votes'. */
export const INVALID_PROPOSAL_EVIDENCE_KIND = 2;

export interface InvalidProposalEvidence {
  readonly offender: Uint8Array;
  readonly epoch: bigint;
  readonly view: bigint;
  /** The parent view the leader's notarize vote names. */
  readonly parent: bigint;
  /** The proposed block's header, canonically encoded (its keccak256 is the signed block hash). */
  readonly header: Uint8Array;
  /** The leader's notarize signature over (round, parent, block hash). */
  readonly signature: Uint8Array;
}

function certificateOf(bytes: Uint8Array): BlockCertificate | undefined {
  try {
    return decode(blockCertificateCodec, bytes);
  } catch {
    return undefined;
  }
}

/**
 * The first defect a proposal's header proves about itself, or undefined. `view` and `parent` are the
 * ones its leader signed. Every rule holds for every block an honest leader builds (views only grow and
 * start at 1, so a block's height never exceeds its view; a certificate is unique per view; a round's
 * seed is a unique threshold signature). A block's height is not compared with its view: a chain with blocks made
 * in manual mode (round 0) before consensus started has heights above its views.
 */
export function proposalDefect(header: Header, view: bigint, parent: bigint): string | undefined {
  if (header.round !== view) return `round: the header says ${header.round}, the leader signed view ${view}`;
  if (parent >= view) return `parent view ${parent} is not below the view ${view}`;
  // Heights are not bounded by views: a chain whose earlier blocks were made without consensus (a node's manual
  // mode writes round 0) starts its engine at view 0 above height 0, so only what holds on every chain is checked.
  if (parent === 0n) {
    if (header.height === 0n) return "height: 0 is the genesis block's, never a proposal's";
    if (header.certificate.length !== 0) return "certificate: a child of genesis carries none";
    if (view === 1n && header.beacon.length !== 0) return "beacon: view 1 has no previous seed";
    return undefined;
  }
  if (header.height < 2n) return `height: ${header.height} cannot follow a block of view ${parent} (made by consensus, so at least height 1)`;
  const cert = certificateOf(header.certificate);
  if (cert === undefined) return "certificate: the parent's certificate does not decode";
  const certified = cert.value.proposal;
  if (certified.round.view !== parent) return `certificate: it certifies view ${certified.round.view}, the leader signed parent view ${parent}`;
  if (!equalBytes(certified.payload, header.parent_hash)) return "parent hash: not the block the parent's certificate certifies";
  if (parent === view - 1n && !equalBytes(header.beacon, cert.value.seed)) return "beacon: not the seed of the previous view its certificate carries";
  return undefined;
}

/**
 * Throws INVALID_EVIDENCE unless `e` proves an invalid proposal by `e.offender` whose registered key is
 * `blsPublicKey`: the header decodes, names the offender as proposer (its own proposal), its hash is what
 * the offender's notarize signature for (epoch, view, parent) signs, and it has a defect. Returns the defect.
 */
export function checkInvalidProposal(chainId: bigint, e: InvalidProposalEvidence, blsPublicKey: Uint8Array): string {
  for (const [name, n] of [
    ["epoch", e.epoch],
    ["view", e.view],
    ["parent", e.parent],
  ] as const) {
    if (typeof n !== "bigint" || n < 0n || n > U64_MAX) invalid(`${name}: expected a u64`);
  }
  if (!(e.signature instanceof Uint8Array) || e.signature.length !== 96) invalid("signature: expected 96 bytes (compressed G2)");
  if (!(e.header instanceof Uint8Array)) invalid("header: expected bytes");
  let header: Header;
  try {
    header = decodeHeader(e.header);
  } catch (error) {
    return invalid(`header: does not decode (${(error as Error).message})`);
  }
  if (!equalBytes(header.proposer, e.offender)) invalid("header: its proposer is not the offender (only a leader's own proposal is evidence)");
  const proposal = { round: { epoch: e.epoch, view: e.view }, parent: e.parent, payload: headerHash(header) };
  let ok: boolean;
  try {
    ok = bls.verify(e.signature, notarizeMessage(chainId, proposal), blsPublicKey);
  } catch {
    ok = false; // not a point of G2
  }
  if (!ok) invalid("signature: not the offender's notarize vote for this header");
  return proposalDefect(header, e.view, e.parent) ?? invalid("the header has no defect this evidence can prove");
}

/**
 * report_invalid_proposal: verifies the evidence, then jails the offender (the doubling jail period; no
 * stake taken). One proposal (offender, epoch, view) is punished once.
 */
export function reportInvalidProposal(ctx: StakingContext, chainId: bigint, e: InvalidProposalEvidence): { defect: string; record: ValidatorRecord } {
  if (!(e.offender instanceof Uint8Array) || e.offender.length !== 20) throw new StakingError("INVALID_ARGUMENT", "offender: expected 20 bytes");
  const record = getValidator(ctx.state, e.offender);
  if (record === undefined) throw new StakingError("NOT_A_VALIDATOR", "offender: no validator record (a withdrawn validator is out of reach)");
  const defect = checkInvalidProposal(chainId, e, record.blsPublicKey);
  const key = evidenceKey(e.offender, INVALID_PROPOSAL_EVIDENCE_KIND, e.epoch, e.view);
  if (ctx.state.get(key) !== undefined) throw new StakingError("EVIDENCE_ALREADY_USED", `this proposal (epoch ${e.epoch}, view ${e.view}) was already punished`);
  ctx.state.set(key, encode(uint, ctx.height));
  return { defect, record: jail(ctx, e.offender) };
}
