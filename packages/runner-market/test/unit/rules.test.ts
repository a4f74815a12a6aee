// The pure rules of the runner market (cips/runner-market.md): capabilities, requests, the result-schema subset, the
// registry lifecycle, reputation, committee sizing and settlement arithmetic.
import { cborFromJson, encodeCbor, type CborValue } from "@cowboy/codec";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCapabilities, encodeCapabilities } from "../../src/capabilities.js";
import { createRunnerMarketConfig, DEFAULT_RUNNER_MARKET_CONFIG, requiredStake } from "../../src/config.js";
import { entitlementsMatch, getRequires, inheritRequires, jobRequirements, setRequires } from "../../src/entitlements.js";
import { RunnerMarketError } from "../../src/errors.js";
import { decayedReputation, isqrt, penalized, rewarded } from "../../src/reputation.js";
import { decodeJobRequest, encodeJobRequest, parseJobRequest } from "../../src/request.js";
import { addRunnerStake, getRunner, RUNNER_REGISTRY_ADDRESS, registerRunner, unbondRunner, updateRunner, withdrawRunner } from "../../src/runner.js";
import { checkSchema, schemaViolation } from "../../src/schema.js";
import { committeeSize, defaultQuorum, drawCommittee } from "../../src/selection.js";
import { splitPayment } from "../../src/settlement.js";
import { CBY, World, addr, declaration } from "../utils/fixture.js";

const code = (f: () => unknown): string => {
  try {
    f();
    return "ok";
  } catch (e) {
    if (e instanceof RunnerMarketError) return e.code;
    throw e;
  }
};
const json = (text: string): CborValue => cborFromJson(text);

describe("capabilities", () => {
  it("round-trip canonically and refuse unknown keys, bad names, repeats and non-canonical bytes", () => {
    const bytes = encodeCapabilities({ provides: ["net.http", "llm"], jobKinds: ["llm", "http"], models: ["m-1"], rateCard: new Map([["token", 3n]]) });
    const caps = decodeCapabilities(bytes);
    expect(caps.provides).toEqual(["llm", "net.http"]);
    expect(caps.jobKinds).toEqual(["http", "llm"]);
    expect(caps.rateCard.get("token")).toBe(3n);
    expect(code(() => decodeCapabilities(encodeCbor(new Map<CborValue, CborValue>([["gpu", []]]))))).toBe("INVALID_ARGUMENT");
    expect(code(() => decodeCapabilities(encodeCbor(new Map<CborValue, CborValue>([["provides", ["Net.HTTP"]]]))))).toBe("INVALID_ARGUMENT");
    expect(code(() => decodeCapabilities(encodeCbor(new Map<CborValue, CborValue>([["provides", ["a", "a"]]]))))).toBe("INVALID_ARGUMENT");
    expect(code(() => decodeCapabilities(encodeCbor(new Map<CborValue, CborValue>([["job_kinds", ["quantum"]]]))))).toBe("INVALID_ARGUMENT");
    // A map of one entry whose length is written in two bytes: not canonical.
    expect(code(() => decodeCapabilities(Uint8Array.of(0xb8, 0x01, 0x68, ...new TextEncoder().encode("provides"), 0x80)))).toBe("INVALID_ARGUMENT");
  });
});

describe("the result-schema subset", () => {
  const schema = json(
    '{"type":"object","properties":{"price":{"type":"integer","minimum":0},"tags":{"type":"array","items":{"type":"string","maxLength":3},"maxItems":2},"kind":{"enum":["a","b"]}},"required":["price"],"additionalProperties":false}',
  );
  it("accepts conforming values and names the first violation", () => {
    checkSchema(schema);
    expect(schemaViolation(schema, json('{"price":5,"tags":["x"],"kind":"a"}'))).toBeNull();
    expect(schemaViolation(schema, json('{"price":5.5}'))).toBe("$.price: expected integer, got number");
    expect(schemaViolation(schema, json('{"price":-1}'))).toBe("$.price: below the minimum");
    expect(schemaViolation(schema, json("{}"))).toBe("$: missing required price");
    expect(schemaViolation(schema, json('{"price":1,"x":1}'))).toBe("$: unexpected property x");
    expect(schemaViolation(schema, json('{"price":1,"tags":["abcd"]}'))).toBe("$.tags[0]: longer than maxLength");
    expect(schemaViolation(schema, json('{"price":1,"tags":["a","b","c"]}'))).toBe("$.tags: more than maxItems");
    expect(schemaViolation(schema, json('{"price":1,"kind":"c"}'))).toBe("$.kind: not one of the enum values");
    expect(schemaViolation(json('{"type":"number"}'), 3n)).toBeNull();
    expect(schemaViolation(json('{"type":["string","null"]}'), null)).toBeNull();
    expect(schemaViolation(json('{"type":"string"}'), new Uint8Array(1))).toBe("$: expected string, got bytes");
  });
  it("refuses keywords outside the subset and malformed schemas at submission", () => {
    expect(code(() => checkSchema(json('{"type":"string","pattern":"^a"}')))).toBe("INVALID_JOB");
    expect(code(() => checkSchema(json('{"type":"text"}')))).toBe("INVALID_JOB");
    expect(code(() => checkSchema(json('{"required":"price"}')))).toBe("INVALID_JOB");
    expect(code(() => checkSchema(json("[]")))).toBe("INVALID_JOB");
    let deep = '{"type":"string"}';
    for (let i = 0; i < 20; i++) deep = `{"items":${deep}}`;
    expect(code(() => checkSchema(json(deep)))).toBe("INVALID_JOB");
  });
});

