// cowboy_sdk.py keeps its own copies of two actor rules that @cowboy/types owns (Python cannot
// import TypeScript, and editing the embedded source would change Cycle counts). This test reads
// the embedded SDK text so the copies cannot drift from the owners.
import { ACTOR_ITEM_TAG, PRIORITY_TIERS } from "@cowboy/types/actor";
import { describe, expect, it } from "vitest";
import { cowboy_sdk_py } from "../../../src/sdk/sources.js";

describe("cowboy_sdk's copies of the actor rules", () => {
  it("_STORAGE_PREFIX is ACTOR_ITEM_TAG", () => {
    const m = /^_STORAGE_PREFIX = b"\\x([0-9a-f]{2})"$/m.exec(cowboy_sdk_py);
    expect(m).not.toBeNull();
    expect(Number.parseInt(m![1]!, 16)).toBe(ACTOR_ITEM_TAG);
  });

  it("_TIERS maps PRIORITY_TIERS' names to their indexes, in order", () => {
    const m = /^_TIERS = \{(.*)\}$/m.exec(cowboy_sdk_py);
    expect(m).not.toBeNull();
    const entries = [...m![1]!.matchAll(/"([a-z]+)": (\d+)/g)].map((e) => [e[1], Number(e[2])]);
    expect(entries).toEqual(PRIORITY_TIERS.map((name, i) => [name, i]));
    expect(m![1]!.split(",").length).toBe(PRIORITY_TIERS.length);
  });
});
