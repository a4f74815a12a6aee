// Double signing punished on a 4-validator testnet of real processes (issue 21; cips/staking.md "Evidence"):
// validator 3 is restarted with the test-only --double-sign and signs a second, conflicting finalize vote once;
// the other validators' engines see both signatures and submit report_double_vote; the chain slashes exactly 1%
// of its stake (burned: the supply record stays genesis + issued − burned) and jails it, and from a later epoch
// the engines run the three others. Every child is killed by pid at the end.
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { cowboydCommand } from "../../src/testnet/launcher.js";
import { nodeDir } from "../../src/testnet/setup.js";
import { testnetE2e, until } from "../utils/testnet-e2e.js";

const net = testnetE2e("double");
const { dir, pids, client, consensusOf } = net;
const N = 4;
const L = 20n;
interface ValidatorJson {
  address: string;
  status: string;
  stake: string;
  offences: string;
  in_set: boolean;
}
interface SupplyJson {
  genesis: string;
  issued: string;
  burned: string;
  total: string;
}

describe("double signing on a 4-validator testnet", () => {
  it("the double vote is reported, 1% of the stake is burned, the validator is jailed and leaves the set", { timeout: 400_000 }, async () => {
    try {
      const testnet = net.launch({ validators: N, blockTimeMs: 500, reset: true, stakingEpoch: Number(L) });
      await until("height 3 on node 0", async () => BigInt((await consensusOf(0))?.finalized_height ?? "-1") >= 3n, 210_000);
      const offender = testnet.layout.addresses[3]!;
      const before = await client(0).request<ValidatorJson>("cowboy_validator", [offender]);
      const supplyBefore = await client(0).request<SupplyJson>("cowboy_supply", []);
      // Validator 3 again, now made to double-sign once.
      process.kill(testnet.pids[3]!, "SIGKILL");
      const { command, args } = cowboydCommand();
      const log = openSync(join(nodeDir(dir, 3), "node.log"), "a");
      const child = spawn(command, [...args, "--data", nodeDir(dir, 3), "--double-sign"], { stdio: ["ignore", log, log] });
      if (child.pid !== undefined) pids.add(child.pid);
      await until(
        "the offender jailed",
        async () => {
          try {
            return (await client(0).request<ValidatorJson>("cowboy_validator", [offender])).status === "jailed";
          } catch {
            return false;
          }
        },
        150_000,
      );
      const after = await client(0).request<ValidatorJson>("cowboy_validator", [offender]);
      const stake = BigInt(before.stake);
      expect(stake).toBe(1_000_000n * BASE_UNITS_PER_CBY);
      expect(after).toMatchObject({ status: "jailed", offences: "1", stake: (stake - stake / 100n).toString() });
      // The slashed stake is burned, and the supply record still adds up.
      const supply = await client(0).request<SupplyJson>("cowboy_supply", []);
      expect(BigInt(supply.burned) - BigInt(supplyBefore.burned)).toBeGreaterThanOrEqual(stake / 100n);
      expect(BigInt(supply.total)).toBe(BigInt(supply.genesis) + BigInt(supply.issued) - BigInt(supply.burned));
      // Several validators may have reported it: one punished, the others reverted (logged by each reporter).
      const reporters = [0, 1, 2].filter((i) => readFileSync(join(nodeDir(dir, i), "node.log"), "utf8").includes("double vote reported"));
      expect(reporters.length).toBeGreaterThan(0);
      // From a later epoch the engines run the three others, and the chain goes on finalizing.
      await until("a set of three on node 0", async () => (await consensusOf(0))?.validators === N - 1, 100_000);
      const h = BigInt((await consensusOf(0))!.finalized_height);
      await until("three more blocks", async () => BigInt((await consensusOf(1))?.finalized_height ?? "-1") >= h + 3n, 60_000);
      const records = await client(1).request<ValidatorJson[]>("cowboy_validators", []);
      expect(records.find((r) => r.address === offender)).toMatchObject({ status: "jailed", in_set: false });
    } catch (error) {
      net.keepLogs();
      throw error;
    }
  });
});
