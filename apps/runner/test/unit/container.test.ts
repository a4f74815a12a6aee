import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildBusyboxLayout, unpackLayout } from "../../src/container/oci.js";
import { containerSupport } from "../../src/container/runc.js";
import { readTar, writeTar } from "../../src/container/tar.js";
import { EntitlementGate } from "../../src/entitlements.js";
import { isRunnerError } from "../../src/errors.js";
import { runContainerJob } from "../../src/executors/container.js";

const dir = mkdtempSync(join(tmpdir(), "runner-oci-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isRunnerError(e)) return e.code;
    throw e;
  }
  return "no error";
}

describe("tar and OCI layout", () => {
  it("round-trips files, directories and symlinks; refuses escaping paths", () => {
    const bytes = writeTar([
      { type: "dir", path: "a", mode: 0o755 },
      { type: "file", path: "a/f", mode: 0o644, data: new TextEncoder().encode("hello") },
      { type: "symlink", path: "a/l", mode: 0o777, target: "f" },
    ]);
    const back = readTar(bytes);
    expect(back.map((e) => [e.type, e.path, e.mode])).toEqual([
      ["dir", "a", 0o755],
      ["file", "a/f", 0o644],
      ["symlink", "a/l", 0o777],
    ]);
    expect(new TextDecoder().decode((back[1] as { data: Uint8Array }).data)).toBe("hello");
    expect(() => readTar(writeTar([{ type: "file", path: "../x", mode: 0o644, data: new Uint8Array(1) }]))).toThrow(/unsafe path/);
    expect(() => readTar(writeTar([{ type: "symlink", path: "x", mode: 0o777, target: "/etc/passwd" }]))).toThrow(/outside/);
  });
  const haveBusybox = existsSync("/bin/busybox");
  it.skipIf(!haveBusybox)("builds a busybox layout whose unpacked rootfs holds busybox and its applets", () => {
    const layout = join(dir, "layout");
    const digest = buildBusyboxLayout(layout);
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(buildBusyboxLayout(join(dir, "layout2"))).toBe(digest); // reproducible
    const rootfs = join(dir, "rootfs");
    unpackLayout(layout, digest, rootfs);
    expect(existsSync(join(rootfs, "bin/busybox"))).toBe(true);
    expect(existsSync(join(rootfs, "bin/sh"))).toBe(true);
  });
});

const support = containerSupport();
const reason = !existsSync("/bin/busybox") ? "busybox-static is not installed (/bin/busybox)" : support.ok ? "" : support.reason;
if (reason !== "") console.log(`container executor tests skipped: ${reason}`);

describe.skipIf(reason !== "")("container executor (runc)", () => {
  const layout = join(dir, "run-layout");
  const image = existsSync("/bin/busybox") ? buildBusyboxLayout(layout) : "";
  const images = { [image]: layout };
  const gate = new EntitlementGate(["oci.run"]);
  it("runs a command and returns its stdout as JSON", async () => {
    expect(
      await runContainerJob({ image, command: ["/bin/sh", "-c", 'echo "{\\"n\\": $((6*7)), \\"who\\": \\"$(echo $GREETING)\\"}"'], env: { GREETING: "hi" } }, gate, { images }),
    ).toEqual({ n: 42, who: "hi" });
  }, 30_000);
  it("pipes stdin and accepts a name@digest reference", async () => {
    expect(await runContainerJob({ image: `busybox@${image}`, command: ["/bin/cat"], stdin: '{"from": "stdin"}' }, gate, { images })).toEqual({ from: "stdin" });
  }, 30_000);
  it("has no network and a read-only root", async () => {
    const out = await runContainerJob(
      { image, command: ["/bin/sh", "-c", 'if touch /x 2>/dev/null; then w=1; else w=0; fi; n=$(cat /proc/net/dev | wc -l); echo "{\\"writable\\": $w, \\"netlines\\": $n}"'] },
      gate,
      { images },
    );
    // /proc/net/dev lists only the header (2 lines) and lo: no host interfaces in the network namespace.
    expect(out).toEqual({ writable: 0, netlines: 3 });
  }, 30_000);
  it("enforces the memory limit (OOM kill, exit 137), the pids limit and the time bound", async () => {
    const failure = async (p: Promise<unknown>) => {
      try {
        await p;
      } catch (e) {
        if (isRunnerError(e)) return e;
        throw e;
      }
      throw new Error("expected a failure");
    };
    const oom = await failure(
      runContainerJob({ image, command: ["/bin/sh", "-c", "dd if=/dev/zero bs=1M count=200 | tr '\\0' x | { v=$(cat); echo $v; }"], memory_mb: 16, timeout_ms: 20_000 }, gate, {
        images,
      }),
    );
    expect([oom.code, oom.meta.exitCode]).toEqual(["CONTAINER_FAILED", 137]);
    const forks = 'for i in 1 2 3 4 5 6 7 8 9 10; do sleep 2 & done; wait; echo "{\\"ok\\": true}"';
    expect(await runContainerJob({ image, command: ["/bin/sh", "-c", forks], pids: 64, timeout_ms: 20_000 }, gate, { images })).toEqual({ ok: true });
    const limited = await failure(runContainerJob({ image, command: ["/bin/sh", "-c", forks], pids: 4, timeout_ms: 20_000 }, gate, { images }));
    expect(limited.code).toBe("CONTAINER_FAILED");
    expect(limited.message).toMatch(/fork|resource/i);
    expect(await code(runContainerJob({ image, command: ["/bin/sleep", "30"], timeout_ms: 500 }, gate, { images }))).toBe("CONTAINER_FAILED");
  }, 60_000);
  it("refuses images off the allowlist, non-JSON output and a missing entitlement", async () => {
    expect(await code(runContainerJob({ image: `sha256:${"0".repeat(64)}`, command: ["/bin/true"] }, gate, { images }))).toBe("CONTAINER_UNAVAILABLE");
    expect(await code(runContainerJob({ image, command: ["/bin/echo", "not json"] }, gate, { images }))).toBe("CONTAINER_FAILED");
    expect(await code(runContainerJob({ image, command: ["/bin/true"] }, new EntitlementGate(["llm"]), { images }))).toBe("ENTITLEMENT_MISSING");
    expect(await code(runContainerJob({ image, command: ["/bin/yes"] }, gate, { images, maxOutputBytes: 1000 }))).toBe("OUTPUT_TOO_LARGE");
  }, 60_000);
});
