// `cowboy rent save` / `cowboy rent restore` for storage larger than one transaction (cips/rent.md "Chunked
// restoration") against a real devnet node with 4-block rent epochs: an actor with 150 KB of storage is saved, evicted
// for unpaid rent, and restored in three rent_restore_chunk transactions — the first sent by one account, the other two by `cowboy rent restore`
// resuming where the chain says the restoration stands; it answers calls again.
import { createClient } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { devAccounts } from "@cowboy/node";
import { DEFAULT_RENT_CONFIG, decodeStoragePairs, storageStream, streamSegments } from "@cowboy/rent";
import { describe, expect, it } from "vitest";
import { useTestDevnet } from "../utils/devnet.js";

const devnet = useTestDevnet("rentchunks", {
  rent: { ...DEFAULT_RENT_CONFIG, epochLength: 4n, blocksPerYear: 4_000n, ratePerByteYear: 1_000_000n, reserveBps: 0n },
});
const { cli } = devnet;
const dev = devAccounts();
const key = (i: number) => `0x${toHex(dev[i]!.privateKey)}`;

const HOARD = `from cowboy_sdk import actor

@actor
class Hoard:
    def __init__(self):
        pass

    def fill(self, start, n, size):
        for i in range(start, start + n):
            self.storage["k%d" % i] = "x" * size
        return n

    def size(self, i):
        return len(self.storage["k%d" % i])
`;

describe("cowboy rent restore in chunks", () => {
  it("saves a 150 KB actor, and after its eviction restores it in three chunks, resuming after the first", { timeout: 180_000 }, async () => {
    const deployed = await cli(["actor", "deploy", "hoard.py", "--key", key(5)], { "hoard.py": HOARD });
    expect(deployed.stderr).toBe("");
    const actor = deployed.stdout.trim();
    for (const start of [0, 5, 10]) {
      const filled = await cli(["actor", "call", actor, "fill", `[${start}, 5, 10000]`, "--key", key(5)]);
      expect([filled.status, filled.stderr]).toEqual([0, ""]);
    }
    const saved = await cli(["rent", "save", actor, "hoard.hex"]);
    expect(saved.stdout).toMatch(/^15 slots, \d+ bytes written to hoard.hex\n$/);
    const file = String(saved.files["hoard.hex"]);

    let status = { status: "", evicted: null as null | { segments: number; next_chunk: string } };
    for (let i = 0; i < 600 && status.status !== "dormant"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = JSON.parse((await cli(["rent", "status", actor])).stdout);
    }
    expect(status.status).toBe("dormant");
    expect(status.evicted).toMatchObject({ segments: 3, next_chunk: "0" });
    const [dormant] = [await cli(["actor", "call", actor, "size", "[0]", "--key", key(6)])];
    expect(dormant!.status).toBe(1);

    // Someone sends chunk 0 (and pays the back rent) and stops; the CLI resumes at chunk 1.
    const segments = streamSegments(storageStream(decodeStoragePairs(fromHex(file.trim().slice(2)))));
    const client = createClient({ url: devnet.node.rpcUrl, timeoutMs: 15_000 });
    const instruction = { type: "rent_restore_chunk", actor: fromHex(actor.slice(2)), index: 0n, data: segments[0]! } as const;
    const limits = instructionIntrinsicCosts(instruction);
    await client.sendTransaction({ privateKey: dev[7]!.privateKey, instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells });
    for (let i = 0; i < 300 && JSON.parse((await cli(["rent", "status", actor])).stdout).evicted?.next_chunk !== "1"; i++) await new Promise((r) => setTimeout(r, 100));
    expect(JSON.parse((await cli(["rent", "status", actor])).stdout).evicted).toMatchObject({ next_chunk: "1" });

    const restored = await cli(["rent", "restore", actor, "hoard.hex", "--key", key(6)], { "hoard.hex": file });
    expect([restored.status, restored.stderr]).toEqual([0, ""]);
    expect(restored.stdout).toMatch(/^chunk 2 of 3\n0x[0-9a-f]{64}\nsuccess\nchunk 3 of 3\n0x[0-9a-f]{64}\nsuccess\n$/);
    const size = await cli(["actor", "call", actor, "size", "[14]", "--key", key(6)]);
    expect([size.status, size.stdout.trim()]).toEqual([0, "10000"]);
    // Restored (awake, storage back); with 0.4 s rent epochs and no balance it is soon overdue again, not dormant.
    const back = JSON.parse((await cli(["rent", "status", actor])).stdout);
    expect(back).toMatchObject({ slots: "15", evicted: null });
    expect(["current", "overdue", "warning"]).toContain(back.status);
  });
});
