// TEE attestations for the `deterministic` verification mode (spec "Verification modes"; cips/runner-market.md
// "Deterministic mode (TEE)"). A runner in an enclave reveals canonical CBOR {"result": value, "attestation": bytes};
// the attestation is CBOR [document, signature] where the document is canonical CBOR
// {"v": 1, "measurement": 32 bytes, "key": 32 bytes, "job_id": 32 bytes, "runner": 20 bytes, "output_hash": 32 bytes}
// and the signature is Ed25519 by `key` over "cowboy-tee-attestation-v1" ‖ document. The chain accepts it when
// (measurement, key) is on the allowlist (RunnerMarketConfig.teeMeasurements), the job and runner are this reveal's,
// and output_hash = keccak256(canonical CBOR of result).
import { CborError, type CborValue, concatBytes, decodeCbor, encodeCbor, equalBytes } from "@cowboy/codec";
import { ed25519, keccak256 } from "@cowboy/crypto";

export const ATTESTATION_DOMAIN: Uint8Array = new TextEncoder().encode("cowboy-tee-attestation-v1");

/** One allowlisted enclave: its code measurement and the attestation key the platform certified for it. */
export interface TeeMeasurement {
  readonly measurement: Uint8Array;
  /** Ed25519 public key (32 bytes). */
  readonly attestationKey: Uint8Array;
}

export interface AttestationDocument {
  readonly measurement: Uint8Array;
  readonly key: Uint8Array;
  readonly jobId: Uint8Array;
  readonly runner: Uint8Array;
  readonly outputHash: Uint8Array;
}

const DOC_KEYS = ["v", "measurement", "key", "job_id", "runner", "output_hash"];

export function encodeAttestationDocument(d: AttestationDocument): Uint8Array {
  return encodeCbor(
    new Map<CborValue, CborValue>([
      ["v", 1n],
      ["measurement", d.measurement],
      ["key", d.key],
      ["job_id", d.jobId],
      ["runner", d.runner],
      ["output_hash", d.outputHash],
    ]),
  );
}

/** What an enclave does: signs the document for `result` and wraps both as the reveal output. */
export function attestedOutput(result: CborValue, o: { measurement: Uint8Array; secretKey: Uint8Array; jobId: Uint8Array; runner: Uint8Array }): Uint8Array {
  const doc = encodeAttestationDocument({
    measurement: o.measurement,
    key: ed25519.getPublicKey(o.secretKey),
    jobId: o.jobId,
    runner: o.runner,
    outputHash: keccak256(encodeCbor(result)),
  });
  const attestation = encodeCbor([doc, ed25519.sign(concatBytes(ATTESTATION_DOMAIN, doc), o.secretKey)]);
  return encodeCbor(
    new Map<CborValue, CborValue>([
      ["result", result],
      ["attestation", attestation],
    ]),
  );
}

function canonical(bytes: Uint8Array): CborValue | undefined {
  try {
    const v = decodeCbor(bytes);
    return equalBytes(encodeCbor(v), bytes) ? v : undefined;
  } catch (error) {
    if (error instanceof CborError) return undefined;
    throw error;
  }
}

const bytesOf = (m: Map<CborValue, CborValue>, k: string, n: number): Uint8Array | undefined => {
  const v = m.get(k);
  return v instanceof Uint8Array && v.length === n ? v : undefined;
};

/**
 * The attested result's canonical bytes, or the reason the reveal is not a valid attested output for (job, runner)
 * under the allowlist.
 */
export function openAttestedOutput(
  output: Uint8Array,
  jobId: Uint8Array,
  runner: Uint8Array,
  allowlist: readonly TeeMeasurement[],
): { ok: true; result: Uint8Array } | { ok: false; reason: string } {
  const no = (reason: string) => ({ ok: false as const, reason });
  const outer = canonical(output);
  if (!(outer instanceof Map) || outer.size !== 2 || !outer.has("result") || !(outer.get("attestation") instanceof Uint8Array)) {
    return no("the output is not {result, attestation}");
  }
  const pair = canonical(outer.get("attestation") as Uint8Array);
  if (!Array.isArray(pair) || pair.length !== 2 || !(pair[0] instanceof Uint8Array) || !(pair[1] instanceof Uint8Array) || pair[1].length !== 64) {
    return no("the attestation is not [document, signature]");
  }
  const docBytes = pair[0];
  const doc = canonical(docBytes);
  if (!(doc instanceof Map) || doc.size !== DOC_KEYS.length || !DOC_KEYS.every((k) => doc.has(k)) || doc.get("v") !== 1n) return no("the attestation document is malformed");
  const measurement = bytesOf(doc, "measurement", 32);
  const key = bytesOf(doc, "key", 32);
  const job = bytesOf(doc, "job_id", 32);
  const who = bytesOf(doc, "runner", 20);
  const hash = bytesOf(doc, "output_hash", 32);
  if (!measurement || !key || !job || !who || !hash) return no("the attestation document is malformed");
  if (!allowlist.some((t) => equalBytes(t.measurement, measurement) && equalBytes(t.attestationKey, key))) return no("the measurement and key are not allowlisted");
  if (!equalBytes(job, jobId) || !equalBytes(who, runner)) return no("the attestation is for another job or runner");
  const result = encodeCbor(outer.get("result")!);
  if (!equalBytes(keccak256(result), hash)) return no("the attestation does not cover this result");
  if (!ed25519.verify(pair[1], concatBytes(ATTESTATION_DOMAIN, docBytes), key)) return no("the attestation signature does not verify");
  return { ok: true, result };
}
