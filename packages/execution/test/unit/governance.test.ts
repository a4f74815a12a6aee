// Governance inside the state transition (cips/governance.md): proposals, bicameral votes, timelocks and the
// council in real signed transactions, built by a proposer and re-applied by a verifier; the registry's values
// govern the block after their activation height.
import { toHex } from "@cowboy/codec";
import { blsPopProve, nobleBls } from "@cowboy/crypto";
import { DEFAULT_FEE_MARKET_CONFIG, nextBasefee } from "@cowboy/fee-market";
import { canonicalJson, createGovernanceConfig, encodeJson, getParam, getProposal, paramHistory, TREASURY_ADDRESS, type Json } from "@cowboy/governance";
import { createStakingConfig } from "@cowboy/staking";
import { ReceiptStatus, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { paramGroup, resolveChainParams } from "../../src/index.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as defaultParams } from "../utils/helpers.js";

const COUNCIL = [4, 5, 6, 7, 8, 9, 10, 11, 12];
const governance = createGovernanceConfig({
  votingPeriod: 3n,
  timelock: 4n,
  emergencyTimelock: 2n,
  minDeposit: 100n * CBY,
  council: COUNCIL.map((i) => toHex(addressOf(i))),
});
const staking = createStakingConfig({ minimumValidatorStake: 1_000n * CBY, epochLength: 1_000n, unbondingPeriod: 1_000n });
const params = { ...defaultParams, staking, governance };
const LIMITS = { cycles: 200_000n, cells: 10_000n };

function bls(i: number) {
  const sk = new Uint8Array(32);
  sk[0] = 0x33;
  sk[31] = i + 1;
  return { blsPublicKey: nobleBls.getPublicKey(sk), proofOfPossession: blsPopProve(sk) };
}

/** Validators 0, 1, 2 with stakes 5,000 / 2,000 / 1,000 CBY: the stake chamber has 8,000, the validator chamber 3. */
function chain(): ActorChain {
  const stakes = [5_000n, 2_000n, 1_000n];
  return new ActorChain(
    params,
    {},
    stakes.map((s, i) => ({ address: addressOf(i), ...bls(i), stake: s * CBY })),
  );
}

const body = (b: Json): Uint8Array => encodeJson(b);
const propose = (b: Json, deposit = 100n * CBY): Instruction => ({ type: "gov_propose", body: body(b), deposit });
const vote = (id: bigint, choice: 0 | 1 | 2): Instruction => ({ type: "gov_vote", proposalId: id, choice: BigInt(choice) });

function basefeeChange(cyclesTarget: bigint): Json {
  const current = paramGroup("system:basefee_config")!.read(params) as Record<string, Json>;
  return { kind: "param_change", changes: [{ key: "system:basefee_config", value: { ...current, cyclesTarget: cyclesTarget.toString() } }] };
}

function until(c: ActorChain, height: bigint): void {
  while (c.head.height < height) c.block([]);
}

describe("governance in the state transition", () => {
  it("a passed change of the cycle basefee target waits its timelock, then governs the next block's basefee", { timeout: 60_000 }, () => {
    const c = chain();
    const MIN = DEFAULT_FEE_MARKET_CONFIG.minBasefee;
    const [proposed] = c.block([c.tx(3, propose(basefeeChange(1_000n)), LIMITS)]); // height 1: voting ends at 4
    expect(proposed!.status).toBe(ReceiptStatus.Success);
    expect(text(proposed!.return_data)).toBe('{"id":"0","voting_ends_at":"4","tier":0}');
    expect(c.head.lane_usage.system).toBeGreaterThan(0n);
    const receipts = c.block([c.tx(0, vote(0n, 0), LIMITS), c.tx(1, vote(0n, 0), LIMITS), c.tx(2, vote(0n, 1), LIMITS)]); // height 2
    expect(receipts.map((r) => r.status)).toEqual([ReceiptStatus.Success, ReceiptStatus.Success, ReceiptStatus.Success]);
    until(c, 4n);
    const queued = getProposal(c.store.fork(), 0n)!;
    expect(queued.status).toBe("queued");
    expect(queued.stake).toEqual({ yes: 7_000n * CBY, no: 1_000n * CBY, abstain: 0n });
    expect(queued.validators).toEqual({ yes: 2n, no: 1n, abstain: 0n });
    expect(queued.eta).toBe(8n);
    // Queued is not yet in force: a busy block 7 leaves block 8 at the floor under the old 20M target.
    until(c, 6n);
    c.block([c.transferTx(3, addressOf(0), 1n)]); // height 7
    c.block([c.transferTx(3, addressOf(0), 1n)]); // height 8: activation at its end
    expect(c.head.cycle_basefee).toBe(MIN);
    const used8 = c.head.cycles_used;
    expect(getParam(c.store.fork(), "system:basefee_config")).toMatchObject({ cyclesTarget: "1000" });
    expect(resolveChainParams(c.store.fork(), params).feeMarket.cyclesTarget).toBe(1_000n);
    c.block([]); // height 9: its basefee is block 8's usage against the new target
    expect(c.head.cycle_basefee).toBe(nextBasefee(MIN, used8, 1_000n, DEFAULT_FEE_MARKET_CONFIG));
    expect(c.head.cycle_basefee).toBeGreaterThan(MIN);
    expect(getProposal(c.store.fork(), 0n)!.status).toBe("executed");
    const history = paramHistory(c.store.fork(), "system:basefee_config");
    expect(history.map((h) => [h.height, h.proposal])).toEqual([
      [0n, null],
      [8n, 0n],
    ]);
    // The deposit came back on execution.
    expect(c.account(addressOf(3)).balance).toBeGreaterThan(1_000_000n * CBY - 1n * CBY);
  });

  it("a proposal that fails its quorum changes nothing and forfeits its deposit to the Treasury", { timeout: 60_000 }, () => {
    const c = chain();
    const before = canonicalJson(getParam(c.store.fork(), "system:basefee_config")!);
    c.block([c.tx(3, propose(basefeeChange(1_000n)), LIMITS)]);
    c.block([c.tx(2, vote(0n, 0), LIMITS)]); // 1,000 of 8,000 staked: below the 33.4% quorum
    until(c, 12n);
    const p = getProposal(c.store.fork(), 0n)!;
    expect(p.status).toBe("rejected");
    expect(p.note).toMatch(/^no quorum/);
    expect(canonicalJson(getParam(c.store.fork(), "system:basefee_config")!)).toBe(before);
    expect(resolveChainParams(c.store.fork(), params).feeMarket).toEqual(DEFAULT_FEE_MARKET_CONFIG);
    expect(c.account(TREASURY_ADDRESS).balance).toBe(100n * CBY);
  });

  it("the Security Council (7 of 9) cancels a queued proposal; 6 approvals do nothing", { timeout: 60_000 }, () => {
    const c = chain();
    c.block(COUNCIL.map((i) => c.transferTx(0, addressOf(i), 10n * CBY)));
    c.block([c.tx(3, propose(basefeeChange(1_000n)), LIMITS)]); // height 2: voting ends at 5
    c.block([c.tx(0, vote(0n, 0), LIMITS), c.tx(1, vote(0n, 0), LIMITS)]);
    until(c, 5n);
    expect(getProposal(c.store.fork(), 0n)!.status).toBe("queued");
    const cancel = { type: "gov_council", action: body({ action: "cancel", proposal: "0" }) } as const;
    const six = c.block(COUNCIL.slice(0, 6).map((i) => c.tx(i, cancel, LIMITS)));
    // Executed in the block's VRF order: the approvals count 1 to 6 whichever member came first.
    expect(six.map((r) => text(r.return_data)).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `{"approvals":${n},"executed":false}`));
    expect(getProposal(c.store.fork(), 0n)!.status).toBe("queued");
    const [outsider] = c.block([c.tx(3, cancel, LIMITS)]);
    expect(text(outsider!.return_data)).toMatch(/^GovernanceError: NOT_COUNCIL: /);
    const [seventh] = c.block([c.tx(COUNCIL[6]!, cancel, LIMITS)]);
    expect(text(seventh!.return_data)).toBe('{"approvals":7,"executed":true}');
    expect(getProposal(c.store.fork(), 0n)!.status).toBe("cancelled");
    until(c, 12n);
    expect(resolveChainParams(c.store.fork(), params).feeMarket.cyclesTarget).toBe(20_000_000n);
  });

  it("an inflation change outside §8.2's guardrails is refused; one inside is accepted as Tier 3", { timeout: 60_000 }, () => {
    const c = chain();
    const inflation = (schedule: bigint[], floor: bigint): Json => ({
      kind: "param_change",
      changes: [{ key: "system:gov:param:inflation", value: { scheduleBps: schedule.map(String), floorBps: floor.toString() } }],
    });
    const [cap, jump, ok] = c.block([
      c.tx(3, propose(inflation([1_100n, 600n, 400n, 300n], 200n)), LIMITS),
      c.tx(3, propose(inflation([800n, 600n, 400n, 300n], 500n)), LIMITS),
      c.tx(3, propose(inflation([900n, 700n, 400n, 300n], 200n)), LIMITS),
    ]);
    expect(text(cap!.return_data)).toMatch(/^GovernanceError: INVALID_ARGUMENT: .*inflationScheduleBps\[0\]/);
    expect(text(jump!.return_data)).toMatch(/^GovernanceError: INFLATION_GUARDRAIL: the floor moves by 300 bps/);
    expect(ok!.status).toBe(ReceiptStatus.Success);
    expect(text(ok!.return_data)).toBe('{"id":"0","voting_ends_at":"4","tier":3}');
  });

  it("two inflation changes activating in one block are checked together: the second fails, the chain goes on", { timeout: 60_000 }, () => {
    const c = chain();
    const inflation = (year1: bigint): Json => ({
      kind: "param_change",
      changes: [{ key: "system:gov:param:inflation", value: { scheduleBps: [year1, 600n, 400n, 300n].map(String), floorBps: "200" } }],
    });
    c.block([c.tx(3, propose(inflation(900n)), LIMITS), c.tx(3, propose(inflation(1_000n)), LIMITS)]); // height 1
    c.block([0, 1].flatMap((v) => [c.tx(v, vote(0n, 0), LIMITS), c.tx(v, vote(1n, 0), LIMITS)]));
    until(c, 9n); // both pass at 4 and activate at 8
    const statuses = [getProposal(c.store.fork(), 0n)!, getProposal(c.store.fork(), 1n)!].map((p) => [p.status, p.note.split(":")[0]]);
    expect(statuses.sort()).toEqual([
      ["executed", "activated"],
      ["failed", "INFLATION_GUARDRAIL"],
    ]);
    const year1 = resolveChainParams(c.store.fork(), params).staking!.inflationScheduleBps[0];
    expect(year1 === 900n || year1 === 1_000n).toBe(true);
  });

  it("a council circuit break stops the system actor's instructions until its ratification fails", { timeout: 60_000 }, () => {
    const c = chain();
    c.block(COUNCIL.map((i) => c.transferTx(0, addressOf(i), 10n * CBY)));
    const action = { type: "gov_council", action: body({ action: "circuit_break", actor: "000000000000000000000000000000000000000b" }) } as const;
    c.block(COUNCIL.slice(0, 7).map((i) => c.tx(i, action, LIMITS))); // height 2: ratification proposal 0, voting ends at 5
    const [refused] = c.block([c.tx(3, { type: "relay_heartbeat" }, LIMITS)]);
    expect(text(refused!.return_data)).toMatch(/^GovernanceError: CIRCUIT_BROKEN: /);
    c.block([c.tx(0, vote(0n, 1), LIMITS), c.tx(1, vote(0n, 1), LIMITS)]); // the chambers reject the break
    until(c, 5n);
    expect(getProposal(c.store.fork(), 0n)!.status).toBe("rejected");
    const [after] = c.block([c.tx(3, { type: "relay_heartbeat" }, LIMITS)]);
    expect(text(after!.return_data)).not.toMatch(/CIRCUIT_BROKEN/);
  });
});
