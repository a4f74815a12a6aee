// The runner-market vectors (test-vectors/runner-market/, cips/runner-market.md): every case recomputed from this
// package's rules. Any other implementation must produce the same numbers and bytes.
import { readVector } from "@cowboy/checks/vectors";
import { decode, decodeCbor, encode, encodeCbor, fromHex, toHex, type CborValue } from "@cowboy/codec";
import { ed25519, keccak256 } from "@cowboy/crypto";
import { actorAddress, codeHash, instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { encodeDeployManifest, parseDeployManifest } from "../../src/entitlements.js";
import { describe, expect, it } from "vitest";
import { decodeCapabilities, encodeCapabilities } from "../../src/capabilities.js";
import { DEFAULT_RUNNER_MARKET_CONFIG as cfg } from "../../src/config.js";
import { jobCanary, jobIdOf } from "../../src/job.js";
import { commitmentOf, outputStatementHash } from "../../src/phases.js";
import { decayedReputation, penalized, rewarded } from "../../src/reputation.js";
import { decodeJobRequest } from "../../src/request.js";
import { encodeCommitteeEpoch, getCommitteeEpoch, nextCommitteeEpoch, type CommitteeEpoch } from "../../src/committee.js";
import { committeeEpochKey } from "../../src/keys.js";
import { committeeSize, drawAggregator, drawCommittee, hhiMicros, log2Micros } from "../../src/selection.js";
import { jobGross } from "../../src/pricing.js";
import { splitPayment } from "../../src/settlement.js";
import { attestedOutput, encodeAttestationDocument, openAttestedOutput } from "../../src/attestation.js";
import { openUsageOutput, usageAnomalies, usageGross, usageOutput } from "../../src/usage.js";
import { faultReportOutput, openFaultReport } from "../../src/fault.js";
import { verifyReveals } from "../../src/verification.js";
import type { JobRecord } from "../../src/job.js";

interface ManifestVector {
  requires: { name: string; inheritable: boolean }[];
  manifest: string;
  instruction: { json: unknown; encoded: string };
  child: { parent: string; salt: string; code: string; address: string; inherits: { name: string; inheritable: boolean }[] };
}
interface FaultsVector {
  report: { fault: string; progress: Record<string, string>; detail: string; bytes: string };
  cases: {
    escrow: string;
    tip: string;
    quorum: string;
    committee: string[];
    reveals: string[];
    rateCards: Record<string, string>[];
    fault: string | null;
    paid: number[];
    aggregator: string | null;
    gross: string;
    refund: string;
    burned: string;
    treasury: string;
    amounts: string[];
  }[];
}
const PRICE: CborValue = new Map<CborValue, CborValue>([
  ["type", "object"],
  ["properties", new Map<CborValue, CborValue>([["price", new Map<CborValue, CborValue>([["type", "integer"]])]])],
  ["required", ["price"]],
]);

interface Selection {
  sizes: { stakes: string[]; log2Micros: string; hhiMicros: string; m: string }[];
  draws: { seed: string; jobId: string; candidates: { address: string; stake: string; reputation: string }[]; m: number; committee: string[]; aggregator: string }[];
}
interface CommitteeEpochs {
  committeeEpochBlocks: string;
  hhiEmaWeightBps: string;
  epochs: { epoch: string; stakes: string[]; hhiMicros: string; hhiEmaMicros: string; nActive: string; m: string; record: string }[];
}
interface Settlement {
  config: { burnBps: string; treasuryBps: string; aggregatorBonusBps: string };
  splits: { gross: string; paid: string[]; aggregator: string; burned: string; treasury: string; aggregatorBonus: string; amounts: string[] }[];
}
interface Pricing {
  cases: {
    escrow: string;
    tip: string;
    rates: (string | null)[];
    paid: string[];
    aggregator: string;
    gross: string;
    refund: string;
    burned: string;
    treasury: string;
    amounts: string[];
  }[];
}
interface Encodings {
  capabilities: { provides: string[]; jobKinds: string[]; models: string[]; rateCard: Record<string, string>; cbor: string };
  request: { cbor: string };
  jobId: { poster: string; nonce: string; id: string; canary: string };
  commitment: { output: string; salt: string; commitment: string; statement: string };
  instructions: { json: unknown; encoded: string }[];
}
interface Attestation {
  secretKey: string;
  attestationKey: string;
  measurement: string;
  jobId: string;
  runner: string;
  result: string;
  document: string;
  output: string;
}
interface UsageVector {
  neutral: string;
  usageAnomalyPenaltyBps: string;
  reveal: { result: string; usage: Record<string, string>; bytes: string };
  cases: { escrow: string; rateCards: Record<string, string>[]; usage: Record<string, string>[]; gross: string; anomalies: number[]; reputations: string[] }[];
}
interface Reputation {
  neutral: string;
  halfLife: string;
  decays: { score: string; since: string; height: string; decayed: string }[];
}

describe("test-vectors/runner-market", () => {
  it("committee-epochs.json: per-epoch HHI, its EMA, N_active, M and the record's bytes", () => {
    const v = readVector<CommitteeEpochs>("runner-market/committee-epochs.json");
    expect([v.committeeEpochBlocks, v.hhiEmaWeightBps]).toEqual([cfg.committeeEpochBlocks.toString(), cfg.hhiEmaWeightBps.toString()]);
    expect(v.epochs.length).toBeGreaterThan(2);
    let previous: CommitteeEpoch | undefined;
    for (const e of v.epochs) {
      const stakes = e.stakes.map(BigInt);
      expect(hhiMicros(stakes).toString()).toBe(e.hhiMicros);
      const rec = nextCommitteeEpoch(cfg, previous, BigInt(e.epoch), stakes);
      expect([rec.epoch, rec.hhiEmaMicros, rec.nActive, rec.m].map(String)).toEqual([e.epoch, e.hhiEmaMicros, e.nActive, e.m]);
      expect(toHex(encodeCommitteeEpoch(rec))).toBe(e.record);
      // The stored bytes read back to the same record.
      const stored = new Map([[toHex(committeeEpochKey()), fromHex(e.record)]]);
      expect(getCommitteeEpoch({ get: (k) => stored.get(toHex(k)), set: () => {}, delete: () => {} })).toEqual(rec);
      previous = rec;
    }
  });

  it("selection.json: committee sizes (§5.3) and weighted draws without replacement", () => {
    const v = readVector<Selection>("runner-market/selection.json");
    expect(v.sizes.length).toBeGreaterThan(0);
    for (const s of v.sizes) {
      const stakes = s.stakes.map(BigInt);
      expect(log2Micros(BigInt(stakes.length)).toString()).toBe(s.log2Micros);
      expect(hhiMicros(stakes).toString()).toBe(s.hhiMicros);
      expect(committeeSize(cfg, stakes).toString()).toBe(s.m);
    }
    for (const d of v.draws) {
      const candidates = d.candidates.map((c) => ({ address: fromHex(c.address), stake: BigInt(c.stake), reputation: BigInt(c.reputation) }));
      const committee = drawCommittee(fromHex(d.seed), fromHex(d.jobId), candidates, BigInt(d.m));
      expect(committee.map((c) => toHex(c.address))).toEqual(d.committee);
      expect(new Set(d.committee).size).toBe(d.m);
      expect(toHex(drawAggregator(fromHex(d.seed), fromHex(d.jobId), committee)!.address)).toBe(d.aggregator);
    }
  });

  it("settlement.json: §8.4 splits add up to the gross", () => {
    const v = readVector<Settlement>("runner-market/settlement.json");
    expect(v.config).toEqual({ burnBps: cfg.burnBps.toString(), treasuryBps: cfg.treasuryBps.toString(), aggregatorBonusBps: cfg.aggregatorBonusBps.toString() });
    for (const s of v.splits) {
      const out = splitPayment(cfg, BigInt(s.gross), s.paid.map(fromHex), fromHex(s.aggregator));
      expect([out.burned, out.treasury, out.aggregatorBonus].map(String)).toEqual([s.burned, s.treasury, s.aggregatorBonus]);
      expect(out.runners.map((r) => r.amount.toString())).toEqual(s.amounts);
      expect(out.burned + out.treasury + out.runners.reduce((a, r) => a + r.amount, 0n)).toBe(BigInt(s.gross));
    }
  });

  it("pricing.json: rate-card gross = min(Σ rates, escrow − tip), the refund, then the §8.4 split with the tip on top", () => {
    const v = readVector<Pricing>("runner-market/pricing.json");
    expect(v.cases.length).toBeGreaterThan(0);
    for (const c of v.cases) {
      const tip = BigInt(c.tip);
      const gross = jobGross(
        BigInt(c.escrow) - tip,
        c.rates.map((r) => (r === null ? undefined : BigInt(r))),
      );
      expect([gross.toString(), (BigInt(c.escrow) - gross - tip).toString()]).toEqual([c.gross, c.refund]);
      const out = splitPayment(cfg, gross, c.paid.map(fromHex), fromHex(c.aggregator), tip);
      expect(out.tip).toBe(tip);
      expect([out.burned.toString(), out.treasury.toString(), out.runners.map((r) => r.amount.toString())]).toEqual([c.burned, c.treasury, c.amounts]);
      expect(out.burned + out.treasury + out.runners.reduce((a, r) => a + r.amount, 0n) + BigInt(c.refund)).toBe(BigInt(c.escrow));
    }
  });

  it("encodings.json: capabilities, requests, job ids, canaries, commitments and instruction bytes", () => {
    const v = readVector<Encodings>("runner-market/encodings.json");
    const caps = decodeCapabilities(fromHex(v.capabilities.cbor));
    expect([...caps.provides]).toEqual(v.capabilities.provides);
    expect([...caps.jobKinds]).toEqual(v.capabilities.jobKinds);
    expect([...caps.models]).toEqual(v.capabilities.models);
    expect(Object.fromEntries([...caps.rateCard].map(([k, p]) => [k, p.toString()]))).toEqual(v.capabilities.rateCard);
    expect(toHex(encodeCapabilities(caps))).toBe(v.capabilities.cbor);
    const req = decodeJobRequest(fromHex(v.request.cbor), cfg);
    expect([req.kind, req.verification, req.runners, req.quorum, req.callback]).toEqual(["http", "majority_vote", 3n, 2n, "on_price"]);
    const id = jobIdOf(fromHex(v.jobId.poster), BigInt(v.jobId.nonce));
    expect(toHex(id)).toBe(v.jobId.id);
    expect(jobCanary(id)).toBe(v.jobId.canary);
    const output = fromHex(v.commitment.output);
    expect(toHex(commitmentOf(output, fromHex(v.commitment.salt)))).toBe(v.commitment.commitment);
    expect(toHex(outputStatementHash(id, output))).toBe(v.commitment.statement);
    expect(toHex(encodeCbor(new Map<CborValue, CborValue>([["price", 42n]])))).toBe(v.commitment.output);
    expect(v.instructions).toHaveLength(11);
    for (const ins of v.instructions) {
      const decoded = decode(instructionCodec, fromHex(ins.encoded));
      expect(instructionToJson(decoded)).toEqual(ins.json);
      expect(toHex(encode(instructionCodec, instructionFromJson(ins.json)))).toBe(ins.encoded);
    }
  });

  it("attestation.json: the TEE attestation document and attested output bytes; they open to the result", () => {
    const v = readVector<Attestation>("runner-market/attestation.json");
    const secretKey = fromHex(v.secretKey);
    expect(toHex(ed25519.getPublicKey(secretKey))).toBe(v.attestationKey);
    const [measurement, jobId, runner] = [fromHex(v.measurement), fromHex(v.jobId), fromHex(v.runner)];
    const result = decodeCbor(fromHex(v.result));
    const doc = encodeAttestationDocument({ measurement, key: fromHex(v.attestationKey), jobId, runner, outputHash: keccak256(fromHex(v.result)) });
    expect(toHex(doc)).toBe(v.document);
    expect(toHex(attestedOutput(result, { measurement, secretKey, jobId, runner }))).toBe(v.output);
    const allow = [{ measurement, attestationKey: fromHex(v.attestationKey) }];
    expect(openAttestedOutput(fromHex(v.output), jobId, runner, allow)).toEqual({ ok: true, result: fromHex(v.result) });
    expect(openAttestedOutput(fromHex(v.output), jobId, new Uint8Array(20), allow).ok).toBe(false);
  });

  it("usage.json: a usage-priced reveal's bytes and the gross of reported usage × rates, capped at 2 × median", () => {
    const v = readVector<UsageVector>("runner-market/usage.json");
    const usage = new Map(Object.entries(v.reveal.usage).map(([k, n]) => [k, BigInt(n)]));
    expect(toHex(usageOutput(decodeCbor(fromHex(v.reveal.result)), usage))).toBe(v.reveal.bytes);
    expect(openUsageOutput(fromHex(v.reveal.bytes))).toEqual({ result: fromHex(v.reveal.result), usage });
    const map = (r: Record<string, string>) => new Map(Object.entries(r).map(([k, n]) => [k, BigInt(n)]));
    expect([v.neutral, v.usageAnomalyPenaltyBps]).toEqual([cfg.reputationNeutral.toString(), cfg.penalties.usageAnomaly.toString()]);
    const neutral = BigInt(v.neutral);
    for (const c of v.cases) {
      const paid = c.rateCards.map((r, i) => ({ rateCard: map(r), usage: map(c.usage[i]!) }));
      expect(usageGross(BigInt(c.escrow), paid).toString()).toBe(c.gross);
      // Anomalies: paid runners above a unit's cap; their score after settlement is penalised, the others' rewarded.
      const anomalies = usageAnomalies(paid.map((p) => p.usage));
      expect(anomalies).toEqual(c.anomalies);
      const after = paid.map((_, i) => (anomalies.includes(i) ? penalized(neutral, cfg.penalties.usageAnomaly) : rewarded(cfg, neutral)));
      expect(after.map(String)).toEqual(c.reputations);
    }
    expect(v.cases.some((c) => c.anomalies.length > 1)).toBe(true);
  });

  it("faults.json: fault report bytes; the agreed fault, its paid reporters and the pro-rata settlement", () => {
    const v = readVector<FaultsVector>("runner-market/faults.json");
    const progress = new Map(Object.entries(v.report.progress).map(([k, n]) => [k, BigInt(n)]));
    expect(toHex(faultReportOutput({ fault: v.report.fault as "external", progress, detail: v.report.detail }))).toBe(v.report.bytes);
    expect(openFaultReport(fromHex(v.report.bytes))).toEqual({ fault: v.report.fault, progress, detail: v.report.detail });
    const map = (r: Record<string, string>) => new Map(Object.entries(r).map(([k, n]) => [k, BigInt(n)]));
    expect(v.cases.length).toBeGreaterThan(3);
    for (const c of v.cases) {
      // The verifier itself decides (results first, then a quorum of one fault class), on a job with a price schema.
      const job = { id: new Uint8Array(32), resultSchema: PRICE, verification: "majority_vote", matchFields: [], pricing: "fixed", quorumNeeded: BigInt(c.quorum) };
      const reveals = c.reveals.map((o, i) => ({ runner: fromHex(c.committee[i]!), output: fromHex(o) }));
      const outcome = verifyReveals(job as unknown as JobRecord, reveals);
      expect(outcome.fault).toBe(c.fault);
      if (c.fault === null) continue;
      expect(outcome.agreeing.map(toHex)).toEqual(c.paid.map((i) => c.committee[i]));
      const escrow = BigInt(c.escrow);
      const tip = BigInt(c.tip);
      const gross = usageGross(
        escrow - tip,
        c.paid.map((i) => ({ rateCard: map(c.rateCards[i]!), usage: openFaultReport(fromHex(c.reveals[i]!))!.progress })),
      );
      expect([gross.toString(), (escrow - gross).toString()]).toEqual([c.gross, c.refund]);
      const out = splitPayment(cfg, gross, outcome.agreeing, fromHex(c.aggregator!), 0n);
      expect([out.burned.toString(), out.treasury.toString(), out.runners.map((r) => r.amount.toString())]).toEqual([c.burned, c.treasury, c.amounts]);
      expect(out.burned + out.treasury + out.runners.reduce((a, r) => a + r.amount, 0n) + BigInt(c.refund)).toBe(escrow);
    }
  });

  it("manifest.json: a deploy manifest's bytes, the deploy_actor_with_manifest instruction, a child's address", () => {
    const v = readVector<ManifestVector>("runner-market/manifest.json");
    expect(toHex(encodeDeployManifest(v.requires))).toBe(v.manifest);
    expect(parseDeployManifest(fromHex(v.manifest))).toEqual([...v.requires].sort((a, b) => (a.name < b.name ? -1 : 1)));
    const ins = instructionFromJson(v.instruction.json);
    expect(toHex(encode(instructionCodec, ins))).toBe(v.instruction.encoded);
    expect(instructionToJson(decode(instructionCodec, fromHex(v.instruction.encoded)))).toEqual(v.instruction.json);
    expect(ins).toMatchObject({ type: "deploy_actor_with_manifest", manifest: fromHex(v.manifest) });
    const code = fromHex(v.child.code);
    expect(toHex(actorAddress(fromHex(v.child.parent), fromHex(v.child.salt), codeHash(code)))).toBe(v.child.address);
  });

  it("reputation.json: decay toward neutral by the half-life", () => {
    const v = readVector<Reputation>("runner-market/reputation.json");
    expect(v.neutral).toBe(cfg.reputationNeutral.toString());
    expect(v.halfLife).toBe(cfg.reputationHalfLife.toString());
    for (const d of v.decays) expect(decayedReputation(cfg, BigInt(d.score), BigInt(d.since), BigInt(d.height)).toString()).toBe(d.decayed);
  });
});
