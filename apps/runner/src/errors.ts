// Typed failures of the runner process (cips/runner-process.md; codes listed in cips/errors.md).
// Executors throw these; the job state machine maps them to an outcome (runner fault vs. external fault).
import { CowboyError } from "@cowboy/codec";

export type RunnerErrorCode =
  /** The runner was not started providing the entitlement a syscall class needs (spec §15.3 rule 3). */
  | "ENTITLEMENT_MISSING"
  /** A job spec that does not have the executor's shape (missing field, wrong type, out of bounds). */
  | "INVALID_SPEC"
  /** The URL's host (or a redirect's) is not on the job's allow_domains list. */
  | "HTTP_DOMAIN_NOT_ALLOWED"
  /** The host resolves to a private, loopback, link-local, metadata or otherwise non-public address. */
  | "HTTP_ADDRESS_FORBIDDEN"
  /** Too many redirects, or a redirect without a usable Location. */
  | "HTTP_REDIRECT_REFUSED"
  /** The response body exceeds the size bound. */
  | "HTTP_TOO_LARGE"
  /** The request did not complete within the time bound. */
  | "HTTP_TIMEOUT"
  /** The server answered with a non-2xx status. */
  | "HTTP_STATUS"
  /** The response body is not JSON. */
  | "HTTP_NOT_JSON"
  /** The connection failed (refused, reset, DNS failure). */
  | "HTTP_NETWORK"
  /** A compute function exceeded its CPU time or wall-clock bound. */
  | "COMPUTE_TIMEOUT"
  /** A compute function exceeded its memory bound (the worker was stopped). */
  | "COMPUTE_MEMORY"
  /** A compute function threw, or returned something that is not JSON. */
  | "COMPUTE_FAILED"
  /** An executor's output exceeds the on-chain bound (spec §5.4: 64 KiB) or its own bound. */
  | "OUTPUT_TOO_LARGE"
  /** The model or endpoint failed, or produced output that is not schema-valid JSON. */
  | "LLM_FAILED"
  /** An MCP server cannot be reached, the tool is unknown, or the tool reported an error. */
  | "MCP_FAILED"
  /** runc, root or the image is not available on this machine. */
  | "CONTAINER_UNAVAILABLE"
  /** The container exited non-zero, was killed by a limit, or printed something that is not JSON. */
  | "CONTAINER_FAILED"
  /** A `{"$secret": ...}` reference that is not `0xOWNER/NAME`, or a secret that cannot be released. */
  | "SECRET_UNAVAILABLE"
  /** A result that does not validate against the job's result_schema. */
  | "SCHEMA_VIOLATION"
  /** A job kind no executor of this runner handles. */
  | "UNKNOWN_KIND"
  /** A persisted job record that does not decode, or a transition the state machine forbids. */
  | "STATE_INVALID"
  /** The node refused or failed a request the runner depends on. */
  | "CHAIN_FAILED"
  /** A deterministic (TEE) job reached a runner started without an enclave key (`--tee-key`). */
  | "TEE_UNAVAILABLE"
  /** A job's CBFS volume cannot be mounted: no key secret declared, no delegation at 0x0A, or the relays refused it. */
  | "VOLUME_UNAVAILABLE";

export class RunnerError extends CowboyError<RunnerErrorCode> {
  override readonly name = "RunnerError";
}

export function isRunnerError(error: unknown, code?: RunnerErrorCode): error is RunnerError {
  return error instanceof RunnerError && (code === undefined || error.code === code);
}
