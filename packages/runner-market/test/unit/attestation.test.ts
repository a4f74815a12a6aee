// The deterministic mode (cips/runner-market.md "Deterministic mode (TEE)"): Ed25519 keys generated here stand in for
// enclave attestation keys; the chain accepts an attested output only under an allowlisted (measurement, key), for its
// own job and runner, covering exactly the revealed result, with a signature that verifies; then a whole job settles.
import { type CborValue, decodeCbor, encodeCbor, equalBytes } from "@cowboy/codec";
import { ed25519 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { ATTESTATION_DOMAIN, attestedOutput, encodeAttestationDocument, openAttestedOutput } from "../../src/attestation.js";
import { encodeCapabilities } from "../../src/capabilities.js";
import { getJob } from "../../src/job.js";
import { ackJob, commitJob, commitmentOf, revealJob } from "../../src/phases.js";
import { postJob } from "../../src/post.js";
import { registerRunner } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest, testConfig } from "../utils/fixture.js";

const enclaveKey = crypto.getRandomValues(new Uint8Array(32));
const otherKey = crypto.getRandomValues(new Uint8Array(32));
const measurement = crypto.getRandomValues(new Uint8Array(32));
const allow = [{ measurement, attestationKey: ed25519.getPublicKey(enclaveKey) }];
const jobId = new Uint8Array(32).fill(0x77);
const runner = addr(1);
const price = (p: bigint): CborValue => new Map<CborValue, CborValue>([["price", p]]);

describe("TEE attestations", () => {
  it("an attested output opens to the canonical bytes of its result", () => {
    const out = attestedOutput(price(42n), { measurement, secretKey: enclaveKey, jobId, runner });
    const opened = openAttestedOutput(out, jobId, runner, allow);
    expect(opened).toEqual({ ok: true, result: encodeCbor(price(42n)) });
  });

  it("refuses an unlisted key or measurement, another job or runner, a swapped result, a forged signature, malformed bytes", () => {
    const sign = (o: { key?: Uint8Array; m?: Uint8Array; job?: Uint8Array; who?: Uint8Array }) =>
      attestedOutput(price(42n), { measurement: o.m ?? measurement, secretKey: o.key ?? enclaveKey, jobId: o.job ?? jobId, runner: o.who ?? runner });
    const reason = (out: Uint8Array) => {
      const r = openAttestedOutput(out, jobId, runner, allow);
      return r.ok ? "ok" : r.reason;
    };
    expect(reason(sign({ key: otherKey }))).toMatch(/not allowlisted/);
    expect(reason(sign({ m: new Uint8Array(32).fill(1) }))).toMatch(/not allowlisted/);
    expect(reason(sign({ job: new Uint8Array(32).fill(1) }))).toMatch(/another job or runner/);
    expect(reason(sign({ who: addr(2) }))).toMatch(/another job or runner/);
    // The attestation of 42 wrapped around a result of 43.
    const good = decodeCbor(sign({})) as Map<CborValue, CborValue>;
    const swapped = encodeCbor(
      new Map<CborValue, CborValue>([
        ["result", price(43n)],
        ["attestation", good.get("attestation")!],
      ]),
    );
    expect(reason(swapped)).toMatch(/does not cover this result/);
    // A document naming the allowlisted key but signed by another key.
    const doc = encodeAttestationDocument({ measurement, key: ed25519.getPublicKey(enclaveKey), jobId, runner, outputHash: decodeAttHash(good) });
    const forged = encodeCbor(
      new Map<CborValue, CborValue>([
        ["result", price(42n)],
        ["attestation", encodeCbor([doc, ed25519.sign(new Uint8Array([...ATTESTATION_DOMAIN, ...doc]), otherKey)])],
      ]),
    );
    expect(reason(forged)).toMatch(/signature does not verify/);
    expect(reason(encodeCbor(price(42n)))).toMatch(/not \{result, attestation\}/);
    expect(reason(Uint8Array.of(0xff))).toMatch(/not \{result, attestation\}/);
    expect(openAttestedOutput(sign({}), jobId, runner, [])).toMatchObject({ ok: false });
  });

  it("a deterministic job needs an allowlisted enclave on the chain and a runner that provides tee; it settles on the attested result", () => {
    expect(() => httpRequest({ verification: "deterministic" })).toThrow(/deterministic needs an allowlisted TEE measurement/);
    const cfg = testConfig({ teeMeasurements: allow });
    const w = new World(cfg);
    const poster = addr(200);
    w.fund(poster, 1_000n * CBY);
    const caps = encodeCapabilities({ provides: ["net.http", "tee"], jobKinds: ["http"] });
    const rs = [1, 2, 3].map(addr);
    for (const r of rs) {
      w.fund(r, 1_000n * CBY);
      registerRunner(w.ctx(), r, 200n * CBY, { ...declaration(), capabilities: caps });
    }
    // A runner without an enclave is never drawn for such a job.
    w.fund(addr(4), 1_000n * CBY);
    registerRunner(w.ctx(), addr(4), 200n * CBY, declaration());
    const job = postJob(w.ctx(), { poster, posterIsActor: true, request: httpRequest({ verification: "deterministic" }, cfg), maxPrice: 10n * CBY });
    expect(job.requires).toContain("tee");
    for (let i = 0; i < 5 && getJob(w.state, job.id)!.status === "pending"; i++) {
      w.height++;
      processJobs(w.ctx());
    }
    const drawn = getJob(w.state, job.id)!;
    expect(drawn.committee.map((c) => c[19])).not.toContain(4);
    const outputs = drawn.committee.map((m, i) =>
      // The third member reveals the right value without an attestation.
      i === 2 ? encodeCbor(price(42n)) : attestedOutput(price(42n), { measurement, secretKey: enclaveKey, jobId: job.id, runner: m }),
    );
    for (const m of drawn.committee) ackJob(w.ctx(), m, job.id);
    drawn.committee.forEach((m, i) => {
      commitJob(w.ctx(), m, job.id, commitmentOf(outputs[i]!, new Uint8Array(32).fill(i + 1)));
    });
    drawn.committee.forEach((m, i) => {
      revealJob(w.ctx(), m, job.id, outputs[i]!, new Uint8Array(32).fill(i + 1));
    });
    processJobs(w.ctx());
    const verified = getJob(w.state, job.id)!;
    expect(verified.status).toBe("challenge");
    expect(equalBytes(verified.result!, encodeCbor(price(42n)))).toBe(true);
    expect(verified.paid).toHaveLength(2);
    expect(verified.failures).toEqual([{ runner: drawn.committee[2], reason: "attestation_invalid" }]);
    w.height += 5n;
    const [delivery] = processJobs(w.ctx());
    expect(getJob(w.state, job.id)!.status).toBe("settled");
    expect(equalBytes(delivery!.result!, encodeCbor(price(42n)))).toBe(true);
  });
});

/** The output_hash of an attested output's document. */
function decodeAttHash(outer: Map<CborValue, CborValue>): Uint8Array {
  const [doc] = decodeCbor(outer.get("attestation") as Uint8Array) as [Uint8Array, Uint8Array];
  return (decodeCbor(doc) as Map<CborValue, CborValue>).get("output_hash") as Uint8Array;
}
