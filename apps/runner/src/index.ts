// @cowboy/runner-app — the off-chain runner process of the runner market (issue 22; cips/runner-process.md):
// executors behind an entitlement gate, a persisted job state machine, and a chain client.
export { RunnerError, isRunnerError, type RunnerErrorCode } from "./errors.js";
export { ENTITLEMENTS, EntitlementGate, isEntitlement, parseProvides, type Entitlement } from "./entitlements.js";
export { SecretValue, parseSecretRef, formatSecretRef, secretRefsIn, substituteSecrets, type SecretBytes, type SecretRef, type SecretSource } from "./secrets.js";
export { executeJob, servableKinds, usageOf, OUTPUT_KIB_UNIT, MAX_OUTPUT_BYTES, JOB_KINDS, type JobKind, type JobInput, type JobOutput, type ExecutorConfig } from "./execute.js";
export { checkResult, outputBytes, valueOfJson } from "./result-schema.js";
export { revealOutput, type RevealJob, type TeeKey } from "./reveal-output.js";
export { runHttp, parseHttpSpec, hostAllowed, type HttpSpec, type HttpExecutorOptions, type ResolvedAddress } from "./executors/http.js";
export { classifyAddress, addressAllowed, type AddressClass } from "./executors/address-guard.js";
export { runCompute, parseComputeSpec, type ComputeSpec, type ComputeOptions } from "./executors/compute.js";
export { runLlm, parseLlmSpec, type LlmSpec } from "./executors/llm.js";
export { runMcp, parseMcpSpec, type McpSpec, type McpOptions } from "./executors/mcp.js";
export { runContainerJob, parseContainerSpec, type ContainerSpec, type ContainerOptions } from "./executors/container.js";
export { runContainer, containerSupport, type ContainerRun, type ContainerLimits, type ContainerExit } from "./container/runc.js";
export { buildBusyboxLayout, unpackLayout, BUSYBOX_APPLETS } from "./container/oci.js";
export type { LlmBackend, CompletionRequest } from "./llm/backend.js";
export { createLlamaCppBackend, type LlamaCppOptions } from "./llm/llama-cpp.js";
export { createOpenAiBackend, type OpenAiOptions } from "./llm/openai.js";
export { tinyGguf, writeTinyGguf, TINY_MODEL_SHAPE, type TinyModelShape } from "./llm/tiny-gguf.js";
export { JobStore, JOB_PHASES, type JobPhase, type JobRecord, type StoredTx, type TxStep } from "./state/job-store.js";
export { FINAL_JOB_STATUSES, type ChainJob, type JobStatus, type Registration, type RunnerAction, type RunnerChain, type RunnerInfo, type SignedAction } from "./chain/port.js";
export { createRpcRunnerChain, instructionOf, jobFromJson, runnerFromJson, type RpcRunnerChain, type RpcRunnerChainOptions } from "./chain/rpc-chain.js";
export {
  Runner,
  RUNNER_FAULTS,
  SCHEMA_VIOLATING_VALUE,
  commitmentOf,
  majorityOutput,
  registrationStale,
  tamperedOutput,
  unopenedOutput,
  type RunnerFault,
  type RunnerOptions,
} from "./runner.js";
export { TRANSPORT_KEY_FILE, loadOrCreateTransportKey, openTransportKey, sealTransportKey, type TransportKey } from "./transport-key.js";
export { createCbssSecretSource, parseProxies, type CbssSourceOptions } from "./cbss-source.js";
export { startRunner, type RunnerStartOptions, type RunningRunner } from "./start.js";
