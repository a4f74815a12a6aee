// The bytes a runner commits to and reveals (cips/runner-process.md "Usage reports", "TEE attestations";
// cips/runner-market.md "Usage pricing", "Deterministic mode (TEE)"): the canonical result, or for a usage-priced job
// {"result", "usage"}, or for a deterministic job {"result", "attestation"} signed with the runner's enclave key.
import { type CborValue, decodeCbor } from "@cowboy/codec";
import { attestedOutput, usageOutput } from "@cowboy/runner-market";
import { RunnerError } from "./errors.js";
import { outputBytes } from "./result-schema.js";

/** An enclave's signing key and the measurement of the image it runs (both 32 bytes; `--tee-key`, `--tee-measurement`). */
export interface TeeKey {
  readonly measurement: Uint8Array;
  /** Ed25519 secret key whose public key an allowlisted `teeMeasurements` entry names. */
  readonly secretKey: Uint8Array;
}

export interface RevealJob {
  readonly id: Uint8Array;
  readonly verification: string;
  readonly pricing?: "fixed" | "usage";
}

/** The output bytes for `value` (already schema-checked) under the job's verification mode and pricing. */
export function revealOutput(job: RevealJob, value: unknown, usage: ReadonlyMap<string, bigint>, runner: Uint8Array, tee: TeeKey | undefined): Uint8Array {
  const canonical = outputBytes(value);
  if (job.verification === "deterministic") {
    if (tee === undefined) throw new RunnerError("TEE_UNAVAILABLE", "a deterministic job needs an attestation and this runner was started without --tee-key");
    return attestedOutput(decodeCbor(canonical) as CborValue, { measurement: tee.measurement, secretKey: tee.secretKey, jobId: job.id, runner });
  }
  if (job.pricing === "usage") return usageOutput(decodeCbor(canonical) as CborValue, usage);
  return canonical;
}
