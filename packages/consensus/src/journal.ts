import { atMost, bytes, decode, encode, struct, variant, type Infer } from "@cowboy/codec";
import type { Journal } from "@cowboy/runtime";
import { finalizationCodec, finalizeCodec, notarizationCodec, notarizeCodec, nullificationCodec, nullifyCodec, proposalCodec } from "@cowboy/types";
import { ConsensusError } from "./errors.js";
import { MAX_PAYLOAD_BYTES } from "./wire.js";

// The vote journal (cips/consensus.md, "Journal"): one section per view. Every vote this node casts
// is appended and the journal synced BEFORE the vote leaves the node, so a restarted node never
// signs a second, different vote in a view. Certificates and verified blocks are appended too, so a
// restart rebuilds its views without asking peers. Sections below the finalized view are pruned.

export const journalRecordCodec = variant({
  notarize: { tag: 0, codec: notarizeCodec },
  nullify: { tag: 1, codec: nullifyCodec },
  finalize: { tag: 2, codec: finalizeCodec },
  notarization: { tag: 3, codec: notarizationCodec },
  nullification: { tag: 4, codec: nullificationCodec },
  finalization: { tag: 5, codec: finalizationCodec },
  /** A block this node proposed or verified (so it can build on it after a restart). */
  block: { tag: 6, codec: struct({ proposal: proposalCodec, payload: bytes(atMost(MAX_PAYLOAD_BYTES)) }) },
});
export type JournalEntry = Infer<typeof journalRecordCodec>;

export function appendEntry(journal: Journal, view: bigint, entry: JournalEntry): void {
  journal.append(view, encode(journalRecordCodec, entry));
}

/** Every entry of the journal in section order; a record that does not decode is JOURNAL_CORRUPT. */
export function* replayEntries(journal: Journal): Generator<{ view: bigint; entry: JournalEntry }> {
  for (const { section, record } of journal.replay()) {
    let entry: JournalEntry;
    try {
      entry = decode(journalRecordCodec, record);
    } catch (err) {
      throw new ConsensusError("JOURNAL_CORRUPT", `journal section ${section}: a record does not decode`, { section }, { cause: err });
    }
    yield { view: section, entry };
  }
}
