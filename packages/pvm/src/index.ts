export { runScript, ActorVm, PyHandle, DEFAULT_CYCLES_LIMIT, DEFAULT_MEMORY_LIMIT, RECURSION_LIMIT, STACK_WEIGHT_LIMIT } from "./api.js";
export type { RunOptions, RunResult, CallOptions, CallResult } from "./api.js";
export { PvmError, type PvmErrorCode } from "./errors.js";
export { ModuleRegistry, type ModuleDef } from "./modules.js";
export type { JsValue } from "./convert.js";
export { Runtime, type RuntimeOptions } from "./runtime/context.js";
export { E, PyBaseException, PyThrow } from "./runtime/exceptions.js";
export { MemoryHost, type Host, type BlockInfo, type SignatureScheme, type HashAlgorithm, type MemoryHostOptions } from "./host.js";
export { hostModuleDef } from "./hostmodule.js";
