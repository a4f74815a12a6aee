// Governance upgrade signals at the node (cips/governance.md "Upgrade signals"): a passed Tier-3 upgrade_signal for
// version 2 at height H is recorded at 0x09; this version-1 node warns before H and refuses to build block H with
// UpgradeRequiredError, while a node running version 2 goes on.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultChainParams } from "@cowboy/execution";
import { createGovernanceConfig, encodeJson, getProposal, getUpgradeSignal, PROTOCOL_VERSION } from "@cowboy/governance";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { BASE_UNITS_PER_CBY, createTransaction, type Instruction } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { devAccounts, devnetGenesis, devnetGovernance, type DevAccount } from "../../src/chain/genesis.js";
import { checkUpgrade, UpgradeRequiredError, upgradeWarning } from "../../src/chain/upgrade.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-upgrade-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("upgrade signals at the node", () => {
  it("records the signal, warns ahead, and refuses to build past the height on an older version", { timeout: 60_000 }, () => {
    const genesis = devnetGenesis();
    const governance = createGovernanceConfig({ ...devnetGovernance(), votingPeriod: 2n, timelock: 1n, emergencyTimelock: 1n });
    const params = { ...defaultChainParams(genesis.chainId, accountKey), governance };
    const chain = Chain.open(params, BlockStore.open(join(dir, "blocks")), StateStore.open(LmdbBackend.open(join(dir, "state"))), genesis);
    const [a0, a1] = devAccounts();
    let t = genesis.config.timestampMs;
    const nonces = new Map<string, bigint>();
    const tx = (who: DevAccount, instruction: Instruction) => {
      const nonce = nonces.get(who.privateKey.toString()) ?? 0n;
      nonces.set(who.privateKey.toString(), nonce + 1n);
      return createTransaction({
        chainId: genesis.chainId,
        nonce,
        instruction,
        from: who.address,
        cyclesLimit: 1_000_000n,
        cellsLimit: 10_000n,
        maxFeePerCycle: 40_000n,
        maxFeePerCell: 40_000n,
        maxPriorityFeePerCycle: 0n,
        maxPriorityFeePerCell: 0n,
      }).sign(who.privateKey);
    };
    const block = (txs: ReturnType<typeof tx>[]) => {
      t += 1_000n;
      return chain.produce(txs, a0!.address, t);
    };
    expect(PROTOCOL_VERSION).toBe("1");
    const body = encodeJson({ kind: "upgrade_signal", name: "2", height: "9", info: "cowboy-ts 2.0" });
    expect(block([tx(a0!, { type: "gov_propose", body, deposit: 100n * BASE_UNITS_PER_CBY })]).receipts[0]!.status).toBe(0); // 1
    block([tx(a0!, { type: "gov_vote", proposalId: 0n, choice: 0n }), tx(a1!, { type: "gov_vote", proposalId: 0n, choice: 0n })]); // 2
    block([]); // 3: passes
    block([]); // 4: activates
    expect(getProposal(chain.state, 0n)!.status).toBe("executed");
    expect(getUpgradeSignal(chain.state)).toEqual({ version: "2", height: 9n, proposal: 0n, info: "cowboy-ts 2.0" });
    expect(upgradeWarning(chain.state, 4n)).toBe(
      "protocol version 2 activates at height 9 (5 blocks; governance proposal 0); this node runs 1 and will stop there: upgrade the software",
    );
    expect(upgradeWarning(chain.state, 4n, "2")).toBeUndefined();
    while (chain.head.height < 8n) block([]);
    expect(() => block([])).toThrow(UpgradeRequiredError);
    expect(chain.head.height).toBe(8n);
    expect(() => checkUpgrade(chain.state, 9n)).toThrow(
      "block 9 is past the activation height 9 of protocol version 2 (governance proposal 0); this node runs version 1: upgrade the software",
    );
    expect(() => checkUpgrade(chain.state, 9n, "2")).not.toThrow();
    expect(() => checkUpgrade(chain.state, 9n, "10")).not.toThrow();
  });
});
