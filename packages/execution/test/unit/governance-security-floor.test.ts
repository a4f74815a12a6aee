// §8.2's security-floor trigger in the state transition (cips/governance.md "Security-floor trigger"): with the staked
// ratio below the threshold at an epoch boundary the next epoch's rewards are minted at the boosted rates; once the
// ratio is back at the threshold the boost expires by itself. Real signed transactions, built and re-applied.
import { decodeCbor, toHex } from "@cowboy/codec";
import { blsPopProve, nobleBls } from "@cowboy/crypto";
import { createGovernanceConfig, encodeJson, GOVERNANCE_ADDRESS, getSecurityFloor, type Json } from "@cowboy/governance";
import { blockIssuance, createStakingConfig, getSupply, type StakingConfig } from "@cowboy/staking";
import { ReceiptStatus, type Event } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { paramGroup, rewardStakingConfig } from "../../src/index.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as base } from "../utils/helpers.js";

const staking = createStakingConfig({ minimumValidatorStake: 1_000n * CBY, epochLength: 5n, unbondingPeriod: 10n });
const governance = createGovernanceConfig({ votingPeriod: 3n, timelock: 2n, emergencyTimelock: 1n, minDeposit: 100n * CBY, securityFloor: { thresholdBps: 10n, boostBps: 150n } });
const params = { ...base, staking, governance };
const LIMITS = { cycles: 200_000n, cells: 10_000n };
const BOOSTED: StakingConfig = { ...staking, inflationScheduleBps: [950n, 750n, 550n, 450n], inflationFloorBps: 350n };

function bls(i: number) {
  const sk = new Uint8Array(32);
  sk[0] = 0x44;
  sk[31] = i + 1;
  return { blsPublicKey: nobleBls.getPublicKey(sk), proofOfPossession: blsPopProve(sk) };
}

/** One genesis validator (address 3) with 2,000 CBY of a 4,002,000 CBY supply: a staked ratio of 4 bps. */
const chain = (): ActorChain => new ActorChain(params, {}, [{ address: addressOf(3), ...bls(3), stake: 2_000n * CBY }]);
const issued = (c: ActorChain): bigint => getSupply(c.store.fork())!.issued;
const floorEvents = (events: readonly Event[]) =>
  events.filter((e) => text(e.topic) === "cowboy:gov_security_floor").map((e) => [toHex(e.emitter), Object.fromEntries(decodeCbor(e.data) as Map<string, unknown>)]);

