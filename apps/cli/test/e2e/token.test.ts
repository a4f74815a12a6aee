// `cowboy token …` against a real devnet node (lmdb, RPC on a free loopback port, 100 ms blocks, in this
// process): create → info → transfer → balance → approve, and a usage error.
import { toHex } from "@cowboy/codec";
import { devAccounts } from "@cowboy/node";
import { describe, expect, it } from "vitest";
import { useTestDevnet } from "../utils/devnet.js";

const devnet = useTestDevnet("token");
const { cli } = devnet;
const dev = devAccounts();

describe("cowboy token", () => {
  it("creates, shows, transfers, reads balances and approves", { timeout: 60_000 }, async () => {
    const key = `0x${toHex(dev[0]!.privateKey)}`;
    const bob = `0x${toHex(dev[1]!.address)}`;
    const alice = `0x${toHex(dev[0]!.address)}`;
    const made = await cli(["token", "create", "--name", "Gold", "--symbol", "GLD", "--decimals", "2", "--supply", "1000", "--key", key]);
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^0x[0-9a-f]{64}\nsuccess\ntoken 1\n$/);
    const info = await cli(["token", "info", "1"]);
    expect(JSON.parse(info.stdout)).toEqual({ id: "1", creator: alice, name: "Gold", symbol: "GLD", decimals: 2, supply: "1000", max_supply: null, hook: null });
    expect((await cli(["token", "transfer", "1", "--to", bob, "--amount", "250", "--key", key])).status).toBe(0);
    expect((await cli(["token", "balance", "1", bob])).stdout).toBe("250\n");
    expect((await cli(["token", "balance", "1", alice])).stdout).toBe("750\n");
    const approved = await cli(["token", "approve", "1", "--spender", bob, "--amount", "40", "--key", key, "--json"]);
    expect(JSON.parse(approved.stdout.trim().split("\n").at(-1)!)).toMatchObject({ status: "success" });
    const over = await cli(["token", "transfer", "1", "--to", bob, "--amount", "751", "--key", key]);
    expect(over.status).toBe(1);
    expect(over.stderr).toBe("TokenError: INSUFFICIENT_BALANCE: balance 750 of token 1 does not cover 751\n");
    const bad = await cli(["token", "balance", "0", bob]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain("token ids start at 1");
    const none = await cli(["token", "info", "9"]);
    expect([none.status, none.stderr]).toEqual([1, "no token has id 9\n"]);
  });
});
