import { describe, expect, it } from "vitest";
import { SCHEDULER_VERSION } from "../src/index.js";

describe("@cowboy/scheduler", () => {
  it("exposes its format version", () => {
    expect(SCHEDULER_VERSION).toBe(1);
  });
});
