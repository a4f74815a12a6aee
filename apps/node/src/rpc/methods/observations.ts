// dx-chain's namespaces (issue 20): logs, debug traces, timer history and actor interfaces, each in its own file.
import type { RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { interfaceMethods } from "./interfaces.js";
import { logMethods } from "./logs.js";
import { timerHistoryMethods } from "./timer-history.js";
import { traceMethods } from "./traces.js";

export function observationMethods(ctx: NodeContext): RpcMethod[] {
  return [...logMethods(ctx), ...traceMethods(ctx), ...timerHistoryMethods(ctx), ...interfaceMethods(ctx)];
}
