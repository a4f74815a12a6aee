// §13.1 groups the registry holds but does not yet map onto ChainParams (the runner market's CIP-2 groups, settlement,
// state rent CIP-4): listable, readable and amendable now, their genesis values taken from the owners' DEFAULT_*
// configs (one source for every number); each becomes a mapped row in paramGroups.ts when its write is wired.
import { configFromJson, configToJson, GovernanceError, type Json, type Tier } from "@cowboy/governance";
import { DEFAULT_RENT_CONFIG as RENT } from "@cowboy/rent";
import { DEFAULT_RUNNER_MARKET_CONFIG as MARKET } from "@cowboy/runner-market";
import type { ChainParams } from "../types.js";
import type { ParamGroup } from "./group.js";

/** The §13.1 shapes of those groups (§8.4, §13), in base units, blocks and bps, from the owners' defaults. */
export const SPEC_ONLY_DEFAULTS = Object.freeze({
  "system:settlement_config": { runnerBps: 10_000n - MARKET.burnBps - MARKET.treasuryBps, burnBps: MARKET.burnBps, treasuryBps: MARKET.treasuryBps },
  "system:cip4:rent_config": {
    // 0.001 CBY per byte per year; §13.1 notes the reference implementation's ≈ 1 CBY (COW-2266).
    rentRatePerByteYear: RENT.ratePerByteYear,
    rentCatchupBps: RENT.catchupBps,
    rentEpochLength: RENT.epochLength,
    gracePeriodEpochs: RENT.graceEpochs,
    warningPeriodEpochs: RENT.warningEpochs,
    evictionThresholdEpochs: RENT.graceEpochs + RENT.warningEpochs,
    graceThresholdBytes: RENT.graceThresholdBytes,
    reserveMultiplierBps: RENT.reserveBps,
  },
  "system:cip2:reputation_config": { halfLifeBlocks: MARKET.reputationHalfLife, aggregatorEligibilityPercentile: 50n },
  "system:cip2:aggregator_config": { aggregatorBonusBps: MARKET.aggregatorBonusBps },
  "system:cip2:non_reveal_config": { nonRevealSlashBps: MARKET.nonRevealSlashBps },
  "system:cip2:committee_config": { m: 5n, n: 3n, mMin: MARKET.committeeMin, mMax: MARKET.committeeMax },
  "system:cip2:semantic_similarity_embedding_model": { modelId: "" },
});

const TIERS: Readonly<Record<keyof typeof SPEC_ONLY_DEFAULTS, Tier>> = {
  "system:settlement_config": 3,
  "system:cip4:rent_config": 0,
  "system:cip2:reputation_config": 0,
  "system:cip2:aggregator_config": 0,
  "system:cip2:non_reveal_config": 0,
  "system:cip2:committee_config": 0,
  "system:cip2:semantic_similarity_embedding_model": 0,
};

function specOnly(key: keyof typeof SPEC_ONLY_DEFAULTS): ParamGroup {
  const template = SPEC_ONLY_DEFAULTS[key];
  return {
    key,
    tier: TIERS[key],
    summary: "held at the spec default until its owner's ChainParams field lands",
    read: () => configToJson(template),
    // Shape-checked only: the owner's validator arrives with the owner.
    write: (p: ChainParams, value: Json) => {
      const v = configFromJson(value, template, key) as Record<string, unknown>;
      if (key === "system:settlement_config" && (v.runnerBps as bigint) + (v.burnBps as bigint) + (v.treasuryBps as bigint) !== 10_000n) {
        throw new GovernanceError("INVALID_ARGUMENT", `${key}: the three shares must sum to 10000 bps`);
      }
      return p;
    },
  };
}

export const SPEC_ONLY_GROUPS: readonly ParamGroup[] = (Object.keys(SPEC_ONLY_DEFAULTS) as (keyof typeof SPEC_ONLY_DEFAULTS)[]).map(specOnly);
