// Double signing punished on a 4-validator testnet of real processes (issue 21; cips/staking.md "Evidence"):
// validator 3 runs with the test-only --double-sign and signs a second, conflicting finalize vote once;
// the other validators' engines see both signatures and submit report_double_vote; the chain slashes exactly 1%
// of its stake (burned: the supply record stays genesis + issued − burned) and jails it, and from a later epoch
// the engines run the three others. It unjails after its jail period and votes again in a set of four. Then it is
// stopped for longer than the downtime window (2 epochs here): jailed without a slash, its second offence doubling
// the jail; restarted with the test-only --invalid-proposal, it unjails again and votes again, and its proposals (each
// header's round is not its view) are reported by the others and jail it a third time, without a slash.
// Every child is killed by pid at the end.
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decode, fromHex } from "@cowboy/codec";
import { bls } from "@cowboy/crypto";
import { BASE_UNITS_PER_CBY, blockCertificateCodec, ReceiptStatus, seedMessage, signerIndices } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { cowboydCommand } from "../../src/testnet/launcher.js";
import { nodeDir } from "../../src/testnet/setup.js";
import { readValidatorKeyFile } from "../../src/validator/keys.js";
import { supplyAtEveryHeight, testnetE2e, until } from "../utils/testnet-e2e.js";

const net = testnetE2e("double");
const { dir, pids, client, consensusOf } = net;
const N = 4;
const L = 20n;
/** The downtime window: two epochs (jailed for more than 20 missed votes in one). */
const W = 2n * L;
interface ValidatorJson {
  address: string;
  status: string;
  stake: string;
  offences: string;
  jailed_until: string;
  in_set: boolean;
}
interface SupplyJson {
  genesis: string;
  issued: string;
  burned: string;
  total: string;
}

/** Waits for `jailedUntil`, sends unjail_validator, then waits until node 3 votes in a set of four and signs a certificate. */
async function unjailAndVote(accountKey: Uint8Array, jailedUntil: bigint): Promise<void> {
  await until(`height ${jailedUntil}`, async () => BigInt((await consensusOf(0))?.finalized_height ?? "-1") >= jailedUntil, 120_000);
  const tx = await client(0).sendTransaction({ privateKey: accountKey, instruction: { type: "unjail_validator" } });
  expect((await client(0).waitForReceipt(tx.digest(), { timeoutMs: 30_000, pollMs: 200 })).status).toBe(ReceiptStatus.Success);
  await until(
    "node 3 voting in a set of four, in node 0's epoch",
    async () => {
      const [c, c0] = await Promise.all([consensusOf(3), consensusOf(0)]);
      return c?.voting === true && c.validators === N && c.epoch === c0?.epoch;
    },
    200_000,
  );
  const self = (await consensusOf(3))!.self!;
  const from = BigInt((await consensusOf(0))!.finalized_height);
  let signed = false;
  await until(
    "a certificate node 3 signed",
    async () => {
      const head = BigInt((await consensusOf(0))?.finalized_height ?? "-1");
      for (let h = from + 1n; h <= head && !signed; h++) {
        const header = (await client(0).request<{ header: { certificate: string } }>("cowboy_getBlockByNumber", [h.toString()])).header;
        const cert = decode(blockCertificateCodec, fromHex(header.certificate.slice(2)));
        signed = cert.value.signers.size === N && signerIndices(cert.value.signers).includes(self);
      }
      return signed;
    },
    60_000,
  );
}

