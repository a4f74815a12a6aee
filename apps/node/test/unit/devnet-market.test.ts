// `--tee-enclave` and `--container-image` shape the built-in devnet's runner market (cips/runner-market.md
// "Deterministic mode (TEE)", "Container Registry"); the runner e2e lists an enclave and an image with them.
import { toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { NodeUsageError, parseNodeArgs } from "../../src/run.js";

const M = "ab".repeat(32);
const K = "cd".repeat(32);
const IMAGE = `busybox@sha256:${"ef".repeat(32)}`;
const DIR = ["--data", "/nonexistent/cowboy-devnet-market-test"];

describe("devnet runner-market flags", () => {
  it("without them the node uses the devnet's defaults", () => {
    expect(parseNodeArgs(DIR, "/tmp")?.runnerMarket).toBeUndefined();
  });

  it("list an enclave and an image, keeping the devnet's 5-block challenge window", () => {
    const market = parseNodeArgs([...DIR, "--tee-enclave", `0x${M}:${K}`, "--container-image", IMAGE, "--container-image", `sha256:${"01".repeat(32)}`], "/tmp")!.runnerMarket!;
    expect(market.teeMeasurements.map((t) => [toHex(t.measurement), toHex(t.attestationKey)])).toEqual([[M, K]]);
    expect(market.containerImages.map((c) => [c.image, c.resourceClass, c.cpuMillis, c.memoryMiB, c.maxSeconds])).toEqual([
      [IMAGE, "small", 500n, 64n, 10n],
      [`sha256:${"01".repeat(32)}`, "small", 500n, 64n, 10n],
    ]);
    expect(market.challengeWindow).toBe(5n);
  });

  it("refuses malformed values with the expected form", () => {
    expect(() => parseNodeArgs([...DIR, "--tee-enclave", M], "/tmp")).toThrow(NodeUsageError);
    expect(() => parseNodeArgs([...DIR, "--tee-enclave", `${M}:${K.slice(2)}`], "/tmp")).toThrow(/MEASUREMENT:KEY/);
    expect(() => parseNodeArgs([...DIR, "--container-image", "busybox:latest"], "/tmp")).toThrow(/pinned by digest/);
  });
});
