// The parameter registry's groups (spec §13.1, cips/governance.md "Registry"): one row per governance-tunable group —
// its 0x09 key, tier, and where it sits in ChainParams. Adding a group is adding one row. Values are the owning
// package's config as JSON (configToJson); each write is checked by the owner's validator.
import { DEFAULT_CBFS_CHAIN_CONFIG, type CbfsChainConfig } from "@cowboy/cbfs";
import { validateFeeMarketConfig, type FeeMarketConfig } from "@cowboy/fee-market";
import { validateGovernanceConfig, DEFAULT_GOVERNANCE_CONFIG, type GovernanceConfig, type SecurityFloorConfig } from "@cowboy/governance";
import { validateConfig as validateSchedulerConfig, type SchedulerConfig } from "@cowboy/scheduler";
import { validateStakingConfig, type StakingConfig } from "@cowboy/staking";
import type { TransactionLimits } from "@cowboy/types";
import type { ActorLimits } from "../actors/limits.js";
import type { ChainParams } from "../types.js";
import type { ParamGroup } from "./group.js";
import { MARKET_GROUPS } from "./marketGroups.js";
import { positive, row } from "./row.js";
import { SERVICE_GROUPS } from "./serviceGroups.js";

export type { ParamGroup } from "./group.js";

type BasefeeSlice = Omit<FeeMarketConfig, "laneMultipliersBps">;
type StakingSlice = Omit<StakingConfig, "slashDistribution" | "inflationScheduleBps" | "inflationFloorBps">;
const staking = (p: ChainParams): StakingConfig => p.staking as StakingConfig;
type GovernanceSlice = Omit<GovernanceConfig, "securityFloor">;
const governance = (p: ChainParams): GovernanceConfig => p.governance as GovernanceConfig;
const { securityFloor: _floor, ...GOVERNANCE_TEMPLATE } = DEFAULT_GOVERNANCE_CONFIG;

