// The parameter registry's groups (spec §13.1, cips/governance.md "Registry"): one row per governance-tunable group —
// its 0x09 key, tier, and where it sits in ChainParams. Adding a group is adding one row. Values are the owning
// package's config as JSON (configToJson); each write is checked by the owner's validator.
import { DEFAULT_CBFS_CHAIN_CONFIG, type CbfsChainConfig } from "@cowboy/cbfs";
import { validateFeeMarketConfig, type FeeMarketConfig } from "@cowboy/fee-market";
import {
  canonicalJson,
  configFromJson,
  configToJson,
  GovernanceError,
  validateGovernanceConfig,
  DEFAULT_GOVERNANCE_CONFIG,
  type GovernanceConfig,
  type Tier,
} from "@cowboy/governance";
import { validateConfig as validateSchedulerConfig, type SchedulerConfig } from "@cowboy/scheduler";
import { validateStakingConfig, type StakingConfig } from "@cowboy/staking";
import type { TransactionLimits } from "@cowboy/types";
import type { ActorLimits } from "../actors/limits.js";
import type { ChainParams } from "../types.js";
import type { ParamGroup } from "./group.js";
import { SPEC_ONLY_GROUPS } from "./specOnlyGroups.js";

export type { ParamGroup } from "./group.js";

/**
 * A row over one slice of ChainParams: `get` reads the slice (undefined: the chain lacks it), `set` puts it back,
 * `check` is the owner's validator of the whole object after the write; `fixed` fields may not change after genesis.
 */
function row<T, W = unknown>(
  key: string,
  tier: Tier,
  summary: string,
  get: (p: ChainParams) => T | undefined,
  set: (p: ChainParams, v: T) => ChainParams,
  check: (p: ChainParams) => W,
  fixed: readonly (keyof T & string)[] = [],
  template?: T,
): ParamGroup {
  return {
    key,
    tier,
    summary,
    read: (p) => {
      const v = get(p);
      return v === undefined ? undefined : configToJson(v);
    },
    write: (p, json) => {
      const current = get(p);
      if (current === undefined) throw new GovernanceError("UNKNOWN_PARAM", `${key}: this chain runs without the group`);
      const next = configFromJson(json, template ?? current, key);
      for (const f of fixed as (keyof T & string)[]) {
        if (canonicalJson(configToJson((next as T)[f])) !== canonicalJson(configToJson((current as T)[f]))) {
          throw new GovernanceError("INVALID_ARGUMENT", `${key}.${f} is fixed at genesis (its layout depends on it)`);
        }
      }
      const out = set(p, next);
      check(out);
      return out;
    },
  };
}

const positive = (what: string, obj: object): void => {
  for (const [k, v] of Object.entries(obj)) {
    if ((typeof v === "bigint" && v < 1n) || (typeof v === "number" && v < 1)) throw new GovernanceError("INVALID_ARGUMENT", `${what}.${k} must be positive`);
  }
};

type BasefeeSlice = Omit<FeeMarketConfig, "laneMultipliersBps">;
type StakingSlice = Omit<StakingConfig, "slashDistribution" | "inflationScheduleBps" | "inflationFloorBps">;
const staking = (p: ChainParams): StakingConfig => p.staking as StakingConfig;

