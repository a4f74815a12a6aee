// The runner-market, rent, tokens and CBSS registry groups (cips/governance.md "Registry"): one passed proposal
// amends one group of each, and from the block after its activation the 0x01 runner stake floor, the rent reserve,
// the token symbol limit and the 0x04 proxy stake follow the new values; a refused change of each is checked too.
import { toHex } from "@cowboy/codec";
import { blsPopProve, nobleBls } from "@cowboy/crypto";
import { DEFAULT_RENT_CONFIG } from "@cowboy/rent";
import { createGovernanceConfig, encodeJson, getProposal, type Json } from "@cowboy/governance";
import { encodeCapabilities } from "@cowboy/runner-market";
import { ReceiptStatus, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { checkParamChanges, paramGroup, resolveChainParams, type ChainParams } from "../../src/index.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as base } from "../utils/helpers.js";

const governance = createGovernanceConfig({
  votingPeriod: 2n,
  timelock: 1n,
  emergencyTimelock: 1n,
  minDeposit: 1n * CBY,
  electorate: [{ address: toHex(addressOf(3)), weight: 1n }],
});
// As rent.test.ts: 1,000 base units of rent per excess byte-epoch; a reserve of 20 bps of a year's rent.
const params: ChainParams = {
  ...base,
  governance,
  rent: { ...DEFAULT_RENT_CONFIG, epochLength: 4n, blocksPerYear: 4_000n, ratePerByteYear: 1_000_000n, reserveBps: 20n },
};
const LIMITS = { cycles: 1_000_000n, cells: 100_000n };

const HOARD = `from cowboy_sdk import actor, payable, transfer

@actor
class Hoard:
    def __init__(self):
        pass

    @payable
    def fund(self):
        pass

    def fill(self, n, size):
        for i in range(n):
            self.storage["k%d" % i] = "x" * size

    def withdraw(self, to, amount):
        transfer(to, amount)
`;

const value = (key: string): Record<string, Json> => paramGroup(key)!.read(params) as Record<string, Json>;
const runner = (i: number, stake: bigint): Instruction => ({
  type: "runner_register",
  stake,
  maxJobValue: 1n * CBY,
  capabilities: encodeCapabilities({ provides: ["net.http"], jobKinds: ["http"] }),
  endpoint: new TextEncoder().encode(`http://127.0.0.1:${9000 + i}`),
  transportKey: new Uint8Array(32).fill(i),
});
const proxy = (i: number, stake: bigint): Instruction => {
  const sk = new Uint8Array(32).fill(0x20 + i);
  return {
    type: "cbss_proxy_register",
    stake,
    blsPublicKey: nobleBls.getPublicKey(sk),
    proofOfPossession: blsPopProve(sk),
    transportKey: new Uint8Array(32).fill(0x40 + i),
    endpoint: new TextEncoder().encode(`http://127.0.0.1:${7400 + i}`),
  };
};
const token = (symbol: string): Instruction => ({ type: "token_create", name: "Gold", symbol, decimals: 6n, initialSupply: 1n, maxSupply: null, hook: null });
const outcome = (rs: { status: ReceiptStatus; return_data: Uint8Array }[]): [ReceiptStatus, string][] => rs.map((r) => [r.status, text(r.return_data)]);

describe("registry groups of the runner market, rent, tokens and CBSS", () => {
  const floor = BigInt(value("system:gov:param:runner_market").stakeFloor as string);
  const proxyStake = BigInt(value("system:gov:param:cbss").minProxyStake as string);
  const changes = [
    { key: "system:gov:param:runner_market", value: { ...value("system:gov:param:runner_market"), stakeFloor: (floor + CBY).toString() } },
    { key: "system:cip4:rent_config", value: { ...value("system:cip4:rent_config"), reserveBps: "40" } },
    { key: "system:gov:param:tokens", value: { ...value("system:gov:param:tokens"), maxSymbolBytes: 2 } },
    { key: "system:gov:param:cbss", value: { ...value("system:gov:param:cbss"), minProxyStake: (proxyStake + CBY).toString() } },
  ];

  it("a passed proposal changes each group's behaviour from the block after its activation", { timeout: 120_000 }, () => {
    const c = new ActorChain(params);
    const [d] = c.block([c.deployTx(0, HOARD)]);
    const hoard = d!.return_data;
    const setup = c.block([
      c.callTx(0, hoard, "fund", [], { value: CBY }),
      c.callTx(1, hoard, "fill", [12, 1000], { cycles: 5_000_000n, cells: 200_000n }),
      c.transferTx(0, addressOf(4), floor + 100n * CBY),
      c.transferTx(0, addressOf(5), proxyStake + 100n * CBY),
    ]);
    expect(outcome(setup).map((o) => o[0])).toEqual(setup.map(() => ReceiptStatus.Success));
    const excess = c.account(hoard).storage_bytes - 10_240n;
    const reserve = (bps: bigint) => (excess * 1_000_000n * bps) / 10_000n;

    // Before: each old value admits what the new one will refuse.
    const before = c.block([c.tx(1, runner(1, floor), LIMITS), c.tx(2, token("GLD"), LIMITS), c.tx(3, proxy(3, proxyStake), LIMITS)]);
    expect(outcome(before).map((o) => o[0])).toEqual([ReceiptStatus.Success, ReceiptStatus.Success, ReceiptStatus.Success]);
    const [w] = c.block([c.callTx(0, hoard, "withdraw", [addressOf(5), c.account(hoard).balance])]);
    expect(text(w!.return_data)).toContain(`rent reserve of ${reserve(20n)}`);

    const [p] = c.block([c.tx(3, { type: "gov_propose", body: encodeJson({ kind: "param_change", changes }), deposit: CBY }, LIMITS)]);
    expect(outcome([p!])[0]![0]).toBe(ReceiptStatus.Success);
    const id = BigInt(JSON.parse(text(p!.return_data)).id);
    c.block([c.tx(3, { type: "gov_vote", proposalId: id, choice: 0n }, LIMITS)]);
    for (let i = 0; i < 4 && getProposal(c.store.fork(), id)!.status !== "executed"; i++) c.block([]);
    expect(getProposal(c.store.fork(), id)!.status).toBe("executed");

    const resolved = resolveChainParams(c.store.fork(), params);
    expect(resolved.runnerMarket!.stakeFloor).toBe(floor + CBY);
    expect(resolved.rent!.reserveBps).toBe(40n);
    expect(resolved.tokens!.maxSymbolBytes).toBe(2);
    expect(resolved.cbss!.minProxyStake).toBe(proxyStake + CBY);

    const after = c.block([c.tx(4, runner(4, floor), LIMITS), c.tx(2, token("GLD"), LIMITS), c.tx(5, proxy(5, proxyStake), LIMITS)]);
    const [r, t, x] = outcome(after);
    expect(r![0]).not.toBe(ReceiptStatus.Success);
    expect(r![1]).toBe(`RunnerMarketError: STAKE_TOO_LOW: stake ${floor} is below max(runner_stake_floor, 1.5 × max_job_value) = ${floor + CBY}`);
    expect(t![0]).not.toBe(ReceiptStatus.Success);
    expect(t![1]).toBe("TokenError: INVALID_ARGUMENT: symbol: 1 to 2 UTF-8 bytes");
    expect(x![0]).not.toBe(ReceiptStatus.Success);
    expect(x![1]).toBe(`CbssError: INVALID_AMOUNT: stake ${proxyStake} is below min_proxy_stake ${proxyStake + CBY}`);
    const [w2] = c.block([c.callTx(0, hoard, "withdraw", [addressOf(5), c.account(hoard).balance])]);
    expect(text(w2!.return_data)).toContain(`rent reserve of ${reserve(40n)}`);
  });

  it("refuses invalid or fixed values of the new groups at submission", () => {
    const refused = (key: string, patch: Record<string, Json>): string => {
      try {
        checkParamChanges(params, [{ key, value: { ...value(key), ...patch } }]);
        return "accepted";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused("system:settlement_config", { runnerBps: "9000" })).toMatch(/sum to 10000/);
    expect(refused("system:cip2:committee_config", { m: "7" })).toMatch(/committee_config\.m is held/);
    expect(refused("system:cip2:committee_config", { mMin: "10" })).toMatch(/committeeMax/);
    expect(refused("system:cip4:rent_config", { epochLength: "8" })).toMatch(/epochLength is fixed/);
    expect(refused("system:gov:param:tokens", { hookCycleCap: "50001" })).toMatch(/hookCycleCap/);
    expect(refused("system:gov:param:cbss", { reporterRewardBps: 10_001 })).toMatch(/reporterRewardBps/);
    expect(refused("system:cip2:aggregator_config", { aggregatorBonusBps: "150" })).toBe("accepted");
    const { tier, params: next } = checkParamChanges(params, [{ key: "system:settlement_config", value: { runnerBps: "8800", burnBps: "1100", treasuryBps: "100" } }]);
    expect(tier).toBe(3);
    expect(next.runnerMarket!.burnBps).toBe(1_100n);
  });
});
