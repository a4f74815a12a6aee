import { finalizeMessage, notarizeMessage } from "@cowboy/types";
import { bls } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { createConsensus, type EngineOptions, type Equivocation, type RefusedProposal } from "../../src/index.js";
import { archiveOf, CHAIN_ID, secretKey, testApplication, type NodeRecord } from "./harness.js";
import { Simulation, simulatedPeerId } from "@cowboy/runtime";
import { dealShares, sha256 } from "@cowboy/crypto";

// A validator made to misbehave, watched by three honest ones: a double signer (the test-only `testDoubleSign`),
// whose two validly signed finalize votes for one view every honest node reports once, and a leader proposing
// blocks the others refuse, handed to `hooks.refusedProposal` with the leader's verified notarize signature.

const labels = ["v0", "v1", "v2", "v3"];
const keys = labels.map(secretKey);
const validators = labels.map((label, i) => ({
  address: sha256(new TextEncoder().encode(label)).slice(0, 20),
  stake: 100n,
  blsPublicKey: bls.getPublicKey(keys[i]!),
  peer: simulatedPeerId(label),
}));

/** Four engines for 4 s; `tune(i, node)` adds node i's options. */
async function run(seed: bigint, tune: (i: number, node: NodeRecord) => Partial<EngineOptions>): Promise<NodeRecord[]> {
  const sim = new Simulation({ seed });
  const dealing = dealShares(secretKey("group"), 3, 4, sha256(new TextEncoder().encode("double")));
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
        ...tune(i, node),
      });
      node.engine = engine;
      return engine.start();
    });
  });
  await sim.run({ forMs: 4_000 });
  return nodes;
}

describe("misbehaving validators", () => {
  it("reports the equivocating validator's two finalize votes exactly once per honest node", async () => {
    const reports: Equivocation[][] = labels.map(() => []);
    const nodes = await run(41n, (i) => ({ ...(i === 2 ? { testDoubleSign: { done: false } } : {}), hooks: { equivocation: (e) => reports[i]!.push(e) } }));
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

  it("hands every refused proposal to hooks.refusedProposal with the leader's notarize signature over its bytes", async () => {
    const refused: RefusedProposal[][] = labels.map(() => []);
    const nodes = await run(43n, (i, node) => {
      const app = testApplication(node, false);
      // Validator 1 builds every block 5 heights too high: the others' verify refuses it.
      const application = i === 1 ? { ...app, propose: (ctx: Parameters<typeof app.propose>[0]) => app.propose({ ...ctx, parentHeight: ctx.parentHeight + 5n }) } : app;
      return { application, hooks: { refusedProposal: (p) => refused[i]!.push(p) } };
    });
    expect(nodes[0]!.finalized.length).toBeGreaterThan(3);
    for (const i of [0, 2, 3]) {
      expect(refused[i]!.length).toBeGreaterThan(0);
      for (const p of refused[i]!) {
        expect([p.leader, p.address, p.blsPublicKey]).toEqual([1, validators[1]!.address, validators[1]!.blsPublicKey]);
        const proposal = { round: p.round, parent: p.parent, payload: sha256(p.payload) };
        expect(bls.verify(p.signature, notarizeMessage(CHAIN_ID, proposal), validators[1]!.blsPublicKey)).toBe(true);
      }
      // None of validator 1's blocks was finalized; everyone else's were.
      expect(nodes[i]!.finalized.some((b) => refused[i]!.some((p) => p.round.view === b.view))).toBe(false);
    }
    expect(refused[1]).toEqual([]);
  }, 60_000);
});
