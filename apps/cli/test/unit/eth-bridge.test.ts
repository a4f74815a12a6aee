// `cowboy eth` listing, oracle and bridge argument checks, in process (apps/cli/test/e2e/eth-bridge.e2e.test.ts runs
// them against a devnet and ganache).
import { describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const KEY = `0x${"11".repeat(32)}`;
const ADDR = `0x${"12".repeat(20)}`;
/** A port nothing listens on (TCP port 9, discard). */
const NOWHERE = "http://127.0.0.1:9";

async function cli(argv: string[]) {
  const io = memoryIo({});
  const status = await runCommand(cowboy, argv, io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

describe("cowboy eth (listings, oracle, bridge)", () => {
  it("refuses malformed ids, addresses and amounts before reaching the node", async () => {
    expect(await cli(["eth", "subscription", "0x1234", "--rpc", NOWHERE])).toMatchObject({ status: 2, stderr: expect.stringMatching(/32-byte subscription id/) });
    expect((await cli(["eth", "subscriptions", "--subscriber", "0x12", "--rpc", NOWHERE])).status).toBe(2);
    expect(await cli(["eth", "bridge", "burn", "--token", "1", "--eth-recipient", ADDR, "--key", KEY, "--rpc", NOWHERE])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--amount/),
    });
    expect(await cli(["eth", "bridge", "burn", "--token", "x", "--amount", "1", "--eth-recipient", ADDR, "--key", KEY, "--rpc", NOWHERE])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--token/),
    });
    const reg = ["eth", "bridge", "register-asset", "--bridge", ADDR, "--eth-token", ADDR, "--name", "W", "--symbol", "W", "--key", KEY, "--rpc", NOWHERE];
    expect(await cli([...reg, "--eth-decimals", "18"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--decimals/) });
    expect(await cli(["eth", "bridge", "unlocks", "--from", "-1", "--rpc", NOWHERE])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--from/) });
    expect(await cli(["eth", "oracle", "start", "--subscription", `0x${"ab".repeat(32)}`, "--state", "/tmp/x", "--key", KEY, "--rpc", NOWHERE])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--eth-rpc/),
    });
  });

  it("reports an unreachable node in one line", async () => {
    const out = await cli(["eth", "oracles", "--rpc", NOWHERE]);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/is the devnet running/);
  });
});
