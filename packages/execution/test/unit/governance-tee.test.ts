// `system:gov:param:tee_measurements` (cips/runner-market.md "Deterministic mode (TEE)", cips/governance.md
// "Registry"): the deterministic mode's enclave allowlist set by a passed proposal. Before it an actor's deterministic
// job is refused (no enclave listed); from the block after activation it is admitted, and the resolved params carry
// the listed pair. Malformed values are refused at submission.
import { toHex } from "@cowboy/codec";
import { createGovernanceConfig, encodeJson, getProposal, type Json } from "@cowboy/governance";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { TEE_GROUP, teeMeasurementsFromJson } from "../../src/governance/teeGroup.js";
import { checkParamChanges, resolveChainParams, type ChainParams } from "../../src/index.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as base } from "../utils/helpers.js";

const governance = createGovernanceConfig({
  votingPeriod: 2n,
  timelock: 1n,
  emergencyTimelock: 1n,
  minDeposit: 1n * CBY,
  electorate: [{ address: toHex(addressOf(3)), weight: 1n }],
});
const params: ChainParams = { ...base, governance };
const LIMITS = { cycles: 1_000_000n, cells: 100_000n };
const KEY = "system:gov:param:tee_measurements";
const ENTRY = { measurement: `0x${"ee".repeat(32)}`, attestationKey: `0x${"a1".repeat(32)}` };

const ORACLE = `from cowboy_sdk import actor, runner

@actor
class Oracle:
    def ask(self):
        return runner.submit("http", {"method": "GET", "url": "https://prices.example/x"}, result_schema={"type": "object"},
                             verification="deterministic", max_price="1cby", allow_domains=["prices.example"])
`;

const refused = (value: Json): string => {
  try {
    checkParamChanges(params, [{ key: KEY, value }]);
    return "accepted";
  } catch (error) {
    return (error as Error).message;
  }
};

describe("the TEE allowlist as a registry row", () => {
  it("absent means empty: genesis writes nothing for it; a value round-trips through JSON", () => {
    expect(params.runnerMarket!.teeMeasurements).toEqual([]);
    expect(TEE_GROUP.read(params)).toBeUndefined();
    const next = TEE_GROUP.write(params, [ENTRY]);
    expect(next.runnerMarket!.teeMeasurements.map((t) => [toHex(t.measurement), toHex(t.attestationKey)])).toEqual([["ee".repeat(32), "a1".repeat(32)]]);
    expect(TEE_GROUP.read(next)).toEqual([ENTRY]);
    expect(teeMeasurementsFromJson([])).toEqual([]);
  });

  it("refuses malformed lists at submission", () => {
    expect(refused([ENTRY])).toBe("accepted");
    expect(refused({ measurement: ENTRY.measurement })).toMatch(/expected a list/);
    expect(refused([{ measurement: ENTRY.measurement }])).toMatch(/\[0\]: expected exactly \{measurement, attestationKey\}/);
    expect(refused([{ ...ENTRY, measurement: "0xee" }])).toMatch(/\[0\]\.measurement: expected 0x and 64 lower-case hex digits/);
    expect(refused([{ ...ENTRY, attestationKey: `0x${"A1".repeat(32)}` }])).toMatch(/attestationKey: expected 0x and 64/);
    expect(refused([{ ...ENTRY, extra: 1 }])).toMatch(/expected exactly/);
    const { tier } = checkParamChanges(params, [{ key: KEY, value: [ENTRY] }]);
    expect(tier).toBe(0);
  });

  it("a passed proposal lists an enclave and deterministic jobs are admitted from then on", { timeout: 120_000 }, () => {
    const c = new ActorChain(params);
    const [d] = c.block([c.deployTx(0, ORACLE)]);
    expect(d!.status, text(d!.return_data)).toBe(ReceiptStatus.Success);
    const oracle = d!.return_data;
    c.block([c.transferTx(0, oracle, 10n * CBY)]);
    const [before] = c.block([c.callTx(0, oracle, "ask", [])]);
    expect(text(before!.return_data)).toBe(
      "ValueError: RunnerMarketError: INVALID_JOB: verification: deterministic needs an allowlisted TEE measurement and this chain lists none",
    );

    const body = encodeJson({ kind: "param_change", changes: [{ key: KEY, value: [ENTRY] }] });
    const [p] = c.block([c.tx(3, { type: "gov_propose", body, deposit: CBY }, LIMITS)]);
    expect(p!.status, text(p!.return_data)).toBe(ReceiptStatus.Success);
    const id = BigInt(JSON.parse(text(p!.return_data)).id);
    c.block([c.tx(3, { type: "gov_vote", proposalId: id, choice: 0n }, LIMITS)]);
    for (let i = 0; i < 4 && getProposal(c.store.fork(), id)!.status !== "executed"; i++) c.block([]);
    expect(getProposal(c.store.fork(), id)!.status).toBe("executed");
    const resolved = resolveChainParams(c.store.fork(), params);
    expect(resolved.runnerMarket!.teeMeasurements.map((t) => toHex(t.measurement))).toEqual(["ee".repeat(32)]);

    const [after] = c.block([c.callTx(0, oracle, "ask", [])]);
    expect(after!.status, text(after!.return_data)).toBe(ReceiptStatus.Success);
  });
});
