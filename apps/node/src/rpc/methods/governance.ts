// The `governance` namespace (issue 25, cips/governance.md): the parameter registry at 0x09 and the proposals, read
// from the head state through @cowboy/governance (which owns the layout) and execution's table of groups.
import { PARAM_GROUPS, paramGroup, rewardStakingConfig } from "@cowboy/execution";
import { getParam, getProposal, getSecurityFloor, paramHistory, proposalCount, proposalToJson, type Json, type Proposal } from "@cowboy/governance";
import { z } from "zod";
import type { Chain } from "../../chain/chain.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { u64 } from "./params.js";

const paramKey = z.string().regex(/^[a-z0-9_:]{1,128}$/, "expected a registry key (system:…) or a group's short name");
const MAX_LISTED = 100;

function governed(chain: Chain): void {
  if (chain.baseParams.governance === undefined) throw new RpcError(RpcErrorCode.MethodNotFound, "this chain runs without governance (cips/governance.md)");
}

function groupOf(key: string) {
  const group = paramGroup(key);
  if (group === undefined) throw new RpcError(RpcErrorCode.InvalidParams, `'${key}' is not a registry key; cowboy_listParams lists them`);
  return group;
}

/** The stored record with the proposer 0x-prefixed, as every address the RPC shows. */
function rpcProposal(p: Proposal): Json {
  const json = proposalToJson(p) as Record<string, Json>;
  return { ...json, proposer: `0x${json.proposer as string}` };
}

export function governanceMethods({ chain }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getParam",
      summary: "a registry group at the head: key, tier, value (the JSON `cowboy gov propose --param` takes) and its last amendments",
      params: [["key", paramKey]],
      handler: ([key]) => {
        governed(chain);
        const group = groupOf(key);
        const value = getParam(chain.state, group.key);
        const history = paramHistory(chain.state, group.key, 10).map((h) => ({
          height: h.height.toString(),
          proposal: h.proposal === null ? null : h.proposal.toString(),
          value: h.value,
        }));
        return { key: group.key, tier: group.tier, summary: group.summary, value: value ?? null, history };
      },
    }),
    defineMethod({
      name: "cowboy_listParams",
      summary: "every registry group at the head: key, tier, summary and value",
      params: [],
      handler: () => {
        governed(chain);
        return PARAM_GROUPS.map((g) => ({ key: g.key, tier: g.tier, summary: g.summary, value: (getParam(chain.state, g.key) ?? null) as Json }));
      },
    }),
    defineMethod({
      name: "cowboy_getProposal",
      summary: "one proposal: body, tier, deposit, both chambers' tallies and totals, status, activation height (eta), or null",
      params: [["id", u64]],
      handler: ([id]) => {
        governed(chain);
        const p = getProposal(chain.state, BigInt(id));
        return p === undefined ? null : rpcProposal(p);
      },
    }),
    defineMethod({
      name: "cowboy_listProposals",
      summary: `the newest proposals first (at most ${MAX_LISTED})`,
      params: [],
      handler: () => {
        governed(chain);
        const out: Json[] = [];
        for (let id = proposalCount(chain.state) - 1n; id >= 0n && out.length < MAX_LISTED; id--) {
          const p = getProposal(chain.state, id);
          if (p !== undefined) out.push(rpcProposal(p));
        }
        return out;
      },
    }),
    defineMethod({
      name: "cowboy_getSecurityFloor",
      summary:
        "§8.2's security-floor trigger at the head: threshold and boost (registry), whether the boost is on, since when, the staked ratio last measured, and the inflation rates block rewards are paid at now; null on a chain without staking",
      params: [],
      handler: () => {
        governed(chain);
        const params = chain.params;
        const reward = rewardStakingConfig(chain.state, params);
        if (params.governance === undefined || params.staking === undefined || reward === undefined) return null;
        const status = getSecurityFloor(chain.state);
        const { thresholdBps, boostBps } = params.governance.securityFloor;
        return {
          threshold_bps: thresholdBps.toString(),
          boost_bps: boostBps.toString(),
          active: status?.active ?? false,
          since: status === undefined ? null : status.since.toString(),
          ratio_bps: status === undefined ? null : status.ratioBps.toString(),
          evaluated_at: status === undefined ? null : status.evaluatedAt.toString(),
          schedule_bps: reward.inflationScheduleBps.map(String),
          floor_bps: reward.inflationFloorBps.toString(),
        };
      },
    }),
  ];
}
