// Issue 20's chain-side commands against a real node in this process: `cowboy logs`, `cowboy tx
// trace`, `cowboy tx receipt`, `cowboy actor timers --history`.
import { createClient } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import { devAccounts } from "@cowboy/node";
import { describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";
import { useTestDevnet } from "../utils/devnet.js";

const ALARM = `from cowboy_sdk import actor, emit, set_timer, block

@actor
class Alarm:
    def arm(self, blocks):
        emit("armed", {"in": blocks})
        return set_timer(block.height + blocks, "ring", cycles=80_000, cells=2_000)

    def ring(self):
        emit("rang", "hello")

    def fail(self):
        print("checking")
        raise KeyError("missing")
`;

const SHOP = `from cowboy_sdk import actor, payable, msg, this

@actor
class Shop:
    """Sells one thing."""

    @payable
    def buy(self, qty, note="hi"):
        """Buys qty."""
        return this.balance

    def is_sender(self, who):
        return who == msg.sender
`;

const devnet = useTestDevnet("dx");
const { cli } = devnet;
const dev = devAccounts();

describe("logs, traces, receipts and timer history from the CLI", () => {
  it("prints decoded events of transactions and timer fires, a failing call's traceback, and why a timer ended", async () => {
    const client = createClient({ url: devnet.node.rpcUrl });
    const key = dev[2]!.privateKey;
    const { tx, address } = await client.deployActor({ privateKey: key, source: ALARM });
    await client.waitForReceipt(tx.digest(), { timeoutMs: 30_000, pollMs: 50 });
    await client.waitForReceipt(await client.faucet(address, 10n ** 11n), { timeoutMs: 30_000, pollMs: 50 });
    const alarm = `0x${toHex(address)}`;
    const arm = await client.callActor({ privateKey: key, to: address, method: "arm", args: [1n], cyclesLimit: 2_000_000n });
    const armed = await client.waitForReceipt(arm.digest(), { timeoutMs: 30_000, pollMs: 50 });
    const timerId = `0x${toHex(armed.return_data.slice(2))}`;
    while ((await client.getHead()).height < armed.height + 2n) await new Promise((r) => setTimeout(r, 50));

    const logs = await cli(["logs", "--address", alarm, "--from", armed.height.toString()]);
    expect(logs.stderr).toBe("");
    expect(logs.stdout).toBe(
      `${armed.height}#0  ${alarm}  armed  {"in":1}  (tx 0x${toHex(arm.digest())})\n` + `${armed.height + 1n}#0  ${alarm}  rang  "hello"  (timer ${timerId})\n`,
    );
    const byTopic = await cli(["logs", "--topic", "rang", "--from", "0", "--json"]);
    expect(JSON.parse(byTopic.stdout)).toMatchObject([{ topic: "rang", decoded: "hello", timerId }]);

    const history = await cli(["actor", "timers", alarm, "--history"]);
    expect(history.stdout).toBe(`${timerId}  ring  at ${armed.height + 1n}: completed (fired for the last time) [completed]\n`);

    const receipt = await cli(["tx", "receipt", `0x${toHex(arm.digest())}`]);
    expect(receipt.status).toBe(0);
    expect(receipt.stdout).toContain("status success\n");
    expect(receipt.stdout).toContain(`event ${armed.height}#0  ${alarm}  armed  {"in":1}`);

    const bad = await client.callActor({ privateKey: key, to: address, method: "fail", cyclesLimit: 2_000_000n });
    await client.waitForReceipt(bad.digest(), { timeoutMs: 30_000, pollMs: 50 });
    const failed = await cli(["tx", "receipt", `0x${toHex(bad.digest())}`]);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain("status reverted\n");
    const trace = await cli(["tx", "trace", `0x${toHex(bad.digest())}`]);
    expect(trace.status).toBe(0);
    expect(trace.stdout).toBe("status reverted\noutput:\n  checking\nTraceback (most recent call last):\n  File \"actor.py\", line 14, in fail\nKeyError: 'missing'\n");
  }, 120_000);

  it("lists methods, generates a typed client, takes $address/$bytes JSON arguments, and refuses value to a method without @payable", async () => {
    const client = createClient({ url: devnet.node.rpcUrl });
    const key = dev[3]!.privateKey;
    const { tx, address } = await client.deployActor({ privateKey: key, source: SHOP });
    await client.waitForReceipt(tx.digest(), { timeoutMs: 30_000, pollMs: 50 });
    const shop = `0x${toHex(address)}`;
    const listed = await cli(["actor", "methods", shop]);
    expect(listed.stderr).toBe("");
    expect(listed.stdout).toBe('Shop — Sells one thing.\n  @payable buy(qty, note="hi")\n      Buys qty.\n  is_sender(who)\n');

    const me = `0x${toHex(dev[3]!.address)}`;
    const typed = await cli(["actor", "query", shop, "is_sender", `[{"$address": "${me}"}]`, "--from", me]);
    expect(typed.stdout.trim()).toBe("true");
    const plain = await cli(["actor", "query", shop, "is_sender", `["${me}"]`, "--from", me]);
    expect(plain.stdout.trim()).toBe("false");
    const short = await cli(["actor", "query", shop, "is_sender", '[{"$address": "0x1234"}]']);
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('{"$address": "0x1234"} is 2 bytes, an address is 20');

    const io = memoryIo({});
    expect(await runCommand(cowboy, ["actor", "codegen", shop, "--out", "shop.ts", "--rpc", devnet.node.rpcUrl], io)).toBe(0);
    const generated = io.files["shop.ts"] as string;
    expect(generated).toContain("export class ShopClient {");
    expect(generated).toContain('  buy(args: { "qty": CborValue; "note"?: CborValue }, tx: PayableTxOptions): Sent {');
    expect(generated).toContain('  is_sender(args: { "who": CborValue }, tx: TxOptions): Sent {');
    expect(generated).toContain(`static readonly ADDRESS = "${shop}";`);

    const refused = await cli(["actor", "call", shop, "is_sender", `[{"$address": "${me}"}]`, "--value", "5", "--key", `0x${toHex(key)}`]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("Shop.is_sender is not @payable: it refuses the 5 base units sent with the call");
  }, 120_000);
});
