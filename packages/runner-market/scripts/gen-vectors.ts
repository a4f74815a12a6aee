// Writes test-vectors/runner-market/*.json from this package's rules (cips/runner-market.md). The spec test
// (test/spec/vectors.test.ts) recomputes every case; a change of bytes or numbers is a deliberate, reviewed re-run.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, encodeCbor, equalBytes, toHex, type CborValue } from "@cowboy/codec";
import { ed25519, keccak256 } from "@cowboy/crypto";
import { actorAddress, codeHash, instructionCodec, instructionToJson, type Instruction } from "@cowboy/types";
import { attestedOutput, encodeAttestationDocument } from "../src/attestation.js";
import { encodeCapabilities } from "../src/capabilities.js";
import { encodeDeployManifest } from "../src/entitlements.js";
import { usageAnomalies, usageGross, usageOutput } from "../src/usage.js";
import { faultReportOutput, faultVerdict, openFaultReport, partitionFaults } from "../src/fault.js";
import { DEFAULT_RUNNER_MARKET_CONFIG } from "../src/config.js";
import { jobCanary, jobIdOf } from "../src/job.js";
import { commitmentOf, outputStatementHash } from "../src/phases.js";
import { decayedReputation, penalized, rewarded } from "../src/reputation.js";
import { encodeJobRequest } from "../src/request.js";
import { encodeCommitteeEpoch, nextCommitteeEpoch, type CommitteeEpoch } from "../src/committee.js";
import { committeeSize, drawAggregator, drawCommittee, hhiMicros, log2Micros, type Candidate } from "../src/selection.js";
import { jobGross } from "../src/pricing.js";
import { splitPayment } from "../src/settlement.js";

const OUT = fileURLToPath(new URL("../../../test-vectors/runner-market/", import.meta.url));
const hex = (b: Uint8Array): string => toHex(b);
const h = (label: string): Uint8Array => keccak256(new TextEncoder().encode(label));
const addr = (n: number): Uint8Array => h(`runner-${n}`).subarray(0, 20);
const CBY = 1_000_000_000n;
const cfg = DEFAULT_RUNNER_MARKET_CONFIG;

function write(name: string, value: unknown): void {
  writeFileSync(OUT + name, `${JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v), 2)}\n`);
}

// selection.json: committee sizes by the §5.3 formula, and weighted draws without replacement.
const stakesCases: bigint[][] = [[100n], [100n, 100n, 100n], Array(16).fill(10_000n * CBY), [1n, 1n, 1n, 1_000_000n], Array(64).fill(5n), Array(1_000).fill(7n)];
const sizes = stakesCases.map((stakes) => ({
  stakes: stakes.map(String),
  log2Micros: log2Micros(BigInt(stakes.length)),
  hhiMicros: hhiMicros(stakes),
  m: committeeSize(cfg, stakes),
}));
const draws = [3, 5, 9].map((n, k) => {
  const seed = h(`seed-${k}`);
  const jobId = h(`job-${k}`);
  const candidates: Candidate[] = Array.from({ length: n + 2 }, (_, i) => ({
    address: addr(i),
    stake: BigInt(10_000 + 1_000 * i) * CBY,
    reputation: BigInt(200_000 + 75_000 * i),
  }));
  candidates.sort((a, b) => (hex(a.address) < hex(b.address) ? -1 : 1));
  const committee = drawCommittee(seed, jobId, candidates, BigInt(n));
  return {
    seed: hex(seed),
    jobId: hex(jobId),
    candidates: candidates.map((c) => ({ address: hex(c.address), stake: c.stake, reputation: c.reputation })),
    m: n,
    committee: committee.map((c) => hex(c.address)),
    aggregator: hex(drawAggregator(seed, jobId, committee)!.address),
  };
});
write("selection.json", { sizes, draws });