/** Every group the registry holds, mapped groups first. */
export const PARAM_GROUPS: readonly ParamGroup[] = Object.freeze([
  row<BasefeeSlice>({
    key: "system:basefee_config",
    tier: 0,
    summary: "T_c, T_b, α, δ⁻¹, MIN_BASEFEE, the Cells cap and the lane budgets (CIP-3)",
    get: (p) => {
      const { laneMultipliersBps: _, ...rest } = p.feeMarket;
      return rest;
    },
    set: (p, v) => ({ ...p, feeMarket: { ...v, laneMultipliersBps: p.feeMarket.laneMultipliersBps } }),
    check: (p) => validateFeeMarketConfig(p.feeMarket),
  }),
  row<FeeMarketConfig["laneMultipliersBps"]>({
    key: "system:lane_fee_multipliers",
    tier: 0,
    summary: "the four lane fee multipliers, basis points (CIP-3, §6.3)",
    get: (p) => p.feeMarket.laneMultipliersBps,
    set: (p, v) => ({ ...p, feeMarket: { ...p.feeMarket, laneMultipliersBps: v } }),
    check: (p) => validateFeeMarketConfig(p.feeMarket),
  }),
  row<SchedulerConfig>({
    key: "system:timer_config",
    tier: 0,
    summary: "native timers' queue, lane and per-fire limits (CIP-5, §5.1)",
    get: (p) => p.scheduler,
    set: (p, v) => ({ ...p, scheduler: v }),
    check: (p) => validateSchedulerConfig(p.scheduler as SchedulerConfig),
    fixed: ["ringSize", "epochLength", "horizonEpochs"],
  }),
  row<StakingConfig["slashDistribution"]>({
    key: "system:cip2:slash_distribution",
    tier: 3,
    summary: "how slashed stake is split: burn / submitter / treasury bps (§8.4)",
    get: (p) => p.staking?.slashDistribution,
    set: (p, v) => ({ ...p, staking: { ...staking(p), slashDistribution: v } }),
    check: (p) => validateStakingConfig(staking(p)),
  }),
  row<{ scheduleBps: readonly bigint[]; floorBps: bigint }>({
    key: "system:gov:param:inflation",
    tier: 3,
    summary: "gross inflation by issuance year and the floor, bps (§8.2; guardrails apply)",
    get: (p) => (p.staking === undefined ? undefined : { scheduleBps: p.staking.inflationScheduleBps, floorBps: p.staking.inflationFloorBps }),
    set: (p, v) => ({ ...p, staking: { ...staking(p), inflationScheduleBps: v.scheduleBps, inflationFloorBps: v.floorBps } }),
    check: (p) => validateStakingConfig(staking(p)),
  }),
  row<StakingSlice>({
    key: "system:gov:param:staking",
    tier: 3,
    summary: "validator-set rules: minimum stake, unbonding, jail, slashing, downtime (§6, §13 Consensus)",
    get: (p) => {
      if (p.staking === undefined) return undefined;
      const { slashDistribution: _s, inflationScheduleBps: _i, inflationFloorBps: _f, ...rest } = p.staking;
      return rest;
    },
    set: (p, v) => ({ ...p, staking: { ...staking(p), ...v } }),
    check: (p) => validateStakingConfig(staking(p)),
    fixed: ["epochLength", "blocksPerYear", "epochSetRetention"],
  }),
  row<CbfsChainConfig>({
    key: "system:gov:param:cbfs",
    tier: 0,
    summary: "0x0A/0x0B relay stake, heartbeats, unbonding, storage rent (cips/cbfs.md §7)",
    get: (p) => p.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG,
    set: (p, v) => ({ ...p, cbfs: v }),
    check: (p) => positive("cbfs", p.cbfs as CbfsChainConfig),
  }),
  row<ActorLimits>({
    key: "system:gov:param:actor_limits",
    tier: 0,
    summary: "actor depth, fanout, mailbox, storage quota, per-block Cycles, memory, dedup window (§3, §12.1, §13)",
    get: (p) => p.actors,
    set: (p, v) => ({ ...p, actors: v }),
    check: (p) => positive("actor_limits", p.actors),
    fixed: ["systemAddressLimit"],
  }),
  row<TransactionLimits>({
    key: "system:gov:param:tx_limits",
    tier: 0,
    summary: "max_tx_size, the largest cycles_limit and cells_limit (§2.2(a), §12.1)",
    get: (p) => p.txLimits,
    set: (p, v) => ({ ...p, txLimits: v }),
    check: (p) => positive("tx_limits", p.txLimits),
  }),
  row<GovernanceSlice>({
    key: "system:gov:param:governance",
    tier: 3,
    summary: "governance itself: voting period, timelocks, deposit, tier rules, the council (§11)",
    get: (p) => {
      if (p.governance === undefined) return undefined;
      const { securityFloor: _, ...rest } = p.governance;
      return rest;
    },
    set: (p, v) => ({ ...p, governance: { ...v, securityFloor: governance(p).securityFloor } }),
    check: (p) => validateGovernanceConfig(governance(p)),
    // Arrays are read by their first element: give the empty ones one to read by.
    template: { ...GOVERNANCE_TEMPLATE, council: [""], electorate: [{ address: "", weight: 0n }] },
  }),
  row<SecurityFloorConfig>({
    key: "system:gov:param:security_floor",
    tier: 3,
    summary: "§8.2's security-floor trigger: the staked-ratio threshold (bps, 0 = off) and the inflation boost while below it",
    // Only a chain with staking has a staked ratio (and rewards to boost).
    get: (p) => (p.governance === undefined || p.staking === undefined ? undefined : p.governance.securityFloor),
    set: (p, v) => ({ ...p, governance: { ...governance(p), securityFloor: v } }),
    check: (p) => validateGovernanceConfig(governance(p)),
  }),
  ...MARKET_GROUPS,
  ...SERVICE_GROUPS,
]);

const BY_KEY = new Map(PARAM_GROUPS.map((g) => [g.key, g]));

/** The group stored under `key` (also accepted: its short name after `system:gov:param:` or `system:`). */
export function paramGroup(key: string): ParamGroup | undefined {
  return BY_KEY.get(key) ?? BY_KEY.get(`system:gov:param:${key}`) ?? BY_KEY.get(`system:${key}`);
}
