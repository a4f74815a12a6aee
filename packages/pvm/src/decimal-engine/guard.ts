/** Argument guards for public entry points: a wrong argument fails here, naming itself. */
import { Context } from "./context.js";
import { Dec } from "./dec.js";
import { DecimalError } from "./signals.js";

export function adec(x: unknown, name: string): Dec {
  if (!(x instanceof Dec)) throw new DecimalError("INVALID_ARGUMENT", `${name}: expected a Dec`);
  return x;
}

export function actx(x: unknown, name = "ctx"): Context {
  if (!(x instanceof Context)) throw new DecimalError("INVALID_ARGUMENT", `${name}: expected a Context`);
  return x;
}

export function aint(x: unknown, name: string): number {
  if (typeof x !== "number" || !Number.isSafeInteger(x)) {
    throw new DecimalError("INVALID_ARGUMENT", `${name}: expected a safe integer`);
  }
  return x;
}

export function abigint(x: unknown, name: string): bigint {
  if (typeof x !== "bigint") throw new DecimalError("INVALID_ARGUMENT", `${name}: expected a bigint`);
  return x;
}