describe("double signing on a 4-validator testnet", () => {
  it("the double vote is reported, 1% of the stake is burned, the validator is jailed and leaves the set; it unjails, is jailed for downtime, unjails again and is jailed for an invalid proposal", {
    timeout: 800_000,
  }, async () => {
    try {
      // Validator 3 is made to double-sign once from its start (a restart to add the flag would cost it votes).
      const testnet = net.launch({
        validators: N,
        blockTimeMs: 500,
        reset: true,
        stakingEpoch: Number(L),
        downtimeWindow: Number(W),
        nodeArgsOf: (i) => (i === 3 ? ["--double-sign"] : []),
      });
      const offender = testnet.layout.addresses[3]!;
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
      const stake = 1_000_000n * BASE_UNITS_PER_CBY; // the genesis stake of each validator
      expect(after).toMatchObject({ status: "jailed", offences: "1", stake: (stake - stake / 100n).toString() });
      // The slashed stake is burned, and the supply record still adds up.
      const supply = await client(0).request<SupplyJson>("cowboy_supply", []);
      expect(BigInt(supply.burned)).toBeGreaterThanOrEqual(stake / 100n);
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

      // After its jail period (one epoch on a testnet) it unjails, and from a later boundary it votes again.
      const account = readValidatorKeyFile(join(nodeDir(dir, 3), "validator-key.json")).accountKey;
      await unjailAndVote(account, BigInt(after.jailed_until));

      // Stopped for longer than the downtime window: jailed at a window's last block, without a slash, for twice
      // the jail period (its second offence).
      process.kill(testnet.pids[3]!, "SIGKILL");
      const back = await client(0).request<ValidatorJson>("cowboy_validator", [offender]);
      await until("the offender jailed for downtime", async () => (await client(0).request<ValidatorJson>("cowboy_validator", [offender])).status === "jailed", 200_000);
      const down = await client(0).request<ValidatorJson>("cowboy_validator", [offender]);
      expect(down).toMatchObject({ status: "jailed", offences: "2", stake: back.stake });
      const jailedAt = BigInt(down.jailed_until) - 2n * L;
      expect((jailedAt + 1n) % W).toBe(0n);
      const supplyDown = await client(0).request<SupplyJson>("cowboy_supply", []);
      expect(BigInt(supplyDown.total)).toBe(BigInt(supplyDown.genesis) + BigInt(supplyDown.issued) - BigInt(supplyDown.burned));
      expect(BigInt(supplyDown.issued)).toBeGreaterThan(BigInt(supply.issued));

      // Restarted (no --double-sign; --invalid-proposal instead), it unjails once the doubled jail ends and votes again.
      const { command, args } = cowboydCommand();
      const log2 = openSync(join(nodeDir(dir, 3), "node.log"), "a");
      const again = spawn(command, [...args, "--data", nodeDir(dir, 3), "--invalid-proposal"], { stdio: ["ignore", log2, log2] });
      if (again.pid !== undefined) pids.add(again.pid);
      await unjailAndVote(account, BigInt(down.jailed_until));
      // Back in the set, its proposals carry a wrong header round: the others refuse them and report them
      // (report_invalid_proposal), and it is jailed a third time without a slash (cips/staking.md "Invalid proposals").
      await until(
        "the offender jailed for an invalid proposal",
        async () => Number((await client(0).request<ValidatorJson>("cowboy_validator", [offender])).offences) >= 3,
        120_000,
      );
      const invalid = await client(0).request<ValidatorJson>("cowboy_validator", [offender]);
      expect(invalid).toMatchObject({ status: "jailed", stake: back.stake });
      // Its third offence (or later: each refused view is one): at least four times the jail period, counted from a
      // height after its downtime jail ended.
      expect(BigInt(invalid.jailed_until) - 4n * L).toBeGreaterThanOrEqual(BigInt(down.jailed_until));
      expect(readFileSync(join(nodeDir(dir, 3), "node.log"), "utf8")).toContain("test: proposing an invalid block");
      const proposalReporters = [0, 1, 2].filter((i) => readFileSync(join(nodeDir(dir, i), "node.log"), "utf8").includes("invalid proposal reported"));
      expect(proposalReporters.length).toBeGreaterThan(0);
      // Supply at every height on node 0 (it indexed every block): conserved, every block issued, and the only burn
      // beyond fees is the one 1% slash (the downtime and invalid-proposal jails take nothing).
      const head = BigInt((await client(0).request<{ height: string }>("cowboy_head", [])).height);
      expect([...(await supplyAtEveryHeight(client(0), head)).values()]).toEqual([stake / 100n]);
      // The beacon verifies across every boundary, the set going 4 → 3 → 4 → 3 → 4: each round's seed in the
      // certificates around a boundary verifies under the group key (kept by every reshare).
      const epochJson = await client(0).request<{ group_key: { group_public_key: string } }>("cowboy_epoch", []);
      const groupKey = fromHex(epochJson.group_key.group_public_key.slice(2));
      const top = BigInt((await consensusOf(0))!.finalized_height);
      for (let boundary = L; boundary + 1n <= top; boundary += L) {
        for (const h of [boundary, boundary + 1n]) {
          const header = (await client(0).request<{ header: { certificate: string } }>("cowboy_getBlockByNumber", [h.toString()])).header;
          const cert = decode(blockCertificateCodec, fromHex(header.certificate.slice(2)));
          expect(bls.verify(cert.value.seed, seedMessage(testnet.layout.chainId, cert.value.proposal.round), groupKey)).toBe(true);
        }
      }
    } catch (error) {
      net.keepLogs();
      throw error;
    }
  });
});
