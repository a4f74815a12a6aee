// The reshare on a 4-validator testnet of real processes (issue 21; cips/staking.md "Validator duties"):
// with epochs of 20 blocks every validator deals in each window, every epoch's key is recorded ok
// (cowboy_epoch: status ok, continued_from = the epoch itself), and each node keeps its derived shares in
// DIR/shares. Every child is killed by pid at the end.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@cowboy/client";
import { afterAll, describe, expect, it } from "vitest";
import { launchTestnet, type RunningTestnet } from "../../src/testnet/launcher.js";
import { nodeDir } from "../../src/testnet/setup.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-testnet-reshare-"));
const BASE = 21_000 + Math.floor(Math.random() * 20_000);
const N = 4;
let testnet: RunningTestnet | undefined;
let failed = false;

afterAll(async () => {
  await testnet?.stop(3_000);
  for (const pid of testnet?.pids ?? []) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  if (failed) console.error(`testnet logs kept in ${dir}/node-<i>/node.log`);
  else rmSync(dir, { recursive: true, force: true });
});

interface EpochJson {
  epoch: string;
  group_key: { status: string; continued_from: string | null; members?: string[] };
}

describe("the reshare on a 4-validator testnet", () => {
  it("records an ok key for epochs 1, 2 and 3 and every validator keeps its shares", { timeout: 300_000 }, async () => {
    try {
      testnet = launchTestnet({ dir, validators: N, rpcPort: BASE, blockTimeMs: 500, reset: true, stakingEpoch: 20 }, () => {});
      const client = createClient({ url: `http://127.0.0.1:${BASE}` });
      const seen = new Map<string, EpochJson["group_key"]>();
      const started = Date.now();
      while (!seen.has("3")) {
        if (Date.now() - started > 270_000) throw new Error(`timed out; epochs seen: ${JSON.stringify([...seen])}`);
        try {
          const e = await client.request<EpochJson>("cowboy_epoch", []);
          seen.set(e.epoch, e.group_key);
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      for (const e of ["1", "2", "3"]) {
        expect(seen.get(e)).toMatchObject({ status: "ok", continued_from: e });
        expect(seen.get(e)?.members).toHaveLength(N);
      }
      for (let i = 0; i < N; i++) for (const e of [1, 2, 3]) expect(existsSync(join(nodeDir(dir, i), "shares", `epoch-${e}.json`))).toBe(true);
    } catch (error) {
      failed = true;
      throw error;
    }
  });
});