describe("§8.2 security-floor trigger", () => {
  it("turns on below the threshold at the epoch boundary, boosts the next epoch's issuance exactly, expires when stake recovers", { timeout: 120_000 }, () => {
    const c = chain();
    const yearBase = getSupply(c.store.fork())!.yearBase;
    expect(yearBase).toBe(4_002_000n * CBY);
    for (let h = 1n; h <= 3n; h++) {
      const before = issued(c);
      c.block([]);
      expect(issued(c) - before).toBe(blockIssuance(staking, yearBase, h));
    }
    expect(getSecurityFloor(c.store.fork())).toBeUndefined();
    // Block 4 is epoch 0's last: its own rewards are at the schedule, then the trigger turns on for epoch 1.
    let before = issued(c);
    c.block([]);
    expect(issued(c) - before).toBe(blockIssuance(staking, yearBase, 4n));
    expect(getSecurityFloor(c.store.fork())).toEqual({ active: true, since: 4n, ratioBps: 4n, evaluatedAt: 4n });
    expect(floorEvents(c.last!.journal.governance)).toEqual([[toHex(GOVERNANCE_ADDRESS), { active: true, ratio_bps: 4n, threshold_bps: 10n, boost_bps: 150n }]]);
    expect(rewardStakingConfig(c.store.fork(), params)).toEqual(BOOSTED);

    // Epoch 1 (heights 5–9) mints at 950 bps instead of 800; a second validator bonds 5,000 CBY meanwhile.
    before = issued(c);
    const [reg] = c.block([c.tx(0, { type: "register_validator", ...bls(0), amount: 5_000n * CBY }, LIMITS)]); // height 5
    expect(reg!.status).toBe(ReceiptStatus.Success);
    expect(issued(c) - before).toBe(blockIssuance(BOOSTED, yearBase, 5n));
    expect(blockIssuance(BOOSTED, yearBase, 5n)).toBeGreaterThan(blockIssuance(staking, yearBase, 5n));
    for (let h = 6n; h <= 8n; h++) {
      before = issued(c);
      c.block([]);
      expect(issued(c) - before).toBe(blockIssuance(BOOSTED, yearBase, h));
      expect(c.last!.journal.governance).toEqual([]); // no evaluation inside an epoch
    }
    // Block 9 ends epoch 1: the set of epoch 2 holds 7,000 CBY, 17 bps of the supply ≥ 10: the boost expires.
    before = issued(c);
    c.block([]);
    expect(issued(c) - before).toBe(blockIssuance(BOOSTED, yearBase, 9n));
    expect(getSecurityFloor(c.store.fork())).toEqual({ active: false, since: 9n, ratioBps: 17n, evaluatedAt: 9n });
    expect(floorEvents(c.last!.journal.governance)).toEqual([[toHex(GOVERNANCE_ADDRESS), { active: false, ratio_bps: 17n, threshold_bps: 10n, boost_bps: 0n }]]);
    before = issued(c);
    c.block([]); // height 10: back on the schedule, paid to two members (each share floored: the dust is not minted)
    const i10 = blockIssuance(staking, yearBase, 10n);
    expect(issued(c) - before).toBe((i10 * 5_000n) / 7_000n + (i10 * 2_000n) / 7_000n);
    expect(rewardStakingConfig(c.store.fork(), params)).toBe(staking);
    // Still above the threshold at the next boundary: the record is refreshed, no event, the boost stays off.
    while (c.head.height < 14n) c.block([]);
    expect(getSecurityFloor(c.store.fork())).toEqual({ active: false, since: 9n, ratioBps: 17n, evaluatedAt: 14n });
    expect(floorEvents(c.last!.journal.governance)).toEqual([]);
  });

  it("is a Tier-3 registry group; a boost above 200 bps (guardrail (b)) is refused at submission", { timeout: 60_000 }, () => {
    const c = chain();
    expect(paramGroup("system:gov:param:security_floor")!.read(params)).toEqual({ thresholdBps: "10", boostBps: "150" });
    // The governance group no longer carries it: one value, one key.
    expect(Object.keys(paramGroup("system:gov:param:governance")!.read(params) as object)).not.toContain("securityFloor");
    const propose = (value: Json) => ({
      type: "gov_propose" as const,
      body: encodeJson({ kind: "param_change", changes: [{ key: "system:gov:param:security_floor", value }] }),
      deposit: 100n * CBY,
    });
    const [big, ok] = c.block([c.tx(0, propose({ thresholdBps: "3000", boostBps: "300" }), LIMITS), c.tx(1, propose({ thresholdBps: "3000", boostBps: "200" }), LIMITS)]);
    expect(text(big!.return_data)).toMatch(/^GovernanceError: INVALID_ARGUMENT: securityFloor\.boostBps: expected a bigint in \[0, 200\]/);
    expect(ok!.status).toBe(ReceiptStatus.Success);
    expect(JSON.parse(text(ok!.return_data)).tier).toBe(3);
  });

  it("a disabled trigger (threshold 0, the default) writes nothing and boosts nothing", { timeout: 60_000 }, () => {
    const off = { ...params, governance: createGovernanceConfig({ votingPeriod: 3n, timelock: 2n, minDeposit: 100n * CBY, emergencyTimelock: 1n }) };
    const c = new ActorChain(off, {}, [{ address: addressOf(3), ...bls(3), stake: 2_000n * CBY }]);
    while (c.head.height < 6n) c.block([]);
    expect(getSecurityFloor(c.store.fork())).toBeUndefined();
    expect(rewardStakingConfig(c.store.fork(), off)).toBe(staking);
  });
});
