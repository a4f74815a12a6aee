// A fifth validator joins a 4-validator testnet of real processes (issue 21; cips/staking.md "Network keys" and
// "The consensus switch"): its node starts as a follower with a key file that is not in the genesis, it is funded
// and registers, its node publishes its network key (set_network_key), the next reshare deals it a share, and from
// that epoch the engines run five members: it votes and proposes. Then it exits: it leaves the engines at a later
// boundary and withdraws its stake after the unbonding period. The supply is conserved at every height. Every child
// is killed by pid at the end.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decode, fromHex, toHex } from "@cowboy/codec";
import { blsPopProve } from "@cowboy/crypto";
import { BASE_UNITS_PER_CBY, blockCertificateCodec, ReceiptStatus, signerIndices } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { devAccounts } from "../../src/chain/genesis.js";
import { cowboydCommand } from "../../src/testnet/launcher.js";
import { NODE_CONFIG_FILE, writeNodeConfig } from "../../src/testnet/config.js";
import { nodeDir } from "../../src/testnet/setup.js";
import { supplyAtEveryHeight, testnetE2e, until } from "../utils/testnet-e2e.js";
import { generateValidatorSet, writeValidatorKeyFile } from "../../src/validator/keys.js";

const net = testnetE2e("join");
const { dir, pids, client, consensusOf } = net;
const BASE = net.base;
const N = 4;
const L = 20n;
interface ValidatorJson {
  status: string;
  stake: string;
  unbonding_ends_at: string;
}

