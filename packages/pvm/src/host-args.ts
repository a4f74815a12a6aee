// Argument checks and the charge/guard wrappers every `pvm_host` function uses (hostmodule.ts and its
// hostmodule-*.ts parts): one place, so the parts import no cycle.
import { type LinearCost, linearCost, OutOfCells, OutOfCycles } from "@cowboy/metering";
import { U64_MAX } from "@cowboy/codec";
import { HostError, HostFault } from "./host.js";
import type { Runtime } from "./runtime/context.js";
import { pyErr, PyThrow } from "./runtime/exceptions.js";
import * as I from "./runtime/int.js";
import { PyBytes, type Value } from "./runtime/object.js";
import { asInt, typeOf } from "./runtime/ops.js";

export const argName = (v: Value | undefined): string => (v === undefined ? "nothing" : typeOf(v).name);

export function bytesArg(v: Value | undefined, fn: string, name: string): Uint8Array {
  if (!(v instanceof PyBytes)) throw pyErr("TypeError", `${fn}() argument '${name}' must be bytes, not ${argName(v)}`);
  return v.b;
}

export function addressArg(v: Value | undefined, fn: string, name: string): Uint8Array {
  const b = bytesArg(v, fn, name);
  if (b.length !== 20) throw pyErr("ValueError", `${fn}() argument '${name}' must be a 20-byte address, got ${b.length} bytes`);
  return b;
}

export function strArg(v: Value | undefined, fn: string, name: string): string {
  if (typeof v !== "string") throw pyErr("TypeError", `${fn}() argument '${name}' must be str, not ${argName(v)}`);
  return v;
}

export function intArg(v: Value | undefined, fn: string, name: string, dflt?: bigint): bigint {
  if (v === undefined && dflt !== undefined) return dflt;
  const i = v === undefined || typeof v === "boolean" ? undefined : asInt(v);
  if (i === undefined) throw pyErr("TypeError", `${fn}() argument '${name}' must be int, not ${argName(v)}`);
  return I.big(i);
}

export function u64Arg(v: Value | undefined, fn: string, name: string, dflt?: bigint): bigint {
  const n = intArg(v, fn, name, dflt);
  if (n < 0n || n > U64_MAX) throw pyErr("ValueError", `${fn}() argument '${name}' must be in [0, 2**64), got ${n}`);
  return n;
}

export function charge(rt: Runtime, c: LinearCost, units = 0): void {
  rt.charge(Number(linearCost(c, units)));
}

/**
 * Runs a Host method. HostError becomes the Python exception it names; meter exhaustion, Python
 * exceptions and faults pass through; anything else is the chain's fault (a HostFault, which no
 * Python `except` catches) and never leaks into Python (cips/pvm.md "Faults").
 */
export function guarded<R>(f: () => R): R {
  try {
    return f();
  } catch (e) {
    if (e instanceof PyThrow || e instanceof OutOfCycles || e instanceof OutOfCells || e instanceof HostFault) throw e;
    if (e instanceof HostError) throw pyErr(e.pyType, e.message);
    throw new HostFault(e);
  }
}
