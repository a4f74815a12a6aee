import type { Command } from "../command.js";
import { parseCommandArgs } from "../command.js";
import { CliError, usageError } from "../errors.js";

const integer = (value: string | undefined, fallback: number, option: string, min: number, max: number): number => {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) throw usageError(`${option} must be an integer in [${min}, ${max}], got '${value}'`);
  return Number(value);
};

/** `cowboy testnet`: N validators on loopback, in the foreground. */
export const testnet: Command = {
  summary: "start a local multi-validator testnet (one cowboyd per validator; Ctrl-C stops them all)",
  usage: "--validators N [--data DIR] [--rpc-port P] [--block-time MS] [--staking-epoch N [--downtime-window BLOCKS]] [--reset]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      {
        validators: { type: "string" },
        data: { type: "string" },
        "rpc-port": { type: "string" },
        "block-time": { type: "string" },
        "staking-epoch": { type: "string" },
        "downtime-window": { type: "string" },
        reset: { type: "boolean" },
      },
      { min: 0, max: 0, names: "" },
    );
    if (values.validators === undefined) throw usageError("--validators N is required (e.g. --validators 4)");
    // The node is loaded only by the commands that run one (a chunk of its own in the built CLI).
    const { launchTestnet, NodeUsageError, stopSignal } = await import("@cowboy/node");
    let running: ReturnType<typeof launchTestnet>;
    try {
      running = launchTestnet(
        {
          dir: values.data ?? ".cowboy/testnet",
          validators: integer(values.validators, 4, "--validators", 1, 32),
          rpcPort: integer(values["rpc-port"], 8545, "--rpc-port", 1, 65535),
          blockTimeMs: integer(values["block-time"], 1000, "--block-time", 1, 3_600_000),
          reset: values.reset ?? false,
          ...(values["staking-epoch"] === undefined ? {} : { stakingEpoch: integer(values["staking-epoch"], 0, "--staking-epoch", 1, 1_000_000) }),
          ...(values["downtime-window"] === undefined ? {} : { downtimeWindow: integer(values["downtime-window"], 0, "--downtime-window", 1, 1_000_000_000) }),
        },
        io.out,
      );
    } catch (error) {
      if (error instanceof NodeUsageError) throw usageError(error.message);
      throw error;
    }
    const signalled = stopSignal();
    const outcome = await Promise.race([signalled.then(() => "signal" as const), running.exited.then(() => "exited" as const)]);
    if (outcome === "exited") {
      io.err("every node has exited; see DIR/node-<i>/node.log\n");
      return 1;
    }
    io.err("stopping the testnet…\n");
    await running.stop();
    return 0;
  },
};

/** `cowboy node`: cowboyd itself (e.g. `cowboy node --data .cowboy/testnet/node-2` restarts one testnet node). */
export const node: Command = {
  summary: "run one node (cowboyd) in the foreground; --data DIR/node-i restarts a testnet node from its stored configuration",
  usage: "[cowboyd options: --data DIR --rpc-port PORT --p2p-port PORT --block-time MS …]",
  async help() {
    const { NODE_USAGE } = await import("@cowboy/node");
    return NODE_USAGE.replace("Usage: cowboyd [options]", "Usage: cowboy node [options]   (the same as cowboyd)");
  },
  async run(args, io) {
    const { NodeStartError, NodeUsageError, NODE_USAGE, parseNodeArgs, runNode, stopSignal } = await import("@cowboy/node");
    let options: NonNullable<ReturnType<typeof parseNodeArgs>> | undefined;
    try {
      options = parseNodeArgs(args, process.cwd());
    } catch (error) {
      if (error instanceof NodeUsageError) throw usageError(error.message);
      throw error;
    }
    if (options === undefined) {
      io.out(NODE_USAGE);
      return 0;
    }
    // A locked data directory or a busy port: one line, nothing left open.
    const running = await runNode(options, io.out, io.err).catch((error: unknown) => {
      throw error instanceof NodeStartError ? new CliError(error.message) : error;
    });
    await stopSignal();
    await running.close();
    return 0;
  },
};
