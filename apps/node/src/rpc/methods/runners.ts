// The `runners` namespace (issue 22, cips/runner-market.md "RPC"): runner and job records at the committed head, read
// through @cowboy/runner-market (which owns the layout and the JSON forms).
import { equalBytes, fromHex, toHex } from "@cowboy/codec";
import {
  JOB_STATUSES,
  committeeEpochOf,
  getCommitteeEpoch,
  getJob,
  getProvidesHistory,
  getRunner,
  payoutOf,
  jobToJson,
  listRunners,
  openJobIds,
  recentJobIds,
  runnerToJson,
  type JobJson,
  type JobRecord,
  type MarketState,
  type RunnerJson,
  type RunnerMarketConfig,
} from "@cowboy/runner-market";
import { z } from "zod";
import type { Chain } from "../../chain/chain.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { address, hash32 } from "./params.js";

interface ProvidesHistoryJson {
  since: string;
  entries: { height: string; provides: string[] }[];
}

function headState(chain: Chain): MarketState {
  const refuse = (): never => {
    throw new RpcError(RpcErrorCode.InternalError, "the RPC reads the state only");
  };
  return { get: (key) => chain.state.get(key), set: refuse, delete: refuse };
}

/** The chain's runner-market configuration, or -32601 on a chain without the market. */
export function runnerMarketOf(chain: Chain): RunnerMarketConfig {
  const config = chain.params.runnerMarket;
  if (config === undefined) throw new RpcError(RpcErrorCode.MethodNotFound, "this chain runs without the runner market (cips/runner-market.md)");
  return config;
}

/** How a finished job's escrow (its maxPrice) went: split per §8.4 when settled, back to the poster otherwise; null while open. */
export type SettlementJson =
  | { outcome: "paid"; gross: string; tip: string; refunded: string; burned: string; treasury: string; aggregatorBonus: string; runners: { runner: string; amount: string }[] }
  | { outcome: "refunded"; gross: string; refunded: string; to: string }
  | { outcome: "fault"; fault: string; gross: string; refunded: string; burned: string; treasury: string; aggregatorBonus: string; runners: { runner: string; amount: string }[] };

/**
 * The record's JSON with its settlement: read-only, recomputed by the market's own payoutOf (rate cards or reported
 * usage, from the runners' registered rate cards at the head, and the tip; escrow is 0 once closed).
 */
function jobWithSettlement(config: RunnerMarketConfig, state: MarketState, job: JobRecord): JobJson & { settlement: SettlementJson | null } {
  const hex = (b: Uint8Array): string => `0x${toHex(b)}`;
  let settlement: SettlementJson | null = null;
  if (job.status === "settled" || (job.status === "failed" && job.fault !== null)) {
    const { gross, refund, split } = payoutOf(config, state, job, job.maxPrice);
    const paid = {
      gross: gross.toString(),
      refunded: refund.toString(),
      burned: split.burned.toString(),
      treasury: split.treasury.toString(),
      aggregatorBonus: split.aggregatorBonus.toString(),
      runners: split.runners.map((r) => ({ runner: hex(r.runner), amount: r.amount.toString() })),
    };
    // An agreed fault (cips/runner-market.md "Faults"): the reporters' progress was paid, the rest refunded.
    settlement = job.fault !== null ? { outcome: "fault", fault: job.fault, ...paid } : { outcome: "paid", tip: split.tip.toString(), ...paid };
  } else if (job.status === "failed" || job.status === "timeout" || job.status === "refunded") {
    settlement = { outcome: "refunded", gross: job.maxPrice.toString(), refunded: job.maxPrice.toString(), to: hex(job.poster) };
  }
  return { ...jobToJson(job), settlement };
}

/** The committee epoch record (cips/runner-market.md "Posting and selection"); `current`: selection at the head's epoch uses `m`. */
export interface CommitteeEpochJson {
  epoch: string;
  epochBlocks: string;
  startsAt: string;
  hhiEmaMicros: string;
  nActive: string;
  m: string;
  current: boolean;
}

const jobFilter = z
  .object({
    actor: address.optional(),
    runner: address.optional(),
    status: z.enum(JOB_STATUSES).optional(),
    limit: z.number().int().min(1).max(1_000).optional(),
  })
  .strict();