// settlement.json: §8.4 splits in base units.
const splits = [
  { gross: 2n * CBY, paid: 3, aggregator: 0 },
  { gross: 2n * CBY, paid: 2, aggregator: null },
  { gross: 1_000_001n, paid: 3, aggregator: 2 },
  { gross: 999n, paid: 1, aggregator: 0 },
  { gross: 7n, paid: 2, aggregator: 1 },
].map(({ gross, paid, aggregator }) => {
  const runners = Array.from({ length: paid }, (_, i) => addr(i));
  const s = splitPayment(cfg, gross, runners, aggregator === null ? addr(99) : runners[aggregator]!);
  return {
    gross,
    paid: runners.map(hex),
    aggregator: aggregator === null ? hex(addr(99)) : hex(runners[aggregator]!),
    burned: s.burned,
    treasury: s.treasury,
    aggregatorBonus: s.aggregatorBonus,
    amounts: s.runners.map((r) => r.amount),
  };
});
write("settlement.json", { config: { burnBps: cfg.burnBps, treasuryBps: cfg.treasuryBps, aggregatorBonusBps: cfg.aggregatorBonusBps }, splits });

// pricing.json: rate-card pricing — gross = min(Σ paid runners' rate for the kind, escrow − tip), then §8.4 with the
// tip to the paid runners on top, escrow − gross − tip refunded.
const pricingCases: { escrow: bigint; rates: (bigint | null)[]; tip?: bigint }[] = [
  { escrow: 10_000_000_000n, rates: [1_000_000_000n, 1_000_000_000n, 1_000_000_000n] },
  { escrow: 10_000_000_000n, rates: [5_000_000_000n, 5_000_000_000n, 5_000_000_000n] },
  { escrow: 10_000_000_000n, rates: [1_000_000_000n, null, 1_000_000_000n] },
  { escrow: 2_000_000n, rates: [333_333n] },
  { escrow: 7_777_777n, rates: [1_234_567n, 2_345_678n] },
  { escrow: 10_000_000_000n, rates: [1_000_000_000n, 1_000_000_000n, 1_000_000_000n], tip: 300_000_001n },
  { escrow: 10_000_000_000n, rates: [5_000_000_000n, 5_000_000_000n, 5_000_000_000n], tip: 4_000_000_000n },
];
const pricing = pricingCases.map(({ escrow, rates, tip = 0n }, k) => {
  const paid = rates.map((_, i) => addr(0x40 + k * 8 + i));
  const aggregator = paid[paid.length - 1]!;
  const gross = jobGross(
    escrow - tip,
    rates.map((r) => r ?? undefined),
  );
  const split = splitPayment(cfg, gross, paid, aggregator, tip);
  return {
    escrow,
    tip,
    rates: rates.map((r) => (r === null ? null : r.toString())),
    paid: paid.map(toHex),
    aggregator: toHex(aggregator),
    gross,
    refund: escrow - gross - tip,
    burned: split.burned,
    treasury: split.treasury,
    amounts: split.runners.map((r) => r.amount),
  };
});
write("pricing.json", { cases: pricing });

// encodings.json: instruction bytes, capability and request CBOR, ids, commitments, canaries, statements.
const schema: CborValue = new Map<CborValue, CborValue>([
  ["type", "object"],
  ["properties", new Map<CborValue, CborValue>([["price", new Map<CborValue, CborValue>([["type", "integer"]])]])],
  ["required", ["price"]],
]);
const request = encodeJobRequest({
  kind: "http",
  spec: new Map<CborValue, CborValue>([
    ["method", "GET"],
    ["url", "https://prices.example/btc"],
  ]),
  resultSchema: schema,
  verification: "majority_vote",
  runners: 3n,
  quorum: 2n,
  allowDomains: ["prices.example"],
  callback: "on_price",
});
const caps = encodeCapabilities({ provides: ["net.http", "llm"], jobKinds: ["http", "llm"], models: ["tiny-1"], rateCard: new Map([["http_request", 1_000n]]) });
const jobId = jobIdOf(addr(7), 3n);
const output = encodeCbor(new Map<CborValue, CborValue>([["price", 42n]]));
const salt = h("salt");
const instructions: Instruction[] = [
  {
    type: "runner_register",
    stake: 10_000n * CBY,
    maxJobValue: 5n * CBY,
    capabilities: caps,
    endpoint: new TextEncoder().encode("http://127.0.0.1:9001"),
    transportKey: h("x25519").slice(),
  },
  { type: "runner_add_stake", amount: 1n },
  { type: "runner_update", maxJobValue: 0n, capabilities: caps, endpoint: new Uint8Array(0), transportKey: Uint8Array.of(1) },
  { type: "runner_unbond" },
  { type: "runner_withdraw" },
  { type: "job_ack", jobId },
  { type: "job_commit", jobId, commitment: commitmentOf(output, salt) },
  { type: "job_reveal", jobId, output, salt },
  { type: "job_aggregate", jobId, result: output },
  { type: "job_challenge", jobId, runner: addr(1), evidence: encodeCbor([output, new Uint8Array(65)]) },
  { type: "job_submit", request, maxPrice: 2n * CBY },
];
write("encodings.json", {
  capabilities: { provides: ["llm", "net.http"], jobKinds: ["http", "llm"], models: ["tiny-1"], rateCard: { http_request: "1000" }, cbor: hex(caps) },
  request: { cbor: hex(request) },
  jobId: { poster: hex(addr(7)), nonce: "3", id: hex(jobId), canary: jobCanary(jobId) },
  commitment: { output: hex(output), salt: hex(salt), commitment: hex(commitmentOf(output, salt)), statement: hex(outputStatementHash(jobId, output)) },
  instructions: instructions.map((ins) => ({ json: instructionToJson(ins), encoded: hex(encode(instructionCodec, ins)) })),
});

