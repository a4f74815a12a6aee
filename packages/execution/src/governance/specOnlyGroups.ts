// §13.1 groups whose owning package has not landed yet (runner market CIP-2, state rent CIP-4): the registry holds
// them at their spec defaults so they are listable, readable and amendable now; each becomes a mapped row in
// paramGroups.ts (and its numbers move to the owner's DEFAULT_* config) when the owner adds its ChainParams field.
import { configFromJson, configToJson, GovernanceError, type Json, type Tier } from "@cowboy/governance";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import type { ChainParams } from "../types.js";
import type { ParamGroup } from "./group.js";

/** The spec's genesis values (§8.4, §13, §13.1) of the groups nobody owns yet, in base units, blocks and bps. */
export const SPEC_ONLY_DEFAULTS = Object.freeze({
  "system:settlement_config": { runnerBps: 8_900n, burnBps: 1_000n, treasuryBps: 100n },
  "system:cip4:rent_config": {
    // 0.001 CBY per byte per year; §13.1 notes the reference implementation's ≈ 1 CBY (COW-2266).
    rentRatePerByteYear: BASE_UNITS_PER_CBY / 1_000n,
    rentCatchupBps: 1_000n,
    rentEpochLength: 86_400n,
    gracePeriodEpochs: 7n,
    warningPeriodEpochs: 3n,
    evictionThresholdEpochs: 10n,
    graceThresholdBytes: 10_240n,
    reserveMultiplierBps: 1_000n,
  },
  "system:cip2:reputation_config": { halfLifeBlocks: 1_209_600n, aggregatorEligibilityPercentile: 50n },
  "system:cip2:aggregator_config": { aggregatorBonusBps: 150n },
  "system:cip2:non_reveal_config": { nonRevealSlashBps: 2_500n },
  "system:cip2:committee_config": { m: 5n, n: 3n, mMin: 3n, mMax: 9n },
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
