import { describe, expect, it } from "vitest";
import { ago, count, short } from "../../src/format.js";

describe("format", () => {
  it("groups thousands, shortens hex and says how long ago", () => {
    expect(count(0n)).toBe("0");
    expect(count(1_234_567n)).toBe("1,234,567");
    expect(count(999)).toBe("999");
    expect(short(`0x${"ab".repeat(32)}`)).toBe("0xababab…ababab");
    expect(short("0x1234")).toBe("0x1234");
    expect(ago(10_000n, 15_400)).toBe("5 s ago");
    expect(ago(0n, 125_000)).toBe("2 min ago");
    expect(ago(0n, 7_300_000)).toBe("2 h ago");
    expect(ago(20_000n, 10_000)).toBe("0 s ago");
  });
});
