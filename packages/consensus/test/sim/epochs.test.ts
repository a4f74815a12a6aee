import { decode, toHex } from "@cowboy/codec";
import { bls, dealShares, sha256, type ThresholdDealing } from "@cowboy/crypto";
import { type Context, Simulation, simulatedPeerId } from "@cowboy/runtime";
import { blockCertificateCodec, signerIndices } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { CHANNELS, createEpochConsensus, createValidatorSet, finalizationValid, notarizationValid, type EpochConsensus, type EpochPlan, type Validator } from "../../src/index.js";
import { proposalMessageCodec, voteMessageCodec } from "../../src/wire.js";
import { withSend } from "./byzantine.js";
import { archiveOf, assertSafety, blockCodec, CHAIN_ID, finalizedHeight, secretKey, testApplication, type NodeRecord } from "./harness.js";

// The epoch switch with real BLS keys: five nodes, epochs of L = 6 heights whose sets and group keys differ
// (epoch 0: v0..v3 under key A; epoch 1: v1..v4 under key B; epoch 2 and later: v0..v3 under key C), so
// every boundary changes the members, the share keys and the beacon's verification key.

const L = 6n;
const labels = ["v0", "v1", "v2", "v3", "v4"];
const keys = labels.map(secretKey);
const validator = (i: number): Validator => ({
  address: sha256(new TextEncoder().encode(labels[i] as string)).slice(0, 20),
  stake: 100n + BigInt(i),
  blsPublicKey: bls.getPublicKey(keys[i] as Uint8Array),
  peer: simulatedPeerId(labels[i] as string),
});
const members = (e: bigint): number[] => (e === 1n ? [1, 2, 3, 4] : [0, 1, 2, 3]);
const dealings = new Map<bigint, ThresholdDealing>();
const dealingOf = (e: bigint): ThresholdDealing => {
  const k = e >= 2n ? 2n : e;
  let d = dealings.get(k);
  if (d === undefined) {
    d = dealShares(secretKey(`group-${k}`), 3, 4, sha256(new TextEncoder().encode(`dealing-${k}`)));
    dealings.set(k, d);
  }
  return d;
};
const epochOf = (height: bigint): bigint => height / L;

function planFor(e: bigint, node: number): EpochPlan {
  const d = dealingOf(e);
  const m = members(e);
  const index = m.indexOf(node);
  return {
    set: { chainId: CHAIN_ID, epoch: e, validators: m.map(validator), threshold: 3, commitments: d.commitments },
    ...(index < 0 ? {} : { self: { index, blsSecretKey: keys[node] as Uint8Array, share: d.shares[index]! } }),
    lastHeight: (e + 1n) * L - 1n,
  };
}

function network(seed: bigint, wrap: (ctx: Context) => Context = (ctx) => ctx) {
  const sim = new Simulation({ seed });
  const nodes: NodeRecord[] = labels.map((label, index) => ({ label, index, finalized: [], notarized: [], metrics: [], warnings: [], engine: undefined }));
  const runners: EpochConsensus[] = [];
  const switches: string[] = [];
  nodes.forEach((node, i) => {
    sim.add(node.label, (raw) => {
      const ctx = wrap(raw);
      const runner = createEpochConsensus({
        context: ctx,
        schedule: { epochOf, plan: (e) => planFor(e, i), lastHeightOf: (e) => (e + 1n) * L - 1n },
        application: testApplication(node, false),
        archive: archiveOf(node),
        blockTimeMs: 200,
        timeouts: { leaderMs: 1_000, notarizationMs: 1_500, nullifyRetryMs: 2_000, fetchMs: 300 },
        onEpoch: (epoch, _set, self) => switches.push(`${node.label}:${epoch}:${self ?? "-"}`),
        hooks: {
          log: (level, message, fields) => {
            if (level === "warn" || level === "error") node.warnings.push(`${message} ${JSON.stringify(fields, (_k, v) => (typeof v === "bigint" ? String(v) : v))}`);
          },
        },
      });
      runners[i] = runner;
      node.engine = runner;
      return runner.start();
    });
  });
  return { sim, nodes, runners, switches, crash: (i: number) => sim.crash(labels[i]!), restart: (i: number) => sim.restart(labels[i]!) };
}

