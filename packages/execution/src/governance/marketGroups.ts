// The runner market's registry groups (spec §5, §8.4, §13 "Off-chain", §13.1; cips/governance.md "Registry"):
// the §13.1 `system:settlement_config` and `system:cip2:*` keys in the spec's shapes, plus the rest of
// RunnerMarketConfig and the 0x11 image allowlist under generic keys. Each is a slice of `ChainParams.runnerMarket`,
// written through validateRunnerMarketConfig; a chain without the market has none of them.
import { GovernanceError } from "@cowboy/governance";
import { validateRunnerMarketConfig, type ContainerImage, type RunnerMarketConfig } from "@cowboy/runner-market";
import type { ChainParams } from "../types.js";
import type { ParamGroup } from "./group.js";
import { row } from "./row.js";
import { TEE_GROUP } from "./teeGroup.js";

/**
 * §13.1 values with no reader in this release, held at the spec's numbers: the aggregator-eligibility percentile
 * (the `aggregating` phase is not built) and the static committee fallback M, N (selection sizes committees by the
 * §5.3 formula between mMin and mMax). Changing them is refused rather than recorded without effect.
 */
const SPEC_FIXED = Object.freeze({ aggregatorEligibilityPercentile: 50n, m: 5n, n: 3n });
const NOT_READ = "held at the spec's value: nothing in this release reads it (cips/governance.md)";

const market = (p: ChainParams): RunnerMarketConfig => p.runnerMarket as RunnerMarketConfig;
const setMarket = (p: ChainParams, part: Partial<RunnerMarketConfig>): ChainParams => ({ ...p, runnerMarket: { ...market(p), ...part } });
const check = (p: ChainParams): void => validateRunnerMarketConfig(market(p));

/** The fields the §13.1 keys own; `system:gov:param:runner_market` holds the rest but the image list. */
type MarketRest = Omit<
  RunnerMarketConfig,
  "burnBps" | "treasuryBps" | "reputationHalfLife" | "aggregatorBonusBps" | "nonRevealSlashBps" | "committeeMin" | "committeeMax" | "containerImages" | "teeMeasurements"
>;

const IMAGE_TEMPLATE: ContainerImage = { image: "", resourceClass: "", cpuMillis: 0n, memoryMiB: 0n, maxSeconds: 0n };

export const MARKET_GROUPS: readonly ParamGroup[] = [
  row<{ runnerBps: bigint; burnBps: bigint; treasuryBps: bigint }>({
    key: "system:settlement_config",
    tier: 3,
    summary: "a job payment's split: runner / burn / treasury bps, summing to 10000 (§8.4)",
    get: (p) =>
      p.runnerMarket === undefined
        ? undefined
        : { runnerBps: 10_000n - p.runnerMarket.burnBps - p.runnerMarket.treasuryBps, burnBps: p.runnerMarket.burnBps, treasuryBps: p.runnerMarket.treasuryBps },
    set: (p, v) => {
      if (v.runnerBps + v.burnBps + v.treasuryBps !== 10_000n) throw new GovernanceError("INVALID_ARGUMENT", "system:settlement_config: the three shares must sum to 10000 bps");
      return setMarket(p, { burnBps: v.burnBps, treasuryBps: v.treasuryBps });
    },
    check,
  }),
  row<{ halfLifeBlocks: bigint; aggregatorEligibilityPercentile: bigint }>({
    key: "system:cip2:reputation_config",
    tier: 0,
    summary: "reputation half-life in blocks; the aggregator-eligibility percentile (§5.2, §13)",
    get: (p) =>
      p.runnerMarket === undefined ? undefined : { halfLifeBlocks: p.runnerMarket.reputationHalfLife, aggregatorEligibilityPercentile: SPEC_FIXED.aggregatorEligibilityPercentile },
    set: (p, v) => setMarket(p, { reputationHalfLife: v.halfLifeBlocks }),
    check,
    fixed: ["aggregatorEligibilityPercentile"],
    fixedWhy: NOT_READ,
  }),
  row<{ aggregatorBonusBps: bigint }>({
    key: "system:cip2:aggregator_config",
    tier: 0,
    summary: "the aggregator's bonus, bps of the gross carved from the runner share (§8.4 note 1)",
    get: (p) => (p.runnerMarket === undefined ? undefined : { aggregatorBonusBps: p.runnerMarket.aggregatorBonusBps }),
    set: (p, v) => setMarket(p, v),
    check,
  }),
  row<{ nonRevealSlashBps: bigint }>({
    key: "system:cip2:non_reveal_config",
    tier: 0,
    summary: "the share of stake slashed for a reveal that does not open its commitment (§13)",
    get: (p) => (p.runnerMarket === undefined ? undefined : { nonRevealSlashBps: p.runnerMarket.nonRevealSlashBps }),
    set: (p, v) => setMarket(p, v),
    check,
  }),
  row<{ m: bigint; n: bigint; mMin: bigint; mMax: bigint }>({
    key: "system:cip2:committee_config",
    tier: 0,
    summary: "committee sizing: the static fallback M, N and the §5.3 bounds m_min, m_max",
    get: (p) => (p.runnerMarket === undefined ? undefined : { m: SPEC_FIXED.m, n: SPEC_FIXED.n, mMin: p.runnerMarket.committeeMin, mMax: p.runnerMarket.committeeMax }),
    set: (p, v) => setMarket(p, { committeeMin: v.mMin, committeeMax: v.mMax }),
    check,
    fixed: ["m", "n"],
    fixedWhy: NOT_READ,
  }),
  row<{ modelId: string }>({
    key: "system:cip2:semantic_similarity_embedding_model",
    tier: 0,
    summary: "the embedding model of semantic_similarity verification (unused: the chain's score is a token-set similarity it can recompute)",
    get: (p) => (p.runnerMarket === undefined ? undefined : { modelId: "" }),
    set: (p) => p,
    check,
    fixed: ["modelId"],
    fixedWhy: "not settable: semantic_similarity scores by token-set similarity, which challenges recompute on chain (cips/runner-market.md)",
  }),
  row<MarketRest>({
    key: "system:gov:param:runner_market",
    tier: 0,
    summary: "runner stake, unbonding, reputation steps, penalties, phase windows, challenge bond, sizes (§5.2–§5.4, §13)",
    get: (p) => {
      if (p.runnerMarket === undefined) return undefined;
      const {
        burnBps: _b,
        treasuryBps: _t,
        reputationHalfLife: _h,
        aggregatorBonusBps: _a,
        nonRevealSlashBps: _n,
        committeeMin: _mi,
        committeeMax: _ma,
        containerImages: _c,
        // Set at genesis only in this release (bytes have no registry JSON form yet; cips/runner-market.md).
        teeMeasurements: _tee,
        ...rest
      } = p.runnerMarket;
      return rest;
    },
    set: (p, v) => setMarket(p, v),
    check,
    // Reputation scores are stored in this fixed point.
    fixed: ["reputationScale"],
  }),
  row<readonly ContainerImage[]>({
    key: "system:gov:param:container_images",
    tier: 0,
    summary: "0x11 Container Registry: the allowlisted OCI images (pinned by digest) and their resource classes (§5.2)",
    get: (p) => p.runnerMarket?.containerImages,
    set: (p, v) => setMarket(p, { containerImages: v }),
    check,
    template: [IMAGE_TEMPLATE],
  }),
  TEE_GROUP,
];
