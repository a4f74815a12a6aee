// cowboyd's command line: defaults and refusals (the e2e tests cover the process around it).
import { describe, expect, it } from "vitest";
import { NodeUsageError, parseNodeArgs } from "../../src/run.js";

describe("parseNodeArgs", () => {
  it("defaults to 8 interpreter copies and takes --interpreters 1..64", () => {
    expect(parseNodeArgs([], "/tmp")?.interpreters).toBe(8);
    expect(parseNodeArgs(["--interpreters", "1"], "/tmp")?.interpreters).toBe(1);
    expect(parseNodeArgs(["--interpreters", "64"], "/tmp")?.interpreters).toBe(64);
  });

  it("refuses other interpreter counts with a clear error", () => {
    for (const bad of ["0", "65", "two", "1.5"]) {
      expect(() => parseNodeArgs(["--interpreters", bad], "/tmp")).toThrow(NodeUsageError);
      expect(() => parseNodeArgs(["--interpreters", bad], "/tmp")).toThrow(`--interpreters must be an integer in [1, 64], got '${bad}'`);
    }
    // An option-like value is refused by the parser itself, with the same error class.
    expect(() => parseNodeArgs(["--interpreters", "-1"], "/tmp")).toThrow(NodeUsageError);
  });

  it("takes the test-only misbehaviour flags, off by default", () => {
    expect([parseNodeArgs([], "/tmp")?.doubleSign, parseNodeArgs([], "/tmp")?.invalidProposal]).toEqual([false, false]);
    expect(parseNodeArgs(["--invalid-proposal"], "/tmp")?.invalidProposal).toBe(true);
    expect(() => parseNodeArgs(["--invalid-proposal=yes"], "/tmp")).toThrow(NodeUsageError);
  });
});
