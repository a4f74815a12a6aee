// test-vectors/governance/registry-defaults.json (cips/governance.md "Registry"): the registry a genesis writes holds
// every §13.1 group at the spec's numbers and at each owning package's DEFAULT_* config, with its tier; and resolving
// the genesis registry gives back exactly the chain's params.
import { readVector } from "@cowboy/checks/vectors";
import { DEFAULT_CBFS_CHAIN_CONFIG } from "@cowboy/cbfs";
import { DEFAULT_CBSS_CONFIG } from "@cowboy/cbss";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { canonicalJson, configToJson, DEFAULT_GOVERNANCE_CONFIG, getParam, listParamKeys, type Json } from "@cowboy/governance";
import { DEFAULT_RENT_CONFIG } from "@cowboy/rent";
import { DEFAULT_RUNNER_MARKET_CONFIG } from "@cowboy/runner-market";
import { DEFAULT_SCHEDULER_CONFIG } from "@cowboy/scheduler";
import { DEFAULT_STAKING_CONFIG } from "@cowboy/staking";
import { DEFAULT_TOKENS_CONFIG } from "@cowboy/tokens";
import { DEFAULT_TRANSACTION_LIMITS } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { DEFAULT_ACTOR_LIMITS, defaultChainParams, PARAM_GROUPS, resolveChainParams, writeRegistryGenesis } from "../../src/index.js";
import { accountKey, memoryState } from "../utils/helpers.js";

const doc = readVector<{ groups: { key: string; tier: number; value: Json; spec: Record<string, Json> | null }[] }>("governance/registry-defaults.json");
const params = { ...defaultChainParams(1n, accountKey), staking: DEFAULT_STAKING_CONFIG, governance: DEFAULT_GOVERNANCE_CONFIG };

/** The §13.1 table's keys (whitepaper-technical-spec §13.1), generic registered parameters aside. */
const SPEC_13_1 = [
  "system:settlement_config",
  "system:basefee_config",
  "system:lane_fee_multipliers",
  "system:timer_config",
  "system:cip4:rent_config",
  "system:cip2:reputation_config",
  "system:cip2:aggregator_config",
  "system:cip2:slash_distribution",
  "system:cip2:non_reveal_config",
  "system:cip2:committee_config",
  "system:cip2:semantic_similarity_embedding_model",
];

describe("the genesis registry (test-vectors/governance/registry-defaults.json)", () => {
  const { fork } = memoryState();
  writeRegistryGenesis(fork, params);

  it("holds every §13.1 key, and exactly the table's groups", () => {
    // tee_measurements is absent while it lists no enclave (absent = none; cips/governance.md), so genesis skips it.
    const written = PARAM_GROUPS.filter((g) => g.read(params) !== undefined);
    expect(PARAM_GROUPS.filter((g) => !written.includes(g)).map((g) => g.key)).toEqual(["system:gov:param:tee_measurements"]);
    expect(doc.groups.map((g) => g.key)).toEqual(written.map((g) => g.key));
    for (const key of SPEC_13_1) expect(doc.groups.map((g) => g.key)).toContain(key);
    expect(listParamKeys(fork)).toEqual(written.map((g) => g.key).sort());
  });
  it.each(doc.groups.map((g) => [g.key, g] as const))("%s: stored value, tier and the spec's numbers", (key, g) => {
    expect(canonicalJson(getParam(fork, key)!)).toBe(canonicalJson(g.value));
    expect(PARAM_GROUPS.find((p) => p.key === key)!.tier).toBe(g.tier);
    expect(g.value).toMatchObject(g.spec ?? {});
  });
  it("§13.1 tiers: settlement and slash distribution Tier 3, the rest of the table Tier 0", () => {
    for (const key of SPEC_13_1)
      expect([key, PARAM_GROUPS.find((p) => p.key === key)!.tier]).toEqual([key, key === "system:settlement_config" || key === "system:cip2:slash_distribution" ? 3 : 0]);
  });
  it("each mapped group is its owner's DEFAULT_* config", () => {
    const value = (key: string) => getParam(fork, key) as Record<string, Json>;
    expect({ ...value("system:basefee_config"), laneMultipliersBps: value("system:lane_fee_multipliers") }).toEqual(configToJson(DEFAULT_FEE_MARKET_CONFIG));
    expect(value("system:timer_config")).toEqual(configToJson(DEFAULT_SCHEDULER_CONFIG));
    const inflation = value("system:gov:param:inflation");
    expect({
      ...value("system:gov:param:staking"),
      slashDistribution: value("system:cip2:slash_distribution"),
      inflationScheduleBps: inflation.scheduleBps,
      inflationFloorBps: inflation.floorBps,
    }).toEqual(configToJson(DEFAULT_STAKING_CONFIG));
    expect(value("system:gov:param:cbfs")).toEqual(configToJson(DEFAULT_CBFS_CHAIN_CONFIG));
    expect(value("system:gov:param:actor_limits")).toEqual(configToJson(DEFAULT_ACTOR_LIMITS));
    expect(value("system:gov:param:tx_limits")).toEqual(configToJson(DEFAULT_TRANSACTION_LIMITS));
    expect({ ...value("system:gov:param:governance"), securityFloor: value("system:gov:param:security_floor") }).toEqual(configToJson(DEFAULT_GOVERNANCE_CONFIG));
    expect(value("system:cip4:rent_config")).toEqual(configToJson(DEFAULT_RENT_CONFIG));
    expect(value("system:gov:param:tokens")).toEqual(configToJson(DEFAULT_TOKENS_CONFIG));
    const { dealer: _, ...cbss } = DEFAULT_CBSS_CONFIG;
    expect(value("system:gov:param:cbss")).toEqual(configToJson(cbss));
    const settlement = value("system:settlement_config");
    const committee = value("system:cip2:committee_config");
    // The TEE allowlist is genesis-only (no registry group: bytes have no registry JSON form yet).
    const { teeMeasurements: _tee, ...market } = DEFAULT_RUNNER_MARKET_CONFIG;
    expect({
      ...value("system:gov:param:runner_market"),
      burnBps: settlement.burnBps,
      treasuryBps: settlement.treasuryBps,
      reputationHalfLife: value("system:cip2:reputation_config").halfLifeBlocks,
      aggregatorBonusBps: value("system:cip2:aggregator_config").aggregatorBonusBps,
      nonRevealSlashBps: value("system:cip2:non_reveal_config").nonRevealSlashBps,
      committeeMin: committee.mMin,
      committeeMax: committee.mMax,
      containerImages: getParam(fork, "system:gov:param:container_images"),
    }).toEqual(configToJson(market));
  });
  it("resolving the genesis registry gives back the chain's params", () => {
    const resolved = resolveChainParams(fork, params);
    for (const g of PARAM_GROUPS) expect([g.key, g.read(resolved)]).toEqual([g.key, g.read(params)]);
    expect(resolved.feeMarket).toEqual(DEFAULT_FEE_MARKET_CONFIG);
    expect(resolved.staking).toEqual(DEFAULT_STAKING_CONFIG);
  });
});
