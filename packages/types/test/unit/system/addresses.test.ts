import { describe, expect, it } from "vitest";
import { SYSTEM_ACTORS, isSystemAddress, systemAddress } from "../../../src/index.js";

describe("system addresses (spec §9)", () => {
  it("puts the slot in the last byte", () => {
    const treasury = systemAddress(SYSTEM_ACTORS.treasury);
    expect(Array.from(treasury)).toEqual([...new Array(19).fill(0), 8]);
    expect(isSystemAddress(treasury)).toBe(true);
  });
  it("refuses slots outside 0x01..0xff", () => {
    expect(() => systemAddress(0)).toThrow(/outside/);
    expect(() => systemAddress(0x100)).toThrow(/outside/);
    expect(() => systemAddress(1.5)).toThrow(/outside/);
  });
  it("does not take a user address or the zero address for a system one", () => {
    const user = new Uint8Array(20).fill(0);
    expect(isSystemAddress(user)).toBe(false);
    user[0] = 1;
    user[19] = 8;
    expect(isSystemAddress(user)).toBe(false);
    expect(isSystemAddress(new Uint8Array(19))).toBe(false);
  });
});
