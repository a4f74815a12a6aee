// Writes test-vectors/governance/registry-defaults.json (cips/governance.md "Registry"): every §13.1 group's genesis
// value as the registry stores it, its tier, and the numbers the spec states for it (transcribed from §4.3, §6.3,
// §8.2, §8.4, §13, §13.1 by hand, so the spec test compares the code against the spec, not against itself).
// Deterministic: regenerating gives no diff. Run: pnpm --filter @cowboy/execution exec tsx --conditions=@cowboy/source scripts/gen-governance-vectors.ts
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DEFAULT_GOVERNANCE_CONFIG } from "@cowboy/governance";
import { DEFAULT_STAKING_CONFIG } from "@cowboy/staking";
import { accountKey } from "@cowboy/state";
import { defaultChainParams, PARAM_GROUPS } from "../src/index.js";

/** What the spec says of each group (strings for u64 values, as the registry stores them). */
export const SPEC_STATES: Record<string, Record<string, unknown>> = {
  "system:basefee_config": { cyclesTarget: "20000000", cellsTarget: "4000000", alpha: "96", maxChangeDenominator: "96", minBasefee: "10000" },
  "system:lane_fee_multipliers": { system: "10000", timer: "10000", runner: "10000", user: "10000" },
  "system:timer_config": {},
  "system:cip2:slash_distribution": { burnBps: "10000", submitterBps: "0", treasuryBps: "0" },
  "system:gov:param:inflation": { scheduleBps: ["800", "600", "400", "300"], floorBps: "200" },
  "system:gov:param:staking": { epochLength: "3600", unbondingPeriod: "604800", jailPeriod: "86400", doubleSignSlashBps: "100" },
  "system:gov:param:cbfs": {},
  "system:gov:param:actor_limits": {
    maxDepth: 32,
    maxMessagesPerTx: 1024,
    mailboxBytes: 1000000,
    storageQuotaBytes: 1048576,
    cyclesPerActorPerBlock: 1000000,
    memoryPerCall: 10485760,
    dedupWindow: "10000",
  },
  "system:gov:param:tx_limits": { maxTxSize: 131072, maxCyclesLimit: "80000000" },
  "system:gov:param:governance": { timelock: "604800", emergencyTimelock: "21600", councilThreshold: "7" },
  "system:settlement_config": { runnerBps: "8900", burnBps: "1000", treasuryBps: "100" },
  "system:cip4:rent_config": {
    ratePerByteYear: "1000000",
    catchupBps: "1000",
    epochLength: "86400",
    graceEpochs: "7",
    warningEpochs: "3",
    graceThresholdBytes: "10240",
    reserveBps: "1000",
    maxQuotaBytes: "8388608",
  },
  "system:cip2:reputation_config": { halfLifeBlocks: "1209600", aggregatorEligibilityPercentile: "50" },
  "system:cip2:aggregator_config": { aggregatorBonusBps: "150" },
  "system:cip2:non_reveal_config": { nonRevealSlashBps: "2500" },
  "system:cip2:committee_config": { m: "5", n: "3", mMin: "3", mMax: "9" },
  "system:cip2:semantic_similarity_embedding_model": {},
  "system:gov:param:runner_market": { stakeFloor: "10000000000000", stakeMultiplierBps: "15000", challengeWindow: "900", challengeBond: "100000000000" },
  "system:gov:param:tokens": { hookCycleCap: "50000" },
};

const params = { ...defaultChainParams(1n, accountKey), staking: DEFAULT_STAKING_CONFIG, governance: DEFAULT_GOVERNANCE_CONFIG };
const path = fileURLToPath(new URL("../../../test-vectors/governance/registry-defaults.json", import.meta.url));
writeFileSync(
  path,
  `${JSON.stringify(
    {
      description:
        "the registry at genesis of a chain with every group (defaultChainParams + DEFAULT_STAKING_CONFIG + DEFAULT_GOVERNANCE_CONFIG): key, tier, stored value, and the numbers the spec states",
      // A group that reads as absent (tee_measurements listing no enclave) is not written at genesis.
      groups: PARAM_GROUPS.filter((g) => g.read(params) !== undefined).map((g) => ({ key: g.key, tier: g.tier, value: g.read(params), spec: SPEC_STATES[g.key] ?? null })),
    },
    null,
    2,
  )}\n`,
);
