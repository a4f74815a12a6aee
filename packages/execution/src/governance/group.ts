// One row of the parameter registry (cips/governance.md "Registry"): a §13.1 group, its tier and its ChainParams slice.
import type { Json, Tier } from "@cowboy/governance";
import type { ChainParams } from "../types.js";

export interface ParamGroup {
  /** The 0x09 storage key (§13.1; generic groups under `system:gov:param:<name>`). */
  readonly key: string;
  readonly tier: Tier;
  readonly summary: string;
  /** The group's value in `params` as JSON; undefined when the chain runs without the group. */
  read(params: ChainParams): Json | undefined;
  /** `params` with the group set to `value`; throws the owner's error when the value is invalid. */
  write(params: ChainParams, value: Json): ChainParams;
}
