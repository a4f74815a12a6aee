// gov_deposit (System sub_type 43; cips/governance.md "Deposits"): a top-up by another account in the chain,
// refunded to it with the proposer's deposit, or forfeited with it on a missed quorum.
import { blsPopProve, nobleBls } from "@cowboy/crypto";
import { createGovernanceConfig, encodeJson, getProposal, GOVERNANCE_ADDRESS, proposalTopUps, TREASURY_ADDRESS } from "@cowboy/governance";
import { createStakingConfig } from "@cowboy/staking";
import { ReceiptStatus, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY } from "../utils/chain.js";
import { addressOf, params as defaultParams } from "../utils/helpers.js";

const governance = createGovernanceConfig({ votingPeriod: 3n, timelock: 2n, emergencyTimelock: 1n, minDeposit: 100n * CBY });
const staking = createStakingConfig({ minimumValidatorStake: 1_000n * CBY, epochLength: 1_000n, unbondingPeriod: 1_000n });
const params = { ...defaultParams, staking, governance };
const LIMITS = { cycles: 200_000n, cells: 10_000n };

function bls(i: number) {
  const sk = new Uint8Array(32);
  sk[0] = 0x44;
  sk[31] = i + 1;
  return { blsPublicKey: nobleBls.getPublicKey(sk), proofOfPossession: blsPopProve(sk) };
}

/** Validators 0, 1, 2 with stakes 5,000 / 2,000 / 1,000 CBY. */
function chain(): ActorChain {
  return new ActorChain(
    params,
    {},
    [5_000n, 2_000n, 1_000n].map((s, i) => ({ address: addressOf(i), ...bls(i), stake: s * CBY })),
  );
}

const proposal: Instruction = { type: "gov_propose", body: encodeJson({ kind: "upgrade_signal", name: "2", height: "1000", info: "" }), deposit: 100n * CBY };
const deposit = (id: bigint, amount: bigint): Instruction => ({ type: "gov_deposit", proposalId: id, amount });

describe("gov_deposit in the state transition", () => {
  it("a top-up by another account is locked at 0x09 and forfeited with the rest on a missed quorum", { timeout: 60_000 }, () => {
    const c = chain();
    const before2 = c.account(addressOf(2)).balance;
    expect(c.block([c.tx(3, proposal, LIMITS)])[0]!.status).toBe(ReceiptStatus.Success);
    const [r] = c.block([c.tx(2, deposit(0n, 40n * CBY), LIMITS)]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    expect(getProposal(c.store.fork(), 0n)!.deposit).toBe(140n * CBY);
    expect(proposalTopUps(c.store.fork(), 0n)).toEqual([{ from: addressOf(2), amount: 40n * CBY }]);
    expect(c.account(GOVERNANCE_ADDRESS).balance).toBe(140n * CBY);
    expect(before2 - c.account(addressOf(2)).balance).toBeGreaterThanOrEqual(40n * CBY);
    while (c.head.height < 8n) c.block([]);
    expect(getProposal(c.store.fork(), 0n)!.status).toBe("rejected");
    expect(c.account(TREASURY_ADDRESS).balance).toBe(140n * CBY);
    expect(c.account(GOVERNANCE_ADDRESS).balance).toBe(0n);
  });

  it("a top-up after the vote closed, or to no proposal, reverts and moves nothing", { timeout: 60_000 }, () => {
    const c = chain();
    c.block([c.tx(3, proposal, LIMITS)]);
    expect(c.block([c.tx(2, deposit(9n, 1n), LIMITS)])[0]!.status).not.toBe(ReceiptStatus.Success);
    while (c.head.height < 6n) c.block([]);
    expect(c.block([c.tx(2, deposit(0n, 1n), LIMITS)])[0]!.status).not.toBe(ReceiptStatus.Success);
    expect(getProposal(c.store.fork(), 0n)!.deposit).toBe(100n * CBY);
  });
});
