// `cowboy validator …` against a real node with staking (lmdb, RPC on a free loopback port, the devnet
// validator making 100 ms blocks, in this process): register → pending → in the next epoch's set → exit → withdraw after unbonding.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromHex, toHex } from "@cowboy/codec";
import { blsPopProve, ed25519, nobleBls } from "@cowboy/crypto";
import { createLogger, devAccounts, devnetGenesis, startNode, type RunningNode } from "@cowboy/node";
import { createStakingConfig, validatorNetworkKey } from "@cowboy/staking";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-cli-validator-"));
let node: RunningNode;
const dev = devAccounts();
const BLS_SECRET = `0x44${"00".repeat(30)}07`;
const EPOCH = 4n;

beforeAll(async () => {
  const g = new Uint8Array(32);
  g[0] = 0x55;
  g[31] = 1;
  const base = devnetGenesis();
  const genesis = {
    ...base,
    config: {
      ...base.config,
      validators: [{ address: dev[0]!.address, blsPublicKey: nobleBls.getPublicKey(g), proofOfPossession: blsPopProve(g), stake: 100_000n * BASE_UNITS_PER_CBY }],
    },
  };
  node = await startNode({
    dataDir: dir,
    genesis,
    blockTimeMs: 100,
    rpcHost: "127.0.0.1",
    rpcPort: 0,
    reset: true,
    logger: createLogger({ level: "error", format: "text", write: () => {} }),
    staking: createStakingConfig({ epochLength: EPOCH, unbondingPeriod: EPOCH, jailPeriod: 2n }),
  });
});
afterAll(async () => {
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = memoryIo({});
  const status = await runCommand(cowboy, [...argv, "--rpc", node.rpcUrl], io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

/** Waits for consensus (one validator, 100 ms blocks) to finalize height `h`. */
async function untilHeight(h: bigint): Promise<void> {
  while (node.chain.head.height < h) await new Promise((r) => setTimeout(r, 50));
}

describe("cowboy validator against a node with staking", () => {
  it("register, status, list, exit, withdraw", { timeout: 120_000 }, async () => {
    const key = `0x${toHex(dev[1]!.privateKey)}`;
    const me = `0x${toHex(dev[1]!.address)}`;
    const low = await cli(["validator", "register", "--amount", "10cby", "--bls-key", BLS_SECRET, "--key", key]);
    expect(low.status).toBe(1);
    expect(low.stderr).toMatch(/^StakingError: STAKE_BELOW_MINIMUM: /);
    const reg = await cli(["validator", "register", "--amount", "100000cby", "--bls-key", BLS_SECRET, "--key", key, "--json"]);
    expect(reg.stderr).toBe("");
    expect(JSON.parse(reg.stdout)).toMatchObject({ status: "success", validator: me });
    const pending = JSON.parse((await cli(["validator", "status", me])).stdout);
    expect(pending).toMatchObject({ address: me, stake: (100_000n * BASE_UNITS_PER_CBY).toString() });
    // Pending until the next epoch boundary; with 100 ms blocks one may already have passed by now.
    expect(pending.status === "pending" || (pending.status === "active" && node.chain.head.height + 1n >= (BigInt(pending.registered_at) / EPOCH + 1n) * EPOCH)).toBe(true);

    // Its network key (a node not in the genesis file publishes it; cowboyd does so by itself).
    const NET_SECRET = `0x66${"00".repeat(30)}09`;
    const bad = await cli(["validator", "set-network-key", "--network-key", "0x1234", "--key", key]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--network-key must be 32 bytes of hex/);
    const published = await cli(["validator", "set-network-key", "--network-key", NET_SECRET, "--key", key, "--json"]);
    expect(JSON.parse(published.stdout)).toMatchObject({ status: "success", validator: me });
    // The committed state holds the published key (the RPC shows it once the validator runs in an engine's set).
    const state = { get: (k: Uint8Array) => node.chain.state.get(k), set: () => {}, delete: () => {} };
    expect(toHex(validatorNetworkKey(state, dev[1]!.address) ?? new Uint8Array(0))).toBe(toHex(ed25519.getPublicKey(fromHex(NET_SECRET.slice(2)))));

    await untilHeight((node.chain.head.height / EPOCH + 1n) * EPOCH); // past the next boundary
    const listed = (await cli(["validator", "list"])).stdout.trim().split("\n");
    expect(listed).toContain(`${me} active ${100_000n * BASE_UNITS_PER_CBY} in-set missed 0`);

    expect((await cli(["validator", "exit", "--key", key])).status).toBe(0);
    const exiting = JSON.parse((await cli(["validator", "status", me])).stdout);
    expect(exiting.status).toBe("unbonding");
    await untilHeight(BigInt(exiting.unbonding_ends_at) - 1n);
    const balance = node.chain.account(dev[1]!.address).balance;
    const withdrawn = await cli(["validator", "withdraw", "--key", key, "--json"]);
    expect(JSON.parse(withdrawn.stdout).status).toBe("success");
    expect(node.chain.account(dev[1]!.address).balance).toBeGreaterThan(balance + 99_999n * BASE_UNITS_PER_CBY);
    const gone = await cli(["validator", "status", me]);
    expect(gone.status).toBe(1);
    expect(gone.stderr).toBe(`${me} is not a validator\n`);
  });
});
