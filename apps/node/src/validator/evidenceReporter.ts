// Double votes as evidence (cips/staking.md "Evidence"; spec §6 "Slashing"): every double vote the engine
// reports (both signatures checked there) is submitted once as `report_double_vote`, signed by this
// validator's account. Several validators may submit the same offence: the first included punishes, the
// others revert with EVIDENCE_ALREADY_USED and cost their senders the fee.
import { toHex } from "@cowboy/codec";
import type { Equivocation } from "@cowboy/consensus";
import { VoteKind } from "@cowboy/staking";
import type { Instruction } from "@cowboy/types";
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

export class EvidenceReporter {
  readonly #sent = new Set<string>();

  constructor(private readonly o: { readonly logger: Logger; readonly submit: (instruction: Instruction) => void }) {}

  report(e: Equivocation): void {
    const key = `${toHex(e.address)}:${e.kind}:${e.round.epoch}:${e.round.view}`;
    if (this.#sent.has(key)) return;
    this.#sent.add(key);
    try {
      this.o.submit(evidenceInstruction(e));
      this.o.logger.warn("double vote reported", { offender: `0x${toHex(e.address)}`, kind: e.kind, epoch: e.round.epoch, view: e.round.view });
    } catch (error) {
      this.o.logger.warn("double vote report failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
