// The timer and staking registry groups (issue 25: "the scheduler … and staking read the registry at the block they
// run in"): one Tier-3 proposal lowers timer_config's per-fire Cycles cap and raises staking's minimum stake; from the
// block after its activation a schedule_timer and a register_validator the old values admitted are refused.

import { blsPopProve, nobleBls } from "@cowboy/crypto";
import { createGovernanceConfig, encodeJson, getProposal, type Json } from "@cowboy/governance";
import { createStakingConfig } from "@cowboy/staking";
import { ReceiptStatus, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { paramGroup, resolveChainParams } from "../../src/index.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as base } from "../utils/helpers.js";

const governance = createGovernanceConfig({ votingPeriod: 3n, timelock: 2n, emergencyTimelock: 1n, minDeposit: 100n * CBY });
const staking = createStakingConfig({ minimumValidatorStake: 1_000n * CBY, epochLength: 1_000n, unbondingPeriod: 1_000n });
const params = { ...base, staking, governance };
const LIMITS = { cycles: 200_000n, cells: 10_000n };

const BELL = `from cowboy_sdk import actor

@actor
class Bell:
    def __init__(self):
        pass

    def ring(self):
        pass
`;

function bls(i: number) {
  const sk = new Uint8Array(32);
  sk[0] = 0x55;
  sk[31] = i + 1;
  return { blsPublicKey: nobleBls.getPublicKey(sk), proofOfPossession: blsPopProve(sk) };
}

const value = (key: string): Record<string, Json> => paramGroup(key)!.read(params) as Record<string, Json>;

describe("registry groups of the scheduler and staking", () => {
  it("a passed change of timer_config and staking governs schedule_timer and register_validator from the next block", { timeout: 120_000 }, () => {
    const c = new ActorChain(
      params,
      {},
      [5_000n, 2_000n, 1_000n].map((s, i) => ({ address: addressOf(i), ...bls(i), stake: s * CBY })),
    );
    const [d] = c.block([c.deployTx(3, BELL)]);
    const bell = d!.return_data;
    const timer = (fireAt: bigint): Instruction => ({
      type: "schedule_timer",
      target: bell,
      handler: "ring",
      data: new Uint8Array(0),
      fireAt,
      cyclesPerFire: 40_000n,
      cellsPerFire: 500n,
      expiresAt: null,
      feePayer: null,
    });
    const register = (i: number): Instruction => ({ type: "register_validator", ...bls(i), amount: 2_000n * CBY });
    const before = c.block([c.tx(3, timer(500n), LIMITS), c.tx(3, register(3), LIMITS), c.transferTx(0, addressOf(4), 10_000n * CBY)]);
    expect(before.map((r) => r.status)).toEqual([ReceiptStatus.Success, ReceiptStatus.Success, ReceiptStatus.Success]);

    const changes = [
      { key: "system:timer_config", value: { ...value("system:timer_config"), maxCyclesPerFire: "30000" } },
      { key: "system:gov:param:staking", value: { ...value("system:gov:param:staking"), minimumValidatorStake: (3_000n * CBY).toString() } },
    ];
    const [p] = c.block([c.tx(0, { type: "gov_propose", body: encodeJson({ kind: "param_change", changes }), deposit: 100n * CBY }, LIMITS)]);
    expect(JSON.parse(text(p!.return_data))).toMatchObject({ tier: 3 });
    const id = BigInt(JSON.parse(text(p!.return_data)).id);
    c.block([c.tx(0, { type: "gov_vote", proposalId: id, choice: 0n }, LIMITS), c.tx(1, { type: "gov_vote", proposalId: id, choice: 0n }, LIMITS)]);
    for (let i = 0; i < 8 && getProposal(c.store.fork(), id)!.status !== "executed"; i++) c.block([]);
    expect(getProposal(c.store.fork(), id)!.status).toBe("executed");
    const resolved = resolveChainParams(c.store.fork(), params);
    expect([resolved.scheduler!.maxCyclesPerFire, resolved.staking!.minimumValidatorStake]).toEqual([30_000n, 3_000n * CBY]);

    const [t, r] = c.block([c.tx(1, timer(500n), LIMITS), c.tx(4, register(4), LIMITS)]);
    expect(t!.status).toBe(ReceiptStatus.Reverted);
    expect(text(t!.return_data)).toBe("ValueError: gasLimitPerFire: 40000 exceeds the per-fire cap 30000");
    expect(r!.status).toBe(ReceiptStatus.Reverted);
    expect(text(r!.return_data)).toBe(`StakingError: STAKE_BELOW_MINIMUM: stake ${2_000n * CBY} is below minimum_validator_stake ${3_000n * CBY}`);
  });
});
