import { isCowboyError } from "@cowboy/codec";
import { MemoryStorage } from "@cowboy/runtime";
import { describe, expect, it } from "vitest";
import { appendEntry, replayEntries } from "../../src/journal.js";

const proposal = { round: { epoch: 0n, view: 4n }, parent: 3n, payload: new Uint8Array(32).fill(4) };
const sig = new Uint8Array(96).fill(7);

describe("vote journal records", () => {
  it("replays what was appended and synced, by view, in order", async () => {
    const storage = new MemoryStorage();
    const j = await storage.journal("consensus");
    appendEntry(j, 4n, { type: "block", value: { proposal, payload: Uint8Array.of(1, 2, 3) } });
    appendEntry(j, 4n, { type: "notarize", value: { proposal, signer: 2, signature: sig, seed: sig } });
    appendEntry(j, 5n, { type: "nullify", value: { round: { epoch: 0n, view: 5n }, signer: 2, signature: sig, seed: sig } });
    await j.sync();
    const entries = [...replayEntries(j)];
    expect(entries.map((e) => [e.view, e.entry.type])).toEqual([
      [4n, "block"],
      [4n, "notarize"],
      [5n, "nullify"],
    ]);
    expect(entries[1]!.entry.value).toEqual({ proposal, signer: 2, signature: sig, seed: sig });
  });

  it("a record that does not decode is JOURNAL_CORRUPT with its section", async () => {
    const j = await new MemoryStorage().journal("consensus");
    j.append(9n, Uint8Array.of(0x42));
    await j.sync();
    let caught: unknown;
    try {
      [...replayEntries(j)];
    } catch (err) {
      caught = err;
    }
    expect(isCowboyError(caught, "JOURNAL_CORRUPT")).toBe(true);
    expect((caught as { meta: { section: bigint } }).meta.section).toBe(9n);
  });
});
