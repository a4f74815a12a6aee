export { Runtime, type RuntimeOptions } from "./runtime/context.js";
export { E, PyBaseException, PyThrow } from "./runtime/exceptions.js";
export * as int from "./runtime/int.js";
