// Misbehaviour as evidence (cips/staking.md "Evidence", "Invalid proposals"; spec §6 "Slashing"): every double
// vote the engine reports (both signatures checked there) is submitted once as `report_double_vote`, and every
// refused proposal whose header proves its own defect once as `report_invalid_proposal`, signed by this
// validator's account. Several validators may submit the same offence: the first included punishes, the
// others revert with EVIDENCE_ALREADY_USED and cost their senders the fee.
import { toHex } from "@cowboy/codec";
import type { Equivocation, RefusedProposal } from "@cowboy/consensus";
import { checkInvalidProposal, StakingError, VoteKind } from "@cowboy/staking";
import { decodeBlock, encodeHeader, type Instruction } from "@cowboy/types";
import type { Logger } from "../logger.js";

/** The report_double_vote instruction for a double vote. */
export function evidenceInstruction(e: Equivocation): Instruction {
  return {
    type: "report_double_vote",
    offender: e.address,
    kind: BigInt(e.kind === "notarize" ? VoteKind.Notarize : VoteKind.Finalize),
    epoch: e.round.epoch,
    view: e.round.view,
    parentA: e.a.parent,
    payloadA: e.a.payload,
    signatureA: e.a.signature,
    parentB: e.b.parent,
    payloadB: e.b.payload,
    signatureB: e.b.signature,
  };
}

/**
 * The report_invalid_proposal instruction for a refused proposal, with the defect the chain will find, or
 * undefined when the block does not decode or its header proves no defect by itself (a block refused for
 * what its execution does is not evidence: the chain does not re-execute blocks).
 */
export function invalidProposalInstruction(chainId: bigint, p: RefusedProposal): { instruction: Instruction; defect: string } | undefined {
  let header: Uint8Array;
  try {
    header = encodeHeader(decodeBlock(p.payload).header);
  } catch {
    return undefined;
  }
  const e = { offender: p.address, epoch: p.round.epoch, view: p.round.view, parent: p.parent, header, signature: p.signature };
  try {
    const defect = checkInvalidProposal(chainId, e, p.blsPublicKey);
    return { instruction: { type: "report_invalid_proposal", ...e }, defect };
  } catch (error) {
    if (error instanceof StakingError) return undefined;
    throw error;
  }
}

/** Offences remembered as reported (the oldest forgotten past this): evidence is deduplicated on chain anyway. */
export const MAX_REMEMBERED_REPORTS = 4096;

export class EvidenceReporter {
  readonly #sent = new Set<string>();

  constructor(private readonly o: { readonly chainId: bigint; readonly logger: Logger; readonly submit: (instruction: Instruction) => void }) {}

  report(e: Equivocation): void {
    this.#once(`${toHex(e.address)}:${e.kind}:${e.round.epoch}:${e.round.view}`, "double vote", () => evidenceInstruction(e), {
      offender: `0x${toHex(e.address)}`,
      kind: e.kind,
      epoch: e.round.epoch,
      view: e.round.view,
    });
  }

  reportProposal(p: RefusedProposal): void {
    const key = `${toHex(p.address)}:proposal:${p.round.epoch}:${p.round.view}`;
    if (this.#sent.has(key)) return;
    const evidence = invalidProposalInstruction(this.o.chainId, p);
    if (evidence === undefined) return;
    this.#once(key, "invalid proposal", () => evidence.instruction, { offender: `0x${toHex(p.address)}`, epoch: p.round.epoch, view: p.round.view, defect: evidence.defect });
  }

  #once(key: string, what: string, instruction: () => Instruction, fields: Record<string, unknown>): void {
    if (this.#sent.has(key)) return;
    this.#sent.add(key);
    if (this.#sent.size > MAX_REMEMBERED_REPORTS) this.#sent.delete(this.#sent.values().next().value!);
    try {
      this.o.submit(instruction());
      this.o.logger.warn(`${what} reported`, fields);
    } catch (error) {
      this.o.logger.warn(`${what} report failed`, { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
