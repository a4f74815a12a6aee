// Runs a testnet in the foreground: one cowboyd process per validator (each with its own data
// directory, log file and pid file), a table of what is where, and on Ctrl-C / SIGTERM every child
// stopped by pid before it returns.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatCby } from "@cowboy/types";
import { toHex } from "@cowboy/codec";
import { devAccounts } from "../chain/genesis.js";
import { NodeUsageError } from "../errors.js";
import { createTestnet, nodeDir, readTestnet, resetTestnet, type TestnetLayout } from "./setup.js";

export interface LaunchOptions {
  readonly dir: string;
  readonly validators: number;
  readonly rpcPort: number;
  readonly blockTimeMs: number;
  readonly reset: boolean;
  /** A new testnet runs with staking and epochs of this many blocks (an existing one keeps its genesis). */
  readonly stakingEpoch?: number;
  /** With staking: the downtime window in blocks (default 10 epochs). */
  readonly downtimeWindow?: number;
  /** Extra cowboyd flags for every node (e.g. --log-level debug). */
  readonly nodeArgs?: readonly string[];
  /** Extra cowboyd flags for node i alone (tests: `--double-sign` on one validator). */
  readonly nodeArgsOf?: (i: number) => readonly string[];
}

export interface RunningTestnet {
  readonly layout: TestnetLayout;
  readonly pids: readonly number[];
  /** Resolves when every node has exited. */
  readonly exited: Promise<void>;
  /** SIGTERM to every node, then SIGKILL to any still alive after `graceMs`; resolves when all are gone. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The command that starts cowboyd: the built `dist/main.js` (or, in the CLI's bundle,
 * `dist/cowboyd.js`) beside this file, or the TypeScript
 * sources through tsx when running from the repository.
 */
export function cowboydCommand(): { command: string; args: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) {
    const main = resolve(here, "../../main.ts");
    return { command: process.execPath, args: ["--import", "tsx", "--conditions=@cowboy/source", main] };
  }
  // Bundled into the CLI (apps/cli/dist), main.js is the CLI and cowboyd is its own entry beside it.
  const bundled = resolve(here, "../cowboyd.js");
  return { command: process.execPath, args: [existsSync(bundled) ? bundled : resolve(here, "../main.js")] };
}

/** Creates (or reuses) the testnet in `options.dir` and starts its nodes; `out` gets the table. */
export function launchTestnet(options: LaunchOptions, out: (text: string) => void): RunningTestnet {
  const dir = resolve(options.dir);
  if (options.reset) resetTestnet(dir);
  let layout = readTestnet(dir);
  if (layout !== undefined && layout.validators !== options.validators) {
    throw new NodeUsageError(`${dir} holds a ${layout.validators}-validator testnet; pass --validators ${layout.validators}, --reset, or another --data`);
  }
  if (layout === undefined) {
    if (existsSync(dir) && existsSync(join(dir, "node-0"))) throw new NodeUsageError(`${dir} holds nodes but no testnet.json; pass --reset`);
    layout = createTestnet({
      dir,
      validators: options.validators,
      rpcPort: options.rpcPort,
      blockTimeMs: options.blockTimeMs,
      entropy: new Uint8Array(randomBytes(32)),
      timestampMs: BigInt(Date.now()),
      ...(options.stakingEpoch === undefined ? {} : { stakingEpoch: BigInt(options.stakingEpoch) }),
      ...(options.downtimeWindow === undefined ? {} : { downtimeWindow: BigInt(options.downtimeWindow) }),
    });
  }
  const { command, args } = cowboydCommand();
  const children: ChildProcess[] = [];
  for (let i = 0; i < layout.validators; i++) {
    const home = nodeDir(dir, i);
    const log = openSync(join(home, "node.log"), "a");
    const flags = ["--data", home, ...(options.nodeArgs ?? []), ...(options.nodeArgsOf?.(i) ?? [])];
    // Ports and block time given on this command line override the stored ones, as for cowboyd.
    if (options.rpcPort !== layout.rpcPort) flags.push("--rpc-port", String(options.rpcPort + i), "--p2p-port", String(options.rpcPort + i));
    if (options.blockTimeMs !== layout.blockTimeMs) flags.push("--block-time", String(options.blockTimeMs));
    const child = spawn(command, [...args, ...flags], { stdio: ["ignore", log, log] });
    closeSync(log);
    if (child.pid !== undefined) writeFileSync(join(home, "node.pid"), `${child.pid}\n`);
    children.push(child);
  }
  const exited = Promise.all(children.map((c) => (c.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once("exit", () => r()))))).then(() => undefined);
  out(table(layout, options.rpcPort, children));
  return {
    layout,
    pids: children.map((c) => c.pid ?? -1),
    exited,
    async stop(graceMs = 10_000) {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
      const timer = setTimeout(() => {
        for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

function table(layout: TestnetLayout, rpcPort: number, children: readonly ChildProcess[]): string {
  const lines = [
    "",
    `Cowboy testnet: ${layout.validators} validator${layout.validators === 1 ? "" : "s"} in ${layout.dir} (chain id ${layout.chainId}, block time ${layout.blockTimeMs} ms)`,
    "",
    "  node  pid      JSON-RPC                  p2p (QUIC/UDP)     validator",
  ];
  for (let i = 0; i < layout.validators; i++) {
    const port = rpcPort + i;
    lines.push(
      `  ${String(i).padEnd(4)}  ${String(children[i]?.pid ?? "-").padEnd(7)}  ${`http://127.0.0.1:${port}`.padEnd(24)}  ${`127.0.0.1:${port}`.padEnd(17)}  ${layout.addresses[i]}`,
    );
  }
  lines.push("", "Dev accounts (testnet only: these keys are public):", "");
  devAccounts().forEach((a, i) => {
    lines.push(`  (${i}) 0x${toHex(a.address)}  ${formatCby(a.balance)} CBY`);
    lines.push(`      key 0x${toHex(a.privateKey)}`);
  });
  lines.push(
    "",
    `Logs: ${join(layout.dir, "node-<i>", "node.log")}; pids: ${join(layout.dir, "node-<i>", "node.pid")}.`,
    `Restart one node: cowboyd --data ${join(layout.dir, "node-<i>")}. Ctrl-C stops them all.`,
    "",
  );
  return `${lines.join("\n")}\n`;
}
