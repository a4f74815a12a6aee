import type { Storage } from "@cowboy/runtime";
import type { Finalization, Notarization, Proposal } from "@cowboy/types";
import { replayEntries } from "./journal.js";
import { sameProposal } from "./rounds.js";
import type { ResolvedView } from "./wire.js";

// The proof that a bridge block made an epoch's last block final (cips/consensus.md "Catching up"): when a
// bridge block's finalization finalized the last block, the archive holds the last block with its notarization
// only. The engine that ran the epoch journaled the bridge blocks it verified and their certificates (sections
// above the last block's view survive pruning), so a peer serves a node catching up the chain from the last
// block up to that finalization, read back from its journal of the epoch.

interface Held {
  finalization?: Finalization;
  notarization?: Notarization;
  block?: { proposal: Proposal; payload: Uint8Array };
}

/**
 * The certified blocks above `lastView` (ascending) ending in the highest journaled finalization whose parent
 * chain reaches `lastView`, each as a resolver answer; undefined when the journal `name` holds no such chain.
 */
export async function bridgeChain(storage: Storage, name: string, lastView: bigint): Promise<Array<{ view: bigint; answer: ResolvedView }> | undefined> {
  const journal = await storage.journal(name);
  const held = new Map<bigint, Held>();
  try {
    for (const { view, entry } of replayEntries(journal)) {
      if (view <= lastView) continue;
      const h = held.get(view) ?? {};
      if (entry.type === "finalization") h.finalization = entry.value;
      else if (entry.type === "notarization") h.notarization = entry.value;
      else if (entry.type === "block") h.block = entry.value;
      else continue;
      held.set(view, h);
    }
  } finally {
    await journal.close();
  }
  const finalized = [...held.entries()].filter(([, h]) => h.finalization !== undefined).sort(([a], [b]) => (a > b ? -1 : a < b ? 1 : 0));
  for (const [top] of finalized) {
    const chain: Array<{ view: bigint; answer: ResolvedView }> = [];
    let view = top;
    for (let h = held.get(view); h !== undefined && view > lastView; h = held.get(view)) {
      const certificate =
        h.finalization !== undefined
          ? ({ type: "finalization", value: h.finalization } as const)
          : h.notarization !== undefined
            ? ({ type: "notarization", value: h.notarization } as const)
            : undefined;
      if (certificate === undefined || h.block === undefined || !sameProposal(h.block.proposal, certificate.value.proposal)) break;
      chain.push({ view, answer: { type: "block", value: { certificate, payload: h.block.payload } } });
      view = certificate.value.proposal.parent;
    }
    if (view === lastView) return chain.reverse();
  }
  return undefined;
}
