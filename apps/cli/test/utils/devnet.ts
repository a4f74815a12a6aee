// An in-process devnet for CLI e2e tests: a real node (lmdb in a temporary directory, RPC on a free loopback port,
// 100 ms blocks, logs silenced), started before the file's tests and closed (its directory removed) after them,
// and `cli(argv)` running one `cowboy` command against it in memory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, devnetGenesis, startNode, type NodeOptions, type RunningNode } from "@cowboy/node";
import { afterAll, beforeAll } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "./memory-io.js";

export interface CliRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly files: Record<string, Uint8Array | string>;
}

export interface TestDevnet {
  /** The running node; defined inside the file's tests. */
  readonly node: RunningNode;
  /** Runs `cowboy ARGV --rpc URL` against the node, with `files` as the in-memory file system. */
  cli(argv: string[], files?: Record<string, Uint8Array | string>): Promise<CliRun>;
}

/** Registers beforeAll/afterAll hooks that start and stop a devnet node; `name` names the temporary directory, `overrides` change its parameters. */
export function useTestDevnet(name: string, overrides: Partial<Pick<NodeOptions, "rent">> = {}): TestDevnet {
  const dir = mkdtempSync(join(tmpdir(), `cowboy-cli-${name}-`));
  let running: RunningNode | undefined;
  beforeAll(async () => {
    running = await startNode({
      dataDir: dir,
      genesis: devnetGenesis(),
      blockTimeMs: 100,
      rpcHost: "127.0.0.1",
      rpcPort: 0,
      reset: true,
      logger: createLogger({ level: "error", format: "text", write: () => {} }),
      ...overrides,
    });
  });
  afterAll(async () => {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const node = (): RunningNode => {
    if (running === undefined) throw new Error("the test devnet is not running (use it inside a test)");
    return running;
  };
  return {
    get node() {
      return node();
    },
    async cli(argv, files = {}) {
      const io = memoryIo({ files });
      const status = await runCommand(cowboy, [...argv, "--rpc", node().rpcUrl], io);
      return { status, stdout: io.stdout.join(""), stderr: io.stderr.join(""), files: io.files };
    },
  };
}