// reputation.json: decay toward neutral by the half-life.
const H = cfg.reputationHalfLife;
const decays = [
  [1_000_000n, 0n, H],
  [1_000_000n, 0n, H / 2n],
  [0n, 100n, 100n + 3n * H + 17n],
  [750_000n, 10n, 10n],
  [123_456n, 0n, 70n * H],
  [900_001n, 5n, 6n],
].map(([score, since, height]) => ({ score: score!, since: since!, height: height!, decayed: decayedReputation(cfg, score!, since!, height!) }));
write("reputation.json", { neutral: cfg.reputationNeutral, halfLife: H, decays });

// attestation.json: the deterministic mode's TEE attestation (cips/runner-market.md "Deterministic mode (TEE)"):
// a fixed Ed25519 enclave key, the document, the attestation and the revealed output bytes (Ed25519 is deterministic).
{
  const secretKey = new Uint8Array(32).fill(0x3e);
  const measurement = keccak256(new TextEncoder().encode("cowboy example enclave v1"));
  const jobId = jobIdOf(new Uint8Array(20).fill(0xa1), 7n);
  const runner = new Uint8Array(20).fill(0xb2);
  const result: CborValue = new Map<CborValue, CborValue>([["price", 4242n]]);
  const output = attestedOutput(result, { measurement, secretKey, jobId, runner });
  const document = encodeAttestationDocument({ measurement, key: ed25519.getPublicKey(secretKey), jobId, runner, outputHash: keccak256(encodeCbor(result)) });
  write("attestation.json", {
    secretKey: toHex(secretKey),
    attestationKey: toHex(ed25519.getPublicKey(secretKey)),
    measurement: toHex(measurement),
    jobId: toHex(jobId),
    runner: toHex(runner),
    result: toHex(encodeCbor(result)),
    document: toHex(document),
    output: toHex(output),
  });
}

/** The anomalies of paid runners' usage and their scores after settlement from neutral (rewarded, or penalised). */
function anomalyCase(usages: Map<string, bigint>[]): { anomalies: number[]; reputations: bigint[] } {
  const anomalies = usageAnomalies(usages);
  const reputations = usages.map((_, i) => (anomalies.includes(i) ? penalized(cfg.reputationNeutral, cfg.penalties.usageAnomaly) : rewarded(cfg, cfg.reputationNeutral)));
  return { anomalies, reputations };
}

