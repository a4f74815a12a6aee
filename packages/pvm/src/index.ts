export { ParseCache } from "./api.js";
export { runScript, ActorVm, PyHandle, DEFAULT_CYCLES_LIMIT, INTERNAL_ERROR_MESSAGE, DEFAULT_MEMORY_LIMIT, RECURSION_LIMIT, STACK_WEIGHT_LIMIT } from "./api.js";
export type { RunOptions, RunResult, CallOptions, CallResult } from "./api.js";
export { PvmError, type PvmErrorCode } from "./errors.js";
export { ModuleRegistry, type ModuleDef } from "./modules.js";
export type { JsValue } from "./convert.js";
export { Runtime, type RuntimeOptions } from "./runtime/context.js";
export { E, PyBaseException, PyThrow } from "./runtime/exceptions.js";
export {
  MemoryHost,
  HostError,
  HostFault,
  type Host,
  type StorageQuotaInfo,
  type TokenHostOp,
  type TokenHostResult,
  type BlockInfo,
  type MessageContext,
  type CallBudget,
  type CallOutcome,
  type SignatureScheme,
  type HashAlgorithm,
  type MemoryHostOptions,
  type TimerOptions,
} from "./host.js";
export { closestName } from "./actor/suggest.js";
export { invokeActor, findActorClass, ATTRIBUTES_SLOT, MAX_RETURN_BYTES, type Invocation, type InvocationResult } from "./actor/invoke.js";
export { actorModules } from "./actor/modules.js";
export { SessionCache } from "./actor/session.js";
export { standardLibrary, standardModules } from "./stdlib/index.js";
export { hostModuleDef } from "./hostmodule.js";
export { asyncioModuleDef } from "./asyncio.js";
export { parse, tokenize, PySyntaxError } from "./parser/index.js";
export type { Module as PyModule, ClassDef, FunctionDef, AsyncFunctionDef, Expr as PyExpr, Stmt as PyStmt } from "./ast.js";
export { loadIsolatedPvm } from "./isolate.js";