describe("epoch switch (one engine per epoch, real BLS keys)", () => {
  it.each([21n, 34n])(
    "seed %s: finalizes across boundaries that change members and keys; a node restarted mid-epoch resumes that epoch",
    async (seed) => {
      const net = network(seed);
      // v2 crashes in the middle of epoch 1 and comes back in it (its archive and journals survive).
      let crashedAt = -1n;
      expect(await net.sim.runUntil(() => finalizedHeight(net.nodes[2]!) >= 8n, { maxMs: 20_000 })).toBe(true);
      crashedAt = finalizedHeight(net.nodes[2]!);
      net.crash(2);
      await net.sim.run({ forMs: 600 });
      net.restart(2);
      const reached = await net.sim.runUntil(() => net.nodes.every((n) => finalizedHeight(n) >= 4n * L), { maxMs: 60_000 });
      if (!reached)
        console.log(
          net.nodes.map((n) => `${n.label} ${finalizedHeight(n)} ${n.warnings.slice(0, 8).join("; ")}`),
          net.switches,
        );
      expect(reached).toBe(true);
      assertSafety(net.nodes);
      expect(crashedAt).toBeLessThan(2n * L - 1n);
      // The restarted node resumed the epoch of its next block (1), not genesis's.
      expect(net.switches.filter((s) => s.startsWith("v2:")).slice(0, 4)).toEqual(["v2:0:2", "v2:1:1", "v2:1:1", "v2:2:2"]);
      // v4 follows epoch 0 and votes in epoch 1; v0 follows epoch 1.
      expect(net.switches).toContain("v4:0:-");
      expect(net.switches).toContain("v4:1:3");
      expect(net.switches).toContain("v0:1:-");
      for (const node of net.nodes) {
        for (const b of node.finalized) {
          const e = epochOf(b.height);
          const cert = decode(blockCertificateCodec, b.certificate);
          // Every block is certified in its own epoch, under that epoch's set and group key (seed included).
          expect(cert.value.proposal.round.epoch).toBe(e);
          const set = createValidatorSet(planFor(e, 0).set);
          expect(cert.type === "finalization" ? finalizationValid(set, cert.value) : notarizationValid(set, cert.value)).toBe(true);
          // ... and not under a neighbouring epoch's (the keys really changed).
          const other = createValidatorSet(planFor(e === 1n ? 0n : 1n, 0).set);
          const otherValid = cert.type === "finalization" ? finalizationValid(other, cert.value) : notarizationValid(other, cert.value);
          expect(otherValid).toBe(false);
          // The parent beacon is a real seed, also for the first block of an epoch (the anchor's seed came from the archive).
          if (b.height > 1n) expect(decode(blockCodec, b.payload).beacon.length).toBe(96);
        }
        expect(node.warnings.filter((w) => w.includes("conflicting") || w.includes("past the epoch"))).toEqual([]);
      }
      // v4 (index 3 of epoch 1) signed certificates of epoch 1.
      const epoch1 = net.nodes[1]!.finalized.filter((b) => epochOf(b.height) === 1n);
      const signedBy4 = epoch1.some((b) => {
        const cert = decode(blockCertificateCodec, b.certificate);
        return signerIndices(cert.value.signers).includes(3);
      });
      expect(signedBy4).toBe(true);
      // Each epoch's last block is finalized by its own finalization (no child above the last height exists in that epoch).
      for (const e of [0n, 1n, 2n]) {
        const last = net.nodes[1]!.finalized.find((b) => b.height === (e + 1n) * L - 1n)!;
        expect(decode(blockCertificateCodec, last.certificate).type).toBe("finalization");
      }
      for (const r of net.runners) expect(r.epoch).toBeGreaterThanOrEqual(3n);
    },
    120_000,
  );
});

/** Every finalize vote for the block at epoch 0's last height is dropped by its sender (digest → height from the proposals sent). */
function dropLastFinalizes(): { wrap: (ctx: Context) => Context; dropped: () => number } {
  const heights = new Map<string, bigint>();
  let dropped = 0;
  const wrap = (ctx: Context): Context =>
    withSend(ctx, (inner, recipients, channel, message) => {
      if (channel === CHANNELS.proposals) {
        const { vote, payload } = decode(proposalMessageCodec, message);
        heights.set(toHex(vote.proposal.payload), decode(blockCodec, payload).height);
      } else if (channel === CHANNELS.votes) {
        const vote = decode(voteMessageCodec, message);
        if (vote.type === "finalize" && vote.value.proposal.round.epoch === 0n && heights.get(toHex(vote.value.proposal.payload)) === L - 1n) {
          dropped++;
          return [];
        }
      }
      return inner.send(recipients, channel, message);
    });
  return { wrap, dropped: () => dropped };
}