describe("job requests", () => {
  const base = { kind: "http", spec: json('{"method":"GET","url":"https://api.example/p"}'), resultSchema: json('{"type":"object"}'), allowDomains: ["example"] };
  const cfg = DEFAULT_RUNNER_MARKET_CONFIG;
  it("decode canonical bytes, default the mode, and check each kind's spec", () => {
    const r = decodeJobRequest(encodeJobRequest(base), cfg);
    expect([r.kind, r.verification, r.runners, r.quorum]).toEqual(["http", "none", 1n, 1n]);
    expect(decodeJobRequest(encodeJobRequest({ ...base, runners: 3n }), cfg).verification).toBe("majority_vote");
    expect(code(() => decodeJobRequest(encodeJobRequest({ ...base, allowDomains: ["other.example"] }), cfg))).toBe("INVALID_JOB");
    expect(code(() => decodeJobRequest(encodeJobRequest({ ...base, verification: "none", runners: 3n }), cfg))).toBe("INVALID_JOB");
    expect(code(() => decodeJobRequest(encodeJobRequest({ ...base, runners: 2n, quorum: 3n }), cfg))).toBe("INVALID_JOB");
    expect(decodeJobRequest(encodeJobRequest({ ...base, verification: "semantic_similarity", runners: 3n }), cfg).verification).toBe("semantic_similarity");
    expect(code(() => decodeJobRequest(encodeJobRequest({ ...base, verification: "semantic_similarity", runners: 1n }), cfg))).toBe("INVALID_JOB");
    expect(code(() => decodeJobRequest(encodeJobRequest({ ...base, verification: "deterministic", runners: 3n }), cfg))).toBe("INVALID_JOB");
    expect(code(() => decodeJobRequest(encodeJobRequest({ ...base, kind: "container", spec: json('{"image":"x@sha256:00","command":["run"]}') }), cfg))).toBe("INVALID_JOB");
    const withImage = createRunnerMarketConfig({ containerImages: [{ image: "x@sha256:00", resourceClass: "small", cpuMillis: 1n, memoryMiB: 1n, maxSeconds: 1n }] });
    expect(decodeJobRequest(encodeJobRequest({ ...base, kind: "container", spec: json('{"image":"x@sha256:00","command":["run"]}') }), withImage).kind).toBe("container");
    expect(code(() => parseJobRequest(json('{"kind":"llm","spec":{"model":"m"},"result_schema":{}}'), cfg))).toBe("INVALID_JOB");
    expect(parseJobRequest(json('{"kind":"llm","spec":{"model":"m","prompt":"p"},"result_schema":{}}'), cfg).kind).toBe("llm");
    expect(code(() => parseJobRequest(json('{"kind":"http","spec":{"method":"GET","url":"https://api.example/"}}'), cfg))).toBe("INVALID_JOB");
    expect(code(() => parseJobRequest(json('{"kind":"http","spec":{},"result_schema":{},"extra":1}'), cfg))).toBe("INVALID_JOB");
    expect(
      code(() =>
        parseJobRequest(json('{"kind":"http","spec":{"method":"GET","url":"https://api.example/"},"result_schema":{},"allow_domains":["example"],"secrets":["bob/key"]}'), cfg),
      ),
    ).toBe("INVALID_JOB");
  });
  it("require entitlements by kind, secrets, volumes and the actor's list; match iff requires ⊆ provides", () => {
    expect(jobRequirements("http", ["tee"], ["region.eu"], true, true)).toEqual(["fs.mount", "net.http", "region.eu", "secret.read", "tee"]);
    expect(entitlementsMatch(["net.http"], ["llm", "net.http"])).toBe(true);
    expect(entitlementsMatch(["net.http", "tee"], ["net.http"])).toBe(false);
    const w = new World();
    setRequires(w.state, addr(1), [
      { name: "tee", inheritable: true },
      { name: "net.http", inheritable: false },
    ]);
    inheritRequires(w.state, addr(1), addr(2));
    expect(getRequires(w.state, addr(2))).toEqual([{ name: "tee", inheritable: true }]);
    expect(code(() => setRequires(w.state, addr(1), [{ name: "BAD NAME", inheritable: false }]))).toBe("INVALID_ARGUMENT");
    setRequires(w.state, addr(1), []);
    expect(getRequires(w.state, addr(1))).toEqual([]);
  });
});

