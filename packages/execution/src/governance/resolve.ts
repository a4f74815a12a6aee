// Effective parameters (cips/governance.md "Resolution"): the ChainParams a block runs under are the node's,
// overlaid with every registry group its parent state holds — so a passed proposal changes behaviour from its
// activation height, with no restart. Chains without governance have no registry and run on their own params.
import { amendedParamKeys, getParam, GovernanceError, setParam, type Json, type Tier } from "@cowboy/governance";
import type { ChainParams, StateAccess } from "../types.js";
import { PARAM_GROUPS, paramGroup } from "./paramGroups.js";

/**
 * The parameters of a block executing on `state` (its parent's post-state). Only groups amended since genesis are
 * read: genesis wrote `params`' own values (a node refuses a data directory whose genesis differs from its params),
 * so an unamended group is `params`' already — one state read per block while nothing has been amended.
 */
export function resolveChainParams(state: Pick<StateAccess, "get">, params: ChainParams): ChainParams {
  if (params.governance === undefined) return params;
  let out = params;
  for (const key of amendedParamKeys(state)) {
    const group = paramGroup(key);
    const value = getParam(state, key);
    if (group !== undefined && group.key === key && value !== undefined) out = group.write(out, value);
  }
  return out;
}

/** Genesis: every group the chain runs with, at its value in `params` (the spec defaults unless overridden). */
export function writeRegistryGenesis(state: StateAccess, params: ChainParams): void {
  for (const group of PARAM_GROUPS) {
    const value = group.read(params);
    if (value !== undefined) setParam(state, group.key, value, 0n, null);
  }
}

/**
 * Checks `changes` applied in order on `params`, returning their highest tier; throws GovernanceError for the first
 * change of an unknown key or an invalid value (the owner's error is carried in the message).
 */
export function checkParamChanges(params: ChainParams, changes: readonly { readonly key: string; readonly value: Json }[]): { tier: Tier; params: ChainParams } {
  let tier: Tier = 0;
  let out = params;
  for (const c of changes) {
    const group = paramGroup(c.key);
    if (group === undefined || group.key !== c.key)
      throw new GovernanceError("UNKNOWN_PARAM", `'${c.key}' is not a registry key${group === undefined ? "" : ` (did you mean ${group.key}?)`}`);
    try {
      out = group.write(out, c.value);
    } catch (error) {
      if (error instanceof GovernanceError) throw error;
      const e = error as { code?: string; message: string };
      throw new GovernanceError("INVALID_ARGUMENT", `${c.key}: ${e.code === undefined ? "" : `${e.code}: `}${e.message}`);
    }
    if (group.tier > tier) tier = group.tier;
  }
  return { tier, params: out };
}
