// `cowboy gov …` against a real devnet node (lmdb, RPC on a free loopback port, 100 ms blocks, in this process):
// propose → two votes → the devnet's 15-block vote and 10-block timelock → `gov show` lists the proposal's lifecycle
// events (cips/governance.md "Events") and `cowboy logs` finds the executed one as a block-step event of 0x09; and
// `cowboy rent` status, prepay, save and a refused restore of a live actor (cips/rent.md).
import { toHex } from "@cowboy/codec";
import { devAccounts } from "@cowboy/node";
import { describe, expect, it } from "vitest";
import { useTestDevnet } from "../utils/devnet.js";

const devnet = useTestDevnet("gov");
const { cli } = devnet;
const dev = devAccounts();

describe("cowboy gov show", () => {
  it("prints a proposal and its lifecycle events; cowboy logs finds them", { timeout: 120_000 }, async () => {
    const key = (i: number) => `0x${toHex(dev[i]!.privateKey)}`;
    const made = await cli(["gov", "propose", "--param", 'tokens={"maxSymbolBytes":12}', "--deposit", "100cby", "--key", key(0), "--json"]);
    expect([made.status, made.stderr]).toEqual([0, ""]);
    const id = (JSON.parse(made.stdout) as { result: { id: string } }).result.id;
    for (const i of [0, 1]) expect((await cli(["gov", "vote", id, "yes", "--key", key(i)])).status).toBe(0);
    let shown = { proposal: { status: "" }, events: [] as { event: string; data: Record<string, unknown> }[] };
    for (let i = 0; i < 200 && shown.proposal.status !== "executed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      shown = JSON.parse((await cli(["gov", "show", id, "--json"])).stdout);
    }
    expect(shown.proposal.status).toBe("executed");
    expect(shown.events.map((e) => e.event)).toEqual(["created", "voted", "voted", "passed", "queued", "executed"]);
    expect(shown.events[1]!.data).toMatchObject({ choice: "yes" });
    const text = await cli(["gov", "show", id]);
    expect(text.stdout.split("\n").slice(1, -1)).toHaveLength(6);
    expect(text.stdout).toMatch(new RegExp(`^\\d+ executed \\{"note":"activated","proposal":${id}\\}$`, "m"));
    expect((await cli(["param", "get", "tokens"])).stdout).toContain('"maxSymbolBytes":12');
    const logs = await cli(["logs", "--address", `0x${"00".repeat(19)}09`, "--topic", "cowboy:gov_executed", "--from", "0"]);
    expect(logs.stdout).toMatch(/cowboy:gov_executed .*\(block step\)\n$/);
  });
});

describe("cowboy gov floor", () => {
  it("says the devnet has no staked ratio (it runs without staking)", { timeout: 60_000 }, async () => {
    const floor = await cli(["gov", "floor"]);
    expect([floor.status, floor.stdout, floor.stderr]).toEqual([1, "", "this chain runs without staking: no staked ratio, no security floor\n"]);
  });
});

const STORE = `from cowboy_sdk import actor

@actor
class Store:
    def __init__(self):
        self.storage["greeting"] = "hello"
`;

describe("cowboy rent", () => {
  it("status, prepay, save; restoring a live actor is refused", { timeout: 120_000 }, async () => {
    const key = `0x${toHex(dev[5]!.privateKey)}`;
    const deployed = await cli(["actor", "deploy", "store.py", "--key", key], { "store.py": STORE });
    expect(deployed.stderr).toBe("");
    const actor = deployed.stdout.trim();
    const before = JSON.parse((await cli(["rent", "status", actor])).stdout) as { status: string; prepaid: string };
    expect(before.status).toBe("current");
    const paid = await cli(["rent", "prepay", actor, "2cby", "--key", key]);
    expect([paid.status, paid.stderr]).toEqual([0, ""]);
    const after = JSON.parse((await cli(["rent", "status", actor])).stdout) as { prepaid: string };
    expect(BigInt(after.prepaid) - BigInt(before.prepaid)).toBe(2_000_000_000n);
    const saved = await cli(["rent", "save", actor, "store.hex"]);
    expect(saved.stdout).toMatch(/^\d+ slots, \d+ bytes written to store.hex\n$/);
    const file = String(saved.files["store.hex"]);
    expect(file).toMatch(/^0x[0-9a-f]+\n$/);
    const restored = await cli(["rent", "restore", actor, "store.hex", "--key", key], { "store.hex": file });
    expect(restored.status).toBe(1);
    expect(restored.stderr).toBe(`${actor} is not dormant (status current): nothing to restore\n`);
    const none = await cli(["rent", "status", `0x${toHex(dev[6]!.address)}`]);
    expect([none.status, none.stderr]).toEqual([1, `0x${toHex(dev[6]!.address)} has no rent record (an account, a system address, or an actor never assessed)\n`]);
  });
});