// usage.json: usage pricing (cips/runner-market.md "Usage pricing"): a reveal's bytes and gross computations, the
// anomalies (paid runners above a cap) and each paid runner's score after settlement from neutral.
{
  const reveal = usageOutput(
    new Map<CborValue, CborValue>([["price", 4242n]]),
    new Map([
      ["requests", 2n],
      ["tokens", 150n],
    ]),
  );
  const cases = [
    { escrow: 10_000n, paid: [[["tokens", 2n]], [["tokens", 2n]], [["tokens", 2n]]], usage: [[["tokens", 100n]], [["tokens", 120n]], [["tokens", 1_000n]]] },
    { escrow: 500n, paid: [[["tokens", 2n]], [["tokens", 2n]], [["tokens", 2n]]], usage: [[["tokens", 100n]], [["tokens", 120n]], [["tokens", 1_000n]]] },
    {
      escrow: 10_000n,
      paid: [
        [
          ["requests", 5n],
          ["tokens", 1n],
        ],
        [["requests", 5n]],
      ],
      usage: [
        [
          ["requests", 2n],
          ["tokens", 150n],
        ],
        [
          ["requests", 1n],
          ["tokens", 90n],
        ],
      ],
    },
    {
      escrow: 10_000n,
      paid: [[["a", 1n]], [["a", 1n]], [["a", 1n]]],
      usage: [
        [
          ["a", 1n],
          ["b", 100n],
        ],
        [
          ["a", 1n],
          ["b", 1n],
        ],
        [
          ["a", 3n],
          ["b", 1n],
        ],
      ],
    },
  ] as { escrow: bigint; paid: [string, bigint][][]; usage: [string, bigint][][] }[];
  write("usage.json", {
    neutral: cfg.reputationNeutral,
    usageAnomalyPenaltyBps: cfg.penalties.usageAnomaly,
    reveal: { result: toHex(encodeCbor(new Map<CborValue, CborValue>([["price", 4242n]]))), usage: { requests: "2", tokens: "150" }, bytes: toHex(reveal) },
    cases: cases.map((c) => ({
      escrow: c.escrow,
      rateCards: c.paid.map((r) => Object.fromEntries(r.map(([k, v]) => [k, v.toString()]))),
      usage: c.usage.map((u) => Object.fromEntries(u.map(([k, v]) => [k, v.toString()]))),
      gross: usageGross(
        c.escrow,
        c.paid.map((r, i) => ({ rateCard: new Map(r), usage: new Map(c.usage[i]!) })),
      ),
      ...anomalyCase(c.usage.map((u) => new Map(u))),
    })),
  });
}

// faults.json: fault reports and their pro-rata settlement (cips/runner-market.md "Faults"): the report bytes, and
// cases of committee reveals (fault reports or results) → the agreed fault, the paid reporters, the gross of their
// progress × rates (each count capped at 2 × the lower median, at most escrow − tip), the refund and the §8.4 split.
{
  const report = faultReportOutput({ fault: "external", progress: new Map([["http.attempt", 1n]]), detail: "connect ECONNREFUSED 127.0.0.1:9" });
  const ext = (n: bigint): Uint8Array => faultReportOutput({ fault: "external", progress: new Map([["http.attempt", n]]) });
  const imp = (ms: bigint): Uint8Array =>
    faultReportOutput({
      fault: "impossible",
      progress: new Map([
        ["compute.attempt", 1n],
        ["compute.ms", ms],
      ]),
    });
  const result = encodeCbor(new Map<CborValue, CborValue>([["price", 4242n]]));
  const attempt = new Map([["http.attempt", 3_000_000n]]);
  const computeCard = new Map([
    ["compute.attempt", 1_000_000n],
    ["compute.ms", 2_000n],
  ]);
  const cases = [
    { escrow: 2n * CBY, tip: 0n, quorum: 2n, reveals: [ext(1n), ext(1n), imp(1_000n)], cards: [attempt, attempt, computeCard] },
    { escrow: 2n * CBY, tip: CBY / 2n, quorum: 2n, reveals: [ext(1n), ext(1n), ext(9n)], cards: [attempt, attempt, attempt] },
    { escrow: 10_000_000n, tip: 0n, quorum: 3n, reveals: [imp(2_000n), imp(2_000n), imp(2_000n)], cards: [computeCard, computeCard, computeCard] },
    { escrow: 2n * CBY, tip: 0n, quorum: 2n, reveals: [ext(1n), imp(1_000n), result], cards: [attempt, computeCard, attempt] },
    { escrow: 2n * CBY, tip: 0n, quorum: 2n, reveals: [ext(1n), result, result], cards: [attempt, attempt, attempt] },
  ];
  write("faults.json", {
    report: { fault: "external", progress: { "http.attempt": "1" }, detail: "connect ECONNREFUSED 127.0.0.1:9", bytes: hex(report) },
    cases: cases.map((c) => {
      const committee = c.reveals.map((_, i) => addr(40 + i));
      const reveals = c.reveals.map((output, i) => ({ runner: committee[i]!, output }));
      const { faults } = partitionFaults(reveals);
      const verdict = faultVerdict(faults, c.quorum);
      const paid = verdict.agreeing.map((p) => committee.findIndex((m) => equalBytes(m, p)));
      const gross =
        verdict.fault === null
          ? 0n
          : usageGross(
              c.escrow - c.tip,
              paid.map((i) => ({ rateCard: c.cards[i], usage: openFaultReport(c.reveals[i]!)!.progress })),
            );
      const split = splitPayment(cfg, gross, verdict.agreeing, verdict.agreeing.at(-1) ?? null, 0n);
      return {
        escrow: c.escrow,
        tip: c.tip,
        quorum: c.quorum,
        committee: committee.map(hex),
        reveals: c.reveals.map(hex),
        rateCards: c.cards.map((r) => Object.fromEntries([...r].map(([k, v]) => [k, v.toString()]))),
        fault: verdict.fault,
        paid,
        aggregator: verdict.agreeing.length === 0 ? null : hex(verdict.agreeing.at(-1)!),
        gross,
        refund: c.escrow - gross,
        burned: split.burned,
        treasury: split.treasury,
        amounts: split.runners.map((r) => r.amount),
      };
    }),
  });
}

