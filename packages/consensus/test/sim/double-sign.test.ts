import { finalizeMessage } from "@cowboy/types";
import { bls } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { createConsensus, type Equivocation } from "../../src/index.js";
import { archiveOf, CHAIN_ID, secretKey, testApplication, type NodeRecord } from "./harness.js";
import { Simulation, simulatedPeerId } from "@cowboy/runtime";
import { dealShares, sha256 } from "@cowboy/crypto";

// A validator made to double-sign (the test-only `testDoubleSign`): every honest node sees two validly signed
// finalize votes of it for one view and reports them once, with both signatures checkable by anyone.

describe("double-sign detection", () => {
  it("reports the equivocating validator's two finalize votes exactly once per honest node", async () => {
    const sim = new Simulation({ seed: 41n });
    const labels = ["v0", "v1", "v2", "v3"];
    const keys = labels.map(secretKey);
    const dealing = dealShares(secretKey("group"), 3, 4, sha256(new TextEncoder().encode("double")));
    const validators = labels.map((label, i) => ({
      address: sha256(new TextEncoder().encode(label)).slice(0, 20),
      stake: 100n,
      blsPublicKey: bls.getPublicKey(keys[i]!),
      peer: simulatedPeerId(label),
    }));
    const reports: Equivocation[][] = labels.map(() => []);
    const nodes: NodeRecord[] = labels.map((label, index) => ({ label, index, finalized: [], notarized: [], metrics: [], warnings: [], engine: undefined }));
    nodes.forEach((node, i) => {
      sim.add(node.label, (ctx) => {
        const engine = createConsensus({
          context: ctx,
          chainId: CHAIN_ID,
          epoch: 0n,
          validators,
          threshold: 3,
          commitments: dealing.commitments,
          self: { index: i, blsSecretKey: keys[i]!, share: dealing.shares[i]! },
          application: testApplication(node, false),
          archive: archiveOf(node),
          blockTimeMs: 200,
          timeouts: { leaderMs: 1_000, notarizationMs: 1_500, nullifyRetryMs: 2_000, fetchMs: 300 },
          ...(i === 2 ? { testDoubleSign: { done: false } } : {}),
          hooks: { equivocation: (e) => reports[i]!.push(e) },
        });
        node.engine = engine;
        return engine.start();
      });
    });
    await sim.run({ forMs: 4_000 });
    expect(nodes[0]!.finalized.length).toBeGreaterThan(5);
    for (const i of [0, 1, 3]) {
      expect(reports[i]!.length).toBe(1);
      const e = reports[i]![0]!;
      expect(e).toMatchObject({ kind: "finalize", signer: 2 });
      expect(e.address).toEqual(validators[2]!.address);
      for (const side of [e.a, e.b]) {
        const proposal = { round: e.round, parent: side.parent, payload: side.payload };
        expect(bls.verify(side.signature, finalizeMessage(CHAIN_ID, proposal), validators[2]!.blsPublicKey)).toBe(true);
      }
      expect(e.a.payload).not.toEqual(e.b.payload);
    }
    expect(reports[2]).toEqual([]);
  }, 60_000);
});
