// The one guard that is execution's own: a state fork. The rest are @cowboy/codec's (one set, one
// argument order); a wrong argument fails at the boundary and the code behind trusts its inputs.
import { aobject } from "@cowboy/codec";
import { ExecutionError } from "./errors.js";

const STATE_METHODS = ["get", "set", "delete", "checkpoint", "revertTo", "commitCheckpoint", "computeRoot"] as const;

/** `value` must be a state: an object with get, set, delete, checkpoint, revertTo, commitCheckpoint and computeRoot. */
export function astate<T extends object>(value: T, title: string): T {
  aobject(value, title);
  for (const method of STATE_METHODS) {
    if (typeof (value as Record<string, unknown>)[method] !== "function") throw new ExecutionError("INVALID_ARGUMENT", `${title} must be a state fork (it has no ${method}())`);
  }
  return value;
}