// manifest.json: deploy manifests (cips/actors.md "Deploy manifests", "Child actors"): a manifest's bytes, the
// deploy_actor_with_manifest instruction carrying it (JSON and wire bytes), and where a child deployed by that actor lands.
{
  const requires = [
    { name: "net.http", inheritable: true },
    { name: "llm", inheritable: false },
  ];
  const manifest = encodeDeployManifest(requires);
  const code = new TextEncoder().encode("from cowboy_sdk import actor\n\n@actor\nclass Child:\n    pass\n");
  const salt = h("child-salt");
  const parent = addr(9);
  const instruction: Instruction = { type: "deploy_actor_with_manifest", code, salt, args: new Uint8Array(0), manifest };
  write("manifest.json", {
    requires,
    manifest: hex(manifest),
    instruction: { json: instructionToJson(instruction), encoded: hex(encode(instructionCodec, instruction)) },
    child: { parent: hex(parent), salt: hex(salt), code: hex(code), address: hex(actorAddress(parent, salt, codeHash(code))), inherits: requires.filter((r) => r.inheritable) },
  });
}

// committee-epochs.json: the per-epoch committee size (cips/runner-market.md "Selection"): per written record the
// epoch, the active stakes at its first jobs step, their HHI, the EMA (α = hhiEmaWeightBps), N_active, M and the
// record's bytes. Epoch 4 has no step (no record): epoch 5 folds its HHI into epoch 3's EMA once.
{
  const steps: [bigint, bigint[]][] = [
    [0n, [1_000n, 10n]],
    [1n, [1_000n, 10n, 1_000n]],
    [2n, [1_000n, 10n, 1_000n]],
    [3n, [1_000n, 10n, 1_000n, 1_000n]],
    [5n, [1_000n, 10n, 1_000n, 1_000n]],
  ];
  let previous: CommitteeEpoch | undefined;
  const epochs = steps.map(([epoch, stakes]) => {
    const rec = nextCommitteeEpoch(
      cfg,
      previous,
      epoch,
      stakes.map((s) => s * CBY),
    );
    previous = rec;
    return {
      epoch,
      stakes: stakes.map((s) => s * CBY),
      hhiMicros: hhiMicros(stakes),
      hhiEmaMicros: rec.hhiEmaMicros,
      nActive: rec.nActive,
      m: rec.m,
      record: hex(encodeCommitteeEpoch(rec)),
    };
  });
  write("committee-epochs.json", { committeeEpochBlocks: cfg.committeeEpochBlocks, hhiEmaWeightBps: cfg.hhiEmaWeightBps, epochs });
}
