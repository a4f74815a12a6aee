// The frame of a multi-process testnet e2e file: a temporary directory, a random RPC port base, the
// consensus status query, a polling wait, and an afterAll that stops the testnet and kills every
// child by pid (keeping the logs when the test failed).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@cowboy/client";
import { afterAll } from "vitest";
import { launchTestnet, type RunningTestnet, type LaunchOptions } from "../../src/testnet/launcher.js";

/** `cowboy_consensus`, the fields these tests read. */
export interface ConsensusJson {
  epoch: string;
  finalized_height: string;
  voting: boolean;
  self: number | null;
  validators: number;
}

export interface TestnetE2e {
  readonly dir: string;
  /** Node i serves RPC on 127.0.0.1:(base + i). */
  readonly base: number;
  /** Children started by the test itself; the testnet's own are added by launch. */
  readonly pids: Set<number>;
  readonly client: (i: number) => ReturnType<typeof createClient>;
  /** Node i's consensus status, or undefined while it does not answer. */
  readonly consensusOf: (i: number) => Promise<ConsensusJson | undefined>;
  /** Launch the testnet (its children are killed after the file's tests). */
  readonly launch: (options: Omit<LaunchOptions, "dir" | "rpcPort">) => RunningTestnet;
  /** Keep the directory and its logs for inspection. */
  readonly keepLogs: () => void;
}

export function testnetE2e(name: string): TestnetE2e {
  const dir = mkdtempSync(join(tmpdir(), `cowboy-testnet-${name}-`));
  const base = 21_000 + Math.floor(Math.random() * 20_000);
  const pids = new Set<number>();
  let testnet: RunningTestnet | undefined;
  let failed = false;
  afterAll(async () => {
    await testnet?.stop(3_000);
    for (const pid of [...pids, ...(testnet?.pids ?? [])]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    if (failed) console.error(`testnet logs kept in ${dir}/node-<i>/node.log`);
    else rmSync(dir, { recursive: true, force: true });
  });
  const client = (i: number) => createClient({ url: `http://127.0.0.1:${base + i}` });
  return {
    dir,
    base,
    pids,
    client,
    consensusOf: async (i) => {
      try {
        return await client(i).request<ConsensusJson>("cowboy_consensus", []);
      } catch {
        return undefined;
      }
    },
    launch: (options) => {
      testnet = launchTestnet({ ...options, dir, rpcPort: base }, () => {});
      for (const pid of testnet.pids) pids.add(pid);
      return testnet;
    },
    keepLogs: () => {
      failed = true;
    },
  };
}

/** Poll `probe` every 500 ms until it holds, or fail naming `what` after `timeoutMs`. */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface SupplyAt {
  height: string;
  genesis: string;
  issued: string;
  burned: string;
  total: string;
}

/**
 * Supply conservation at every height 1..`to` on one node (cips/staking.md "Supply"; `cowboy_supply` with a height
 * answers from the node's index): total = genesis + issued − burned, genesis never changes, every block issues
 * something, and the burn grows by exactly the fees its receipts burned. Returns what each height burned beyond its
 * fees (slashed stake), only the heights where that is not zero.
 */
export async function supplyAtEveryHeight(rpc: ReturnType<typeof createClient>, to: bigint): Promise<Map<bigint, bigint>> {
  const extra = new Map<bigint, bigint>();
  let previous: SupplyAt | undefined;
  for (let h = 1n; h <= to; h++) {
    const s = await rpc.request<SupplyAt>("cowboy_supply", [h.toString()]);
    if (s.height !== h.toString() || BigInt(s.total) !== BigInt(s.genesis) + BigInt(s.issued) - BigInt(s.burned)) throw new Error(`height ${h}: ${JSON.stringify(s)}`);
    const txs = (await rpc.request<{ transactions: string[] }>("cowboy_getBlockByNumber", [h.toString()])).transactions;
    let fees = 0n;
    for (const hash of txs) fees += BigInt((await rpc.request<{ fee_burned: string }>("cowboy_getReceipt", [hash])).fee_burned);
    const before = previous ?? { genesis: s.genesis, issued: "0", burned: "0" };
    if (s.genesis !== before.genesis) throw new Error(`height ${h}: genesis ${s.genesis} changed from ${before.genesis}`);
    if (BigInt(s.issued) <= BigInt(before.issued)) throw new Error(`height ${h}: issued ${s.issued} did not grow from ${before.issued}`);
    const beyond = BigInt(s.burned) - BigInt(before.burned) - fees;
    if (beyond !== 0n) extra.set(h, beyond);
    previous = s;
  }
  return extra;
}