describe("the runner registry", () => {
  it("register (stake ≥ max(floor, 1.5 × max job value)), add stake, update, unbond, withdraw after the period", () => {
    const w = new World(createRunnerMarketConfig({ stakeFloor: 100n * CBY, unbondingPeriod: 5n }));
    const r = addr(1);
    w.fund(r, 1_000n * CBY);
    expect(requiredStake(w.config, 100n * CBY)).toBe(150n * CBY);
    expect(code(() => registerRunner(w.ctx(), r, 149n * CBY, declaration(100n * CBY)))).toBe("STAKE_TOO_LOW");
    expect(code(() => registerRunner(w.ctx(), r, 2_000n * CBY, declaration()))).toBe("INSUFFICIENT_BALANCE");
    expect(code(() => registerRunner(w.ctx(), r, 150n * CBY, { ...declaration(), endpoint: new TextEncoder().encode("ftp://x") }))).toBe("INVALID_ARGUMENT");
    registerRunner(w.ctx(), r, 150n * CBY, declaration(100n * CBY));
    expect(code(() => registerRunner(w.ctx(), r, 150n * CBY, declaration()))).toBe("RUNNER_EXISTS");
    expect(w.balance(RUNNER_REGISTRY_ADDRESS)).toBe(150n * CBY);
    expect(code(() => updateRunner(w.ctx(), r, declaration(200n * CBY)))).toBe("STAKE_TOO_LOW");
    addRunnerStake(w.ctx(), r, 150n * CBY);
    updateRunner(w.ctx(), r, declaration(200n * CBY));
    expect(getRunner(w.state, r)!.maxJobValue).toBe(200n * CBY);
    unbondRunner(w.ctx(), r);
    expect(code(() => addRunnerStake(w.ctx(), r, 1n))).toBe("RUNNER_STATUS");
    expect(code(() => withdrawRunner(w.ctx(), r))).toBe("RUNNER_STATUS");
    w.height += 5n;
    expect(withdrawRunner(w.ctx(), r)).toBe(300n * CBY);
    expect(w.balance(r)).toBe(1_000n * CBY);
    expect(getRunner(w.state, r)!.status).toBe("withdrawn");
    registerRunner(w.ctx(), r, 150n * CBY, declaration(100n * CBY));
    expect(getRunner(w.state, r)!.status).toBe("active");
    expect(code(() => unbondRunner(w.ctx(), addr(9)))).toBe("RUNNER_NOT_FOUND");
  });
});

describe("reputation, selection and settlement arithmetic", () => {
  const cfg = DEFAULT_RUNNER_MARKET_CONFIG;
  it("decays toward neutral, halves the distance per half-life, and moves by the event bps", () => {
    expect(decayedReputation(cfg, 900_000n, 0n, cfg.reputationHalfLife)).toBe(700_000n);
    expect(decayedReputation(cfg, 100_000n, 0n, 2n * cfg.reputationHalfLife)).toBe(400_000n);
    expect(rewarded(cfg, 500_000n)).toBe(525_000n);
    expect(penalized(500_000n, 2_000n)).toBe(400_000n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1_000_000n }), fc.bigInt({ min: 0n, max: 10n ** 8n }), (s, dt) => {
        const d = decayedReputation(cfg, s, 0n, dt);
        const lo = s < cfg.reputationNeutral ? s : cfg.reputationNeutral;
        const hi = s < cfg.reputationNeutral ? cfg.reputationNeutral : s;
        return d >= lo && d <= hi && decayedReputation(cfg, s, 0n, dt + 1n) <= (s >= cfg.reputationNeutral ? d : hi);
      }),
    );
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 1n << 80n }), (n) => isqrt(n) ** 2n <= n && (isqrt(n) + 1n) ** 2n > n));
  });
  it("sizes committees by §5.3 and draws distinct members", () => {
    expect(committeeSize(cfg, [])).toBe(3n);
    expect(committeeSize(cfg, [1n, 1n])).toBe(4n);
    expect(committeeSize(cfg, [1_000_000n, 1n])).toBe(3n);
    expect(defaultQuorum(3n)).toBe(2n);
    expect(defaultQuorum(9n)).toBe(6n);
    const candidates = [1, 2, 3, 4].map((i) => ({ address: addr(i), stake: BigInt(i) * CBY, reputation: i === 4 ? 0n : 500_000n }));
    const drawn = drawCommittee(new Uint8Array(32).fill(1), new Uint8Array(32), candidates, 9n);
    expect(drawn.map((c) => c.address[19]).sort()).toEqual([1, 2, 3]);
  });
  it("splits every payment exactly: burn + treasury + runners = gross", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1n << 63n }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: -1, max: 8 }), (gross, n, agg) => {
        const paid = Array.from({ length: n }, (_, i) => addr(i));
        const s = splitPayment(cfg, gross, paid, agg >= 0 && agg < n ? paid[agg]! : addr(99));
        return s.burned + s.treasury + s.runners.reduce((a, r) => a + r.amount, 0n) === gross && s.burned === (gross * 1_000n) / 10_000n;
      }),
    );
  });
});
