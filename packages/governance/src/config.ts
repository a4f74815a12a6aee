// Governance's own parameters (spec §11; cips/governance.md "Tiers", "Timelocks", "Security Council"): voting
// windows and timelocks in blocks (1 s blocks), deposits, per-tier quorums and thresholds, the council.
import { U64_MAX } from "@cowboy/codec";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { GovernanceError } from "./errors.js";
import { DEFAULT_SECURITY_FLOOR, validateSecurityFloor, type SecurityFloorConfig } from "./securityFloor.js";

/** Tier 0 routine parameters, 1 Treasury spends, 2 actor circuit breaks and upgrade signals, 3 constitutional. */
export type Tier = 0 | 1 | 2 | 3;
export const TIERS: readonly Tier[] = [0, 1, 2, 3];

/** Quorum and passing threshold of one tier, in basis points, applied in both chambers. */
export interface TierRule {
  /** Share of the chamber's total (stake, or validators) that must vote (yes + no + abstain). */
  readonly quorumBps: bigint;
  /** A chamber passes when yes · 10,000 > thresholdBps · (yes + no). */
  readonly thresholdBps: bigint;
}

export interface GovernanceConfig {
  /** Blocks a proposal is open for votes. */
  readonly votingPeriod: bigint;
  /** Standard timelock between passing and activation (§11: 7 days). */
  readonly timelock: bigint;
  /** Emergency fast-track timelock, for Tier-3 proposals the council fast-tracks (§11: 6 hours). */
  readonly emergencyTimelock: bigint;
  /** Least deposit (base units) a proposal locks; refunded unless it fails its quorum. */
  readonly minDeposit: bigint;
  /** Rules of tiers 0–3, in order. */
  readonly tiers: readonly TierRule[];
  /** Security Council members (20-byte addresses, lowercase hex without 0x). */
  readonly council: readonly string[];
  /** Distinct member approvals an action needs (§11: 7 of 9). */
  readonly councilThreshold: bigint;
  /** Blocks a council action's approvals stay open; older ones lapse. */
  readonly councilApprovalWindow: bigint;
  /** Parameter changes one proposal may carry. */
  readonly maxChangesPerProposal: bigint;
  /**
   * Voters of a chain without staking (the devnet): `address hex → weight`; each also counts once in the
   * validator chamber. Ignored when the chain has staking (the epoch set is the electorate then).
   */
  readonly electorate: readonly { readonly address: string; readonly weight: bigint }[];
  /** §8.2's security-floor trigger (its own registry group, `system:gov:param:security_floor`). */
  readonly securityFloor: SecurityFloorConfig;
}

const TIER_RULES: readonly TierRule[] = Object.freeze([
  Object.freeze({ quorumBps: 3_340n, thresholdBps: 5_000n }),
  Object.freeze({ quorumBps: 4_000n, thresholdBps: 5_000n }),
  Object.freeze({ quorumBps: 4_000n, thresholdBps: 6_000n }),
  Object.freeze({ quorumBps: 5_000n, thresholdBps: 6_667n }),
]);

/** Mainnet defaults (cips/governance.md): 3-day votes, 7-day / 6-hour timelocks, 10,000 CBY deposit, no council yet. */
export const DEFAULT_GOVERNANCE_CONFIG: GovernanceConfig = Object.freeze({
  votingPeriod: 259_200n,
  timelock: 604_800n,
  emergencyTimelock: 21_600n,
  minDeposit: 10_000n * BASE_UNITS_PER_CBY,
  tiers: TIER_RULES,
  council: Object.freeze([]),
  councilThreshold: 7n,
  councilApprovalWindow: 86_400n,
  maxChangesPerProposal: 16n,
  electorate: Object.freeze([]),
  securityFloor: DEFAULT_SECURITY_FLOOR,
});

const HEX20 = /^[0-9a-f]{40}$/;

function big(value: unknown, name: string, min: bigint, max: bigint = U64_MAX): void {
  if (typeof value !== "bigint" || value < min || value > max)
    throw new GovernanceError("INVALID_ARGUMENT", `${name}: expected a bigint in [${min}, ${max}], got ${String(value)}`);
}

/** Throws INVALID_ARGUMENT unless every field is in range. */
export function validateGovernanceConfig(cfg: GovernanceConfig): GovernanceConfig {
  if (cfg === null || typeof cfg !== "object") throw new GovernanceError("INVALID_ARGUMENT", "governance config: expected an object");
  big(cfg.votingPeriod, "votingPeriod", 1n, 1n << 32n);
  big(cfg.timelock, "timelock", 0n, 1n << 32n);
  big(cfg.emergencyTimelock, "emergencyTimelock", 0n, cfg.timelock);
  big(cfg.minDeposit, "minDeposit", 0n);
  if (!Array.isArray(cfg.tiers) || cfg.tiers.length !== 4) throw new GovernanceError("INVALID_ARGUMENT", "tiers: expected the rules of tiers 0-3");
  cfg.tiers.forEach((t, i) => {
    big(t?.quorumBps, `tiers[${i}].quorumBps`, 1n, 10_000n);
    big(t?.thresholdBps, `tiers[${i}].thresholdBps`, 5_000n, 10_000n);
  });
  if (!Array.isArray(cfg.council) || cfg.council.length > 64) throw new GovernanceError("INVALID_ARGUMENT", "council: expected at most 64 members");
  cfg.council.forEach((m, i) => {
    if (typeof m !== "string" || !HEX20.test(m)) throw new GovernanceError("INVALID_ARGUMENT", `council[${i}]: expected 40 lowercase hex digits`);
  });
  if (new Set(cfg.council).size !== cfg.council.length) throw new GovernanceError("INVALID_ARGUMENT", "council: a member appears twice");
  big(cfg.councilThreshold, "councilThreshold", 1n, 64n);
  if (cfg.council.length > 0 && BigInt(cfg.council.length) < cfg.councilThreshold) throw new GovernanceError("INVALID_ARGUMENT", "councilThreshold exceeds the council's size");
  big(cfg.councilApprovalWindow, "councilApprovalWindow", 1n, 1n << 32n);
  big(cfg.maxChangesPerProposal, "maxChangesPerProposal", 1n, 256n);
  if (!Array.isArray(cfg.electorate) || cfg.electorate.length > 1024) throw new GovernanceError("INVALID_ARGUMENT", "electorate: expected at most 1024 voters");
  cfg.electorate.forEach((v, i) => {
    if (typeof v?.address !== "string" || !HEX20.test(v.address)) throw new GovernanceError("INVALID_ARGUMENT", `electorate[${i}].address: expected 40 lowercase hex digits`);
    big(v.weight, `electorate[${i}].weight`, 1n);
  });
  validateSecurityFloor(cfg.securityFloor);
  return cfg;
}

/** The defaults with `overrides`, checked and frozen. */
export function createGovernanceConfig(overrides: Partial<GovernanceConfig> = {}): GovernanceConfig {
  return validateGovernanceConfig(Object.freeze({ ...DEFAULT_GOVERNANCE_CONFIG, ...overrides }));
}