export function runnerMethods({ chain }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getRunner",
      summary: "one runner's record at the head (stake, capabilities, endpoint, transport key, reputation, status, provides history), or null",
      params: [["address", address]],
      handler: ([a]): (RunnerJson & { providesHistory: ProvidesHistoryJson }) | null => {
        const config = runnerMarketOf(chain);
        const state = headState(chain);
        const r = getRunner(state, fromHex(a));
        if (r === undefined) return null;
        // The history lets a CBSS proxy judge a release at a past height exactly as slashing will (cips/cbss.md §11).
        const h = getProvidesHistory(state, r.address);
        const providesHistory = { since: h.since.toString(), entries: h.entries.map((e) => ({ height: e.height.toString(), provides: [...e.provides] })) };
        return { ...runnerToJson(config, r, chain.head.height), providesHistory };
      },
    }),
    defineMethod({
      name: "cowboy_listRunners",
      summary: "every runner record at the head, active first, then by address",
      params: [],
      handler: (): RunnerJson[] => {
        const config = runnerMarketOf(chain);
        const all = listRunners(headState(chain)).map((r) => runnerToJson(config, r, chain.head.height));
        const rank = (s: RunnerJson["status"]): number => (s === "active" ? 0 : s === "unbonding" ? 1 : 2);
        return all.sort((x, y) => rank(x.status) - rank(y.status));
      },
    }),
    defineMethod({
      name: "cowboy_getCommitteeEpoch",
      summary: "the committee epoch record at the head (§5.3: the EMA of HHI, N_active and the committee size M of the epoch), or null before the first",
      params: [],
      handler: (): CommitteeEpochJson | null => {
        const config = runnerMarketOf(chain);
        const r = getCommitteeEpoch(headState(chain));
        if (r === undefined) return null;
        return {
          epoch: r.epoch.toString(),
          epochBlocks: config.committeeEpochBlocks.toString(),
          startsAt: (r.epoch * config.committeeEpochBlocks).toString(),
          hhiEmaMicros: r.hhiEmaMicros.toString(),
          nActive: r.nActive.toString(),
          m: r.m.toString(),
          current: r.epoch === committeeEpochOf(config, chain.head.height),
        };
      },
    }),
    defineMethod({
      name: "cowboy_getJob",
      summary: "one job's record at the head (request, escrow, committee, phases, result, status), or null",
      params: [["jobId", hash32]],
      handler: ([id]): JobJson | null => {
        const config = runnerMarketOf(chain);
        const state = headState(chain);
        const job = getJob(state, fromHex(id));
        return job === undefined ? null : jobWithSettlement(config, state, job);
      },
    }),
    defineMethod({
      name: "cowboy_listJobs",
      summary: "open and recent jobs at the head, newest first, filtered by poster (actor), committee member (runner) or status",
      params: [["filter", jobFilter.optional()]],
      handler: ([filter]): JobJson[] => {
        const config = runnerMarketOf(chain);
        const state = headState(chain);
        const ids = [...recentJobIds(state), ...openJobIds(state)];
        const actor = filter?.actor === undefined ? undefined : fromHex(filter.actor);
        const runner = filter?.runner === undefined ? undefined : fromHex(filter.runner);
        const out: JobJson[] = [];
        const seen = new Set<string>();
        const jobs = ids
          .map((id) => getJob(state, id))
          .filter((j) => j !== undefined)
          .sort((a, b) => (a.postedAt > b.postedAt ? -1 : a.postedAt < b.postedAt ? 1 : 0));
        for (const job of jobs) {
          const json = jobWithSettlement(config, state, job);
          if (seen.has(json.id)) continue;
          seen.add(json.id);
          if (actor !== undefined && !equalBytes(job.poster, actor)) continue;
          if (runner !== undefined && !job.committee.some((m) => equalBytes(m, runner))) continue;
          if (filter?.status !== undefined && job.status !== filter.status) continue;
          out.push(json);
          if (out.length >= (filter?.limit ?? 100)) break;
        }
        return out;
      },
    }),
  ];
}
