import { sameProposal, type ViewState } from "./rounds.js";

// The finalized chain (cips/consensus.md, "Finality"): a finalization of view t makes its block and
// every ancestor above the finalized anchor final. The ancestors are found by walking parent views
// back from t, each view's block being the one its notarization or finalization certifies; the walk
// must land exactly on the anchor, or two conflicting blocks were finalized.

export type ChainWalk =
  /** Every block from just above the anchor up to the target, ascending. */
  | { readonly type: "complete"; readonly chain: readonly ViewState[] }
  /** The certificate or block of this view is not held: fetch it and walk again. */
  | { readonly type: "missing"; readonly view: bigint }
  /** The walk jumped over the anchor: a safety violation (more than a third of the stake is faulty). */
  | { readonly type: "conflict"; readonly reached: bigint };

export function walkFinalized(views: ReadonlyMap<bigint, ViewState>, targetView: bigint, anchorView: bigint): ChainWalk {
  const chain: ViewState[] = [];
  let view = targetView;
  while (view > anchorView) {
    const s = views.get(view);
    const certified = s?.certifiedProposal();
    if (s === undefined || certified === undefined || s.payload === undefined || s.proposal === undefined || !sameProposal(s.proposal, certified)) {
      return { type: "missing", view };
    }
    chain.push(s);
    view = certified.parent;
  }
  if (view !== anchorView) return { type: "conflict", reached: view };
  return { type: "complete", chain: chain.reverse() };
}