describe("epoch boundary liveness (bridge blocks)", () => {
  it("an epoch's last block whose own finalization never forms is finalized by a bridge block's, and the chain goes on", async () => {
    // Every finalize vote for the block at epoch 0's last height is dropped by its sender; the digest → height map
    // comes from the proposals the nodes send.
    const drop = dropLastFinalizes();
    const net = network(55n, drop.wrap);
    const reached = await net.sim.runUntil(() => net.nodes.every((n) => finalizedHeight(n) >= 2n * L + 2n), { maxMs: 60_000 });
    if (!reached) console.log(net.nodes.map((n) => `${n.label} ${finalizedHeight(n)} ${n.warnings.slice(0, 4).join("; ")}`));
    expect(reached).toBe(true);
    assertSafety(net.nodes);
    expect(drop.dropped()).toBeGreaterThan(0);
    for (const node of net.nodes) {
      // The last block of epoch 0 is final through a descendant: it is delivered with its notarization, cast in epoch 0.
      const last = node.finalized.find((b) => b.height === L - 1n)!;
      const cert = decode(blockCertificateCodec, last.certificate);
      expect(cert.type).toBe("notarization");
      expect(notarizationValid(createValidatorSet(planFor(0n, 0).set), cert.value as Parameters<typeof notarizationValid>[1])).toBe(true);
      // No bridge block was delivered: every block from L on is certified in its own epoch (1 and later).
      for (const b of node.finalized.filter((x) => x.height >= L)) expect(decode(blockCertificateCodec, b.certificate).value.proposal.round.epoch).toBe(epochOf(b.height));
    }
    expect(net.switches).toContain("v4:1:3");
    for (const r of net.runners) expect(r.epoch).toBeGreaterThanOrEqual(2n);
  }, 120_000);
});

describe("catching up across several boundaries", () => {
  it("a node down for more than two epochs fetches each epoch's end and finalization and switches through them", async () => {
    const net = network(77n);
    expect(await net.sim.runUntil(() => finalizedHeight(net.nodes[2]!) >= 8n, { maxMs: 20_000 })).toBe(true);
    net.crash(2);
    const downAt = finalizedHeight(net.nodes[2]!);
    // The others go on past three boundaries (epochs 1 → 4) without it.
    expect(await net.sim.runUntil(() => [0, 1, 3, 4].every((i) => finalizedHeight(net.nodes[i]!) >= 4n * L + 2n), { maxMs: 60_000 })).toBe(true);
    net.restart(2);
    const reached = await net.sim.runUntil(() => finalizedHeight(net.nodes[2]!) >= 5n * L + 2n, { maxMs: 60_000 });
    if (!reached)
      console.log(
        net.nodes.map((n) => `${n.label} ${finalizedHeight(n)} ${n.warnings.slice(0, 4).join("; ")}`),
        net.switches,
      );
    expect(reached).toBe(true);
    assertSafety(net.nodes);
    expect(downAt).toBeLessThan(2n * L);
    // v2 restarted into epoch 1 (its tip's) and switched through 2, 3 and 4 by itself, voting again in epoch 5.
    const v2 = net.switches.filter((x) => x.startsWith("v2:"));
    expect(v2).toEqual(expect.arrayContaining(["v2:1:1", "v2:2:2", "v2:3:2", "v2:4:2", "v2:5:2"]));
    // Every block it delivered on the way is certified in its own epoch under that epoch's set.
    for (const b of net.nodes[2]!.finalized) {
      const cert = decode(blockCertificateCodec, b.certificate);
      const set = createValidatorSet(planFor(epochOf(b.height), 0).set);
      expect(cert.type === "finalization" ? finalizationValid(set, cert.value) : notarizationValid(set, cert.value)).toBe(true);
    }
  }, 120_000);
});

describe("catching up across a boundary a bridge block finalized", () => {
  it("a node down before epoch 0 ended fetches its end from a peer's epoch-0 journal (the bridge chain and its finalization)", async () => {
    const drop = dropLastFinalizes();
    const net = network(91n, drop.wrap);
    expect(await net.sim.runUntil(() => finalizedHeight(net.nodes[0]!) >= 2n, { maxMs: 20_000 })).toBe(true);
    net.crash(0);
    expect(finalizedHeight(net.nodes[0]!)).toBeLessThan(L - 1n);
    expect(await net.sim.runUntil(() => [1, 2, 3].every((i) => finalizedHeight(net.nodes[i]!) >= 3n * L + 2n), { maxMs: 60_000 })).toBe(true);
    expect(drop.dropped()).toBeGreaterThan(0);
    net.restart(0);
    const reached = await net.sim.runUntil(() => finalizedHeight(net.nodes[0]!) >= 3n * L + 2n, { maxMs: 60_000 });
    if (!reached) console.log(net.nodes.map((n) => `${n.label} ${finalizedHeight(n)} ${n.warnings.slice(0, 4).join("; ")}`));
    expect(reached).toBe(true);
    assertSafety(net.nodes);
    // Epoch 0's last block reached v0 with the notarization the others delivered it with, and v0 switched through every epoch.
    const last = net.nodes[0]!.finalized.find((b) => b.height === L - 1n)!;
    expect(decode(blockCodec, last.payload).height).toBe(L - 1n);
    expect(decode(blockCertificateCodec, last.certificate).type).toBe("notarization");
    expect(net.switches).toEqual(expect.arrayContaining(["v0:1:-", "v0:2:0", "v0:3:0"]));
  }, 120_000);
});