describe("a validator joins a running testnet", () => {
  it("registers, publishes its network key, gets a share at a later boundary, votes and proposes; then exits, leaves the engines and withdraws after unbonding", {
    timeout: 600_000,
  }, async () => {
    try {
      // A 10-epoch downtime window: the joiner is no genesis member, and nobody else is stopped.
      net.launch({ validators: N, blockTimeMs: 500, reset: true, stakingEpoch: Number(L) });
      // The fifth node: its own keys (not in the genesis file), the testnet's genesis, the four as bootstrap peers.
      const joiner = generateValidatorSet(1, new Uint8Array(32).fill(0x77), 1n).keys[0]!;
      const home = nodeDir(dir, N);
      mkdirSync(home, { recursive: true });
      copyFileSync(join(nodeDir(dir, 0), "genesis.json"), join(home, "genesis.json"));
      writeValidatorKeyFile(join(home, "validator-key.json"), joiner);
      const genesisJson = JSON.parse(readFileSync(join(home, "genesis.json"), "utf8")) as { validators: { network_key: string }[] };
      writeNodeConfig(join(home, NODE_CONFIG_FILE), {
        genesis: "genesis.json",
        validatorKey: "validator-key.json",
        rpcHost: "127.0.0.1",
        rpcPort: BASE + N,
        p2pPort: BASE + N,
        bootstrap: genesisJson.validators.map((v, i) => ({ host: "127.0.0.1", port: BASE + i, networkKey: v.network_key.slice(2) })),
        blockTimeMs: 500,
      });
      const { command, args } = cowboydCommand();
      const log = openSync(join(home, "node.log"), "a");
      const child = spawn(command, [...args, "--data", home], { stdio: ["ignore", log, log] });
      if (child.pid !== undefined) pids.add(child.pid);
      await until(
        "every node, the joiner too, past height 3",
        async () => (await Promise.all([0, 1, 2, 3, 4].map(consensusOf))).every((c) => BigInt(c?.finalized_height ?? "-1") >= 3n),
        210_000,
      );
      expect((await consensusOf(N))?.voting).toBe(false);

      // Fund it and register it with 900,000 CBY of stake (the genesis validators have 1,000,000 each).
      const dev = devAccounts()[4]!;
      const stake = 900_000n * BASE_UNITS_PER_CBY;
      const fund = await client(0).transfer({ privateKey: dev.privateKey, to: joiner.address, amount: stake + 1_000n * BASE_UNITS_PER_CBY });
      expect((await client(0).waitForReceipt(fund.digest(), { timeoutMs: 30_000, pollMs: 200 })).status).toBe(ReceiptStatus.Success);
      const reg = await client(1).sendTransaction({
        privateKey: joiner.accountKey,
        instruction: { type: "register_validator", blsPublicKey: joiner.blsPublicKey, proofOfPossession: blsPopProve(joiner.blsSecretKey), amount: stake },
      });
      const registered = await client(1).waitForReceipt(reg.digest(), { timeoutMs: 30_000, pollMs: 200 });
      expect(registered.status).toBe(ReceiptStatus.Success);
      const joinedAt = registered.height;

      // Its node publishes its network key by itself.
      const me = `0x${toHex(joiner.address)}`;
      await until(
        "the joiner's network key on chain and the joiner voting in a set of five",
        async () => {
          const c = await consensusOf(N);
          return c?.voting === true && c.validators === N + 1;
        },
        200_000,
      );
      const status = (await consensusOf(N))!;
      const epoch = BigInt(status.epoch);
      expect(epoch).toBeGreaterThan(joinedAt / L);
      const keyRecord = await client(0).request<{ address: string; network_key: string | null; in_set: boolean }[]>("cowboy_validators", []);
      expect(keyRecord.find((v) => v.address === me)).toMatchObject({ network_key: `0x${toHex(joiner.networkKey)}`, in_set: true });
      // Through the epoch it joined and the next: it signs certificates and proposes blocks.
      const end = (epoch + 2n) * L;
      await until(`height ${end} on node 0`, async () => BigInt((await consensusOf(0))?.finalized_height ?? "-1") >= end + 1n, 120_000);
      let signed = 0;
      let proposed = 0;
      for (let h = epoch * L + 1n; h <= end; h++) {
        const header = (await client(0).request<{ header: { certificate: string; proposer: string } }>("cowboy_getBlockByNumber", [h.toString()])).header;
        const cert = decode(blockCertificateCodec, fromHex(header.certificate.slice(2)));
        if (cert.value.proposal.round.epoch >= epoch && signerIndices(cert.value.signers).includes(status.self!)) signed++;
        if (header.proposer === me) proposed++;
      }
      expect(signed).toBeGreaterThan(0);
      expect(proposed).toBeGreaterThan(0);
      // Node 4's share of its epoch's key was derived from the reshare.
      expect(readFileSync(join(home, "node.log"), "utf8")).toMatch(/epoch share derived/);

      // It exits: unbonding at once (unbonding period 2 epochs on a testnet), out of the engines from a later
      // boundary, and after the period its stake is withdrawn to its balance and its record is gone.
      const out = await client(1).sendTransaction({ privateKey: joiner.accountKey, instruction: { type: "exit_validator" } });
      const exited = await client(1).waitForReceipt(out.digest(), { timeoutMs: 30_000, pollMs: 200 });
      expect(exited.status).toBe(ReceiptStatus.Success);
      // Withdrawing before the period ends is refused.
      const early = await client(1).sendTransaction({ privateKey: joiner.accountKey, instruction: { type: "withdraw_stake" } });
      const refused = await client(1).waitForReceipt(early.digest(), { timeoutMs: 30_000, pollMs: 200 });
      expect(refused.status).toBe(ReceiptStatus.Reverted);
      const unbonding = await client(0).request<ValidatorJson>("cowboy_validator", [me]);
      expect(unbonding).toMatchObject({ status: "unbonding", stake: stake.toString(), unbonding_ends_at: (exited.height + 2n * L).toString() });
      await until(
        "a set of four again, the joiner not voting",
        async () => {
          const [c0, c4] = await Promise.all([consensusOf(0), consensusOf(N)]);
          return c0?.validators === N && c4?.voting === false;
        },
        120_000,
      );
      const leftAt = BigInt((await consensusOf(0))!.epoch);
      expect(leftAt).toBeGreaterThan(exited.height / L);
      // From that epoch on it neither proposes nor is a member of any certificate's set.
      const last = BigInt((await consensusOf(0))!.finalized_height);
      for (let h = leftAt * L + 2n; h <= last; h++) {
        const header = (await client(0).request<{ header: { certificate: string; proposer: string } }>("cowboy_getBlockByNumber", [h.toString()])).header;
        expect(header.proposer).not.toBe(me);
        const cert = decode(blockCertificateCodec, fromHex(header.certificate.slice(2)));
        expect(cert.value.signers.size).toBe(N);
      }
      // After the period the stake comes back; out of the set it earns nothing, so the balance moves by
      // exactly the stake less the fee.
      const ends = exited.height + 2n * L;
      await until(`height ${ends}`, async () => BigInt((await consensusOf(1))?.finalized_height ?? "-1") >= ends, 120_000);
      const before = await client(1).getBalance(joiner.address);
      const w = await client(1).sendTransaction({ privateKey: joiner.accountKey, instruction: { type: "withdraw_stake" } });
      const withdrawn = await client(1).waitForReceipt(w.digest(), { timeoutMs: 30_000, pollMs: 200 });
      expect(withdrawn.status).toBe(ReceiptStatus.Success);
      expect(await client(1).getBalance(joiner.address)).toBe(before + stake - withdrawn.fee_paid);
      expect(await client(1).request<ValidatorJson | null>("cowboy_validator", [me])).toBeNull();
      // Supply at every height on node 1 (it indexed every block it committed): conserved, every block issued, and
      // nothing burned beyond the fees (nothing was slashed here).
      const head = BigInt((await client(1).request<{ height: string }>("cowboy_head", [])).height);
      expect(await supplyAtEveryHeight(client(1), head)).toEqual(new Map());
    } catch (error) {
      net.keepLogs();
      throw error;
    }
  });
});
