// How a registry row maps a §13.1 group onto its slice of ChainParams (cips/governance.md "Registry"): read the slice
// as the owner's config JSON, write a proposed value back through the owner's validator, refuse fixed fields.
import { canonicalJson, configFromJson, configToJson, GovernanceError, type Tier } from "@cowboy/governance";
import type { ChainParams } from "../types.js";
import type { ParamGroup } from "./group.js";

/** One row over one slice of ChainParams. */
export interface RowOptions<T extends object> {
  readonly key: string;
  readonly tier: Tier;
  readonly summary: string;
  /** The slice in `p`; undefined when the chain runs without the group (then it is neither written nor amendable). */
  readonly get: (p: ChainParams) => T | undefined;
  /** `p` with the slice set to `v`. */
  readonly set: (p: ChainParams, v: T) => ChainParams;
  /** The owner's validator of the whole object after the write (throws its own error). */
  readonly check: (p: ChainParams) => unknown;
  /** Fields that may not change after genesis, and why (default: a state layout's arithmetic depends on them). */
  readonly fixed?: readonly (keyof T & string)[];
  readonly fixedWhy?: string;
  /** The shape a value is read by, when the slice's own value cannot show it (an empty array has no element). */
  readonly template?: T;
}

export function row<T extends object>(o: RowOptions<T>): ParamGroup {
  const why = o.fixedWhy ?? "fixed at genesis (its layout depends on it)";
  return {
    key: o.key,
    tier: o.tier,
    summary: o.summary,
    read: (p) => {
      const v = o.get(p);
      return v === undefined ? undefined : configToJson(v);
    },
    write: (p, json) => {
      const current = o.get(p);
      if (current === undefined) throw new GovernanceError("UNKNOWN_PARAM", `${o.key}: this chain runs without the group`);
      const next = configFromJson(json, o.template ?? current, o.key);
      for (const f of o.fixed ?? []) {
        if (canonicalJson(configToJson(next[f])) !== canonicalJson(configToJson(current[f]))) {
          throw new GovernanceError("INVALID_ARGUMENT", `${o.key}.${f} is ${why}`);
        }
      }
      const out = o.set(p, next);
      o.check(out);
      return out;
    },
  };
}

/** Throws INVALID_ARGUMENT naming the first field of `obj` that is not a positive number (groups whose owner has no validator). */
export function positive(what: string, obj: object): void {
  for (const [k, v] of Object.entries(obj)) {
    if ((typeof v === "bigint" && v < 1n) || (typeof v === "number" && v < 1)) throw new GovernanceError("INVALID_ARGUMENT", `${what}.${k} must be positive`);
  }
}