/** Every group the registry holds, mapped groups first. */
export const PARAM_GROUPS: readonly ParamGroup[] = Object.freeze([
  row<BasefeeSlice>(
    "system:basefee_config",
    0,
    "T_c, T_b, α, δ⁻¹, MIN_BASEFEE, the Cells cap and the lane budgets (CIP-3)",
    (p) => {
      const { laneMultipliersBps: _, ...rest } = p.feeMarket;
      return rest;
    },
    (p, v) => ({ ...p, feeMarket: { ...v, laneMultipliersBps: p.feeMarket.laneMultipliersBps } }),
    (p) => validateFeeMarketConfig(p.feeMarket),
  ),
  row<FeeMarketConfig["laneMultipliersBps"]>(
    "system:lane_fee_multipliers",
    0,
    "the four lane fee multipliers, basis points (CIP-3, §6.3)",
    (p) => p.feeMarket.laneMultipliersBps,
    (p, v) => ({ ...p, feeMarket: { ...p.feeMarket, laneMultipliersBps: v } }),
    (p) => validateFeeMarketConfig(p.feeMarket),
  ),
  row<SchedulerConfig>(
    "system:timer_config",
    0,
    "native timers' queue, lane and per-fire limits (CIP-5, §5.1)",
    (p) => p.scheduler,
    (p, v) => ({ ...p, scheduler: v }),
    (p) => validateSchedulerConfig(p.scheduler as SchedulerConfig),
    ["ringSize", "epochLength", "horizonEpochs"],
  ),
  row<StakingConfig["slashDistribution"]>(
    "system:cip2:slash_distribution",
    3,
    "how slashed stake is split: burn / submitter / treasury bps (§8.4)",
    (p) => p.staking?.slashDistribution,
    (p, v) => ({ ...p, staking: { ...staking(p), slashDistribution: v } }),
    (p) => validateStakingConfig(staking(p)),
  ),
  row<{ scheduleBps: readonly bigint[]; floorBps: bigint }>(
    "system:gov:param:inflation",
    3,
    "gross inflation by issuance year and the floor, bps (§8.2; guardrails apply)",
    (p) => (p.staking === undefined ? undefined : { scheduleBps: p.staking.inflationScheduleBps, floorBps: p.staking.inflationFloorBps }),
    (p, v) => ({ ...p, staking: { ...staking(p), inflationScheduleBps: v.scheduleBps, inflationFloorBps: v.floorBps } }),
    (p) => validateStakingConfig(staking(p)),
  ),
  row<StakingSlice>(
    "system:gov:param:staking",
    3,
    "validator-set rules: minimum stake, unbonding, jail, slashing, downtime (§6, §13 Consensus)",
    (p) => {
      if (p.staking === undefined) return undefined;
      const { slashDistribution: _s, inflationScheduleBps: _i, inflationFloorBps: _f, ...rest } = p.staking;
      return rest;
    },
    (p, v) => ({ ...p, staking: { ...staking(p), ...v } }),
    (p) => validateStakingConfig(staking(p)),
    ["epochLength", "blocksPerYear", "epochSetRetention"],
  ),
  row<CbfsChainConfig>(
    "system:gov:param:cbfs",
    0,
    "0x0A/0x0B relay stake, heartbeats, unbonding, storage rent (cips/cbfs.md §7)",
    (p) => p.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG,
    (p, v) => ({ ...p, cbfs: v }),
    (p) => positive("cbfs", p.cbfs as CbfsChainConfig),
  ),
  row<ActorLimits>(
    "system:gov:param:actor_limits",
    0,
    "actor depth, fanout, mailbox, storage quota, per-block Cycles, memory, dedup window (§3, §12.1, §13)",
    (p) => p.actors,
    (p, v) => ({ ...p, actors: v }),
    (p) => positive("actor_limits", p.actors),
    ["systemAddressLimit"],
  ),
  row<TransactionLimits>(
    "system:gov:param:tx_limits",
    0,
    "max_tx_size, the largest cycles_limit and cells_limit (§2.2(a), §12.1)",
    (p) => p.txLimits,
    (p, v) => ({ ...p, txLimits: v }),
    (p) => positive("tx_limits", p.txLimits),
  ),
  row<GovernanceConfig>(
    "system:gov:param:governance",
    3,
    "governance itself: voting period, timelocks, deposit, tier rules, the council (§11)",
    (p) => p.governance,
    (p, v) => ({ ...p, governance: v }),
    (p) => validateGovernanceConfig(p.governance as GovernanceConfig),
    [],
    // Arrays are read by their first element: give the empty ones one to read by.
    { ...DEFAULT_GOVERNANCE_CONFIG, council: [""], electorate: [{ address: "", weight: 0n }] },
  ),
  ...SPEC_ONLY_GROUPS,
]);

const BY_KEY = new Map(PARAM_GROUPS.map((g) => [g.key, g]));

/** The group stored under `key` (also accepted: its short name after `system:gov:param:` or `system:`). */
export function paramGroup(key: string): ParamGroup | undefined {
  return BY_KEY.get(key) ?? BY_KEY.get(`system:gov:param:${key}`) ?? BY_KEY.get(`system:${key}`);
}
