// The live consensus switch on a 4-validator testnet of real processes (issue 21; cips/staking.md "The
// consensus switch"): with 20-block epochs each boundary hands consensus to a new engine whose share keys
// are the reshare's (same group key, new commitments); a validator killed mid-epoch restarts into that epoch's
// engine, and the chain keeps finalizing across three boundaries with every block certified in its own epoch.
// Every child is killed by pid at the end.
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decode, fromHex, toHex } from "@cowboy/codec";
import { bls, sharePublicKey } from "@cowboy/crypto";
import { blockCertificateCodec, seedMessage } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { cowboydCommand } from "../../src/testnet/launcher.js";
import { nodeDir } from "../../src/testnet/setup.js";
import { testnetE2e, until } from "../utils/testnet-e2e.js";

const net = testnetE2e("switch");
const { dir, pids, client, consensusOf } = net;
const N = 4;
const L = 20n;
const header = async (i: number, height: bigint) =>
  (await client(i).request<{ header: { hash: string; certificate: string } }>("cowboy_getBlockByNumber", [height.toString()])).header;
interface EpochJson {
  epoch: string;
  group_key: { status: string; continued_from: string | null; group_public_key?: string; commitments?: string[] };
}

describe("the consensus switch on a 4-validator testnet", () => {
  it("finalizes across three boundaries with per-epoch engines; a validator killed mid-epoch resumes that epoch", { timeout: 330_000 }, async () => {
    try {
      const testnet = net.launch({ validators: N, blockTimeMs: 500, reset: true, stakingEpoch: Number(L) });
      // Inside epoch 1: the engines have switched once.
      await until("height 28 on node 0", async () => BigInt((await consensusOf(0))?.finalized_height ?? "-1") >= 28n, 210_000);
      expect((await consensusOf(0))?.epoch).toBe("1");
      const e1 = await client(0).request<EpochJson>("cowboy_epoch", []);
      expect(e1.group_key.status).toBe("ok");
      // kill -9 validator 2 in the middle of epoch 1 and start it again on its data directory.
      process.kill(testnet.pids[2]!, "SIGKILL");
      await new Promise((r) => setTimeout(r, 2_000));
      const { command, args } = cowboydCommand();
      const log = openSync(join(nodeDir(dir, 2), "node.log"), "a");
      const child = spawn(command, [...args, "--data", nodeDir(dir, 2)], { stdio: ["ignore", log, log] });
      if (child.pid !== undefined) pids.add(child.pid);
      // Past the boundaries at 40 and 60 on every node, the restarted one voting in epoch 3.
      await until(
        "height 65 on every node, node 2 voting in epoch 3",
        async () => {
          const all = await Promise.all([0, 1, 2, 3].map(consensusOf));
          return all.every((c) => c !== undefined && BigInt(c.finalized_height) >= 65n) && all[2]?.epoch === "3" && all[2]?.voting === true;
        },
        150_000,
      );
      // Every block's header carries its parent's certificate, cast in the parent's own epoch, and the round's seed
      // (the beacon) in it verifies under the group key on both sides of every boundary.
      const groupKey = fromHex(e1.group_key.group_public_key!.slice(2));
      for (const boundary of [L, 2n * L, 3n * L]) {
        for (let h = boundary - 1n; h <= boundary + 2n; h++) {
          const cert = decode(blockCertificateCodec, fromHex((await header(1, h)).certificate.slice(2)));
          expect(cert.value.proposal.round.epoch).toBe((h - 1n) / L);
          expect(bls.verify(cert.value.seed, seedMessage(testnet.layout.chainId, cert.value.proposal.round), groupKey)).toBe(true);
        }
      }
      // One chain: the restarted node has the same hashes.
      for (const h of [30n, 45n, 62n]) expect((await header(2, h)).hash).toBe((await header(0, h)).hash);
      // The engine of epoch 3 runs the reshared key: same group key, and node 2's share matches epoch 3's commitments.
      const e3 = await client(2).request<EpochJson>("cowboy_epoch", []);
      expect(e3.epoch).toBe("3");
      expect(e3.group_key.group_public_key).toBe(e1.group_key.group_public_key);
      const commitments = (e3.group_key.commitments ?? []).map((c) => fromHex(c.slice(2)));
      const share = JSON.parse(readFileSync(join(nodeDir(dir, 2), "shares", "epoch-3.json"), "utf8")) as { index: number; secret_key: string };
      const self = (await consensusOf(2))?.self;
      expect(share.index).toBe((self ?? -2) + 1);
      expect(toHex(bls.getPublicKey(fromHex(share.secret_key.slice(2))))).toBe(toHex(sharePublicKey(commitments, share.index)));
      // The log of node 2: it resumed epoch 1 (not genesis's) and later switched engines.
      const text = readFileSync(join(nodeDir(dir, 2), "node.log"), "utf8");
      const starts = text.split("\n").filter((l) => l.includes("consensus started"));
      expect(starts.length).toBe(2);
      expect(starts[1]).toMatch(/epoch[^0-9]*1\b/);
      expect(text).toMatch(/epoch switch/);
    } catch (error) {
      net.keepLogs();
      throw error;
    }
  });
});
