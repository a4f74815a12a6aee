import { describe, expect, it } from "vitest";
import { walkFinalized } from "../../src/finality.js";
import { ViewState } from "../../src/rounds.js";

const sig = new Uint8Array(96);
const signers = { size: 4, bits: Uint8Array.of(0xe0) };

/** A view whose block (parent `parent`) is certified by a notarization, or only named by one when `payload` is false. */
function certified(view: bigint, parent: bigint, payload = true): ViewState {
  const s = new ViewState(view);
  const proposal = { round: { epoch: 0n, view }, parent, payload: new Uint8Array(32).fill(Number(view)) };
  s.notarization = { proposal, signers, signature: sig, seed: sig };
  s.proposal = proposal;
  if (payload) s.payload = Uint8Array.of(Number(view));
  return s;
}

function views(...states: ViewState[]): Map<bigint, ViewState> {
  return new Map(states.map((s) => [s.view, s]));
}

describe("walking a finalized chain back to the anchor", () => {
  it("collects every ancestor above the anchor, skipping nullified views, ascending", () => {
    const walk = walkFinalized(views(certified(3n, 2n), certified(5n, 3n), certified(8n, 5n)), 8n, 2n);
    expect(walk.type).toBe("complete");
    expect(walk.type === "complete" && walk.chain.map((s) => s.view)).toEqual([3n, 5n, 8n]);
  });

  it("names the first view whose block or certificate is missing", () => {
    expect(walkFinalized(views(certified(5n, 3n), certified(8n, 5n)), 8n, 2n)).toEqual({ type: "missing", view: 3n });
    expect(walkFinalized(views(certified(3n, 2n), certified(5n, 3n, false), certified(8n, 5n)), 8n, 2n)).toEqual({ type: "missing", view: 5n });
  });

  it("refuses a held block that is not the certified one", () => {
    const s = certified(5n, 3n);
    s.proposal = { ...(s.proposal as NonNullable<ViewState["proposal"]>), payload: new Uint8Array(32).fill(99) };
    expect(walkFinalized(views(certified(3n, 2n), s, certified(8n, 5n)), 8n, 2n)).toEqual({ type: "missing", view: 5n });
  });

  it("reports a chain that jumps over the anchor as a conflict", () => {
    expect(walkFinalized(views(certified(6n, 1n), certified(8n, 6n)), 8n, 4n)).toEqual({ type: "conflict", reached: 1n });
  });
});
