import { launchTestnet, NodeUsageError, NODE_USAGE, parseNodeArgs, runNode, stopSignal } from "@cowboy/node";
import type { Command } from "../command.js";
import { parseCommandArgs } from "../command.js";
import { usageError } from "../errors.js";

const integer = (value: string | undefined, fallback: number, option: string, min: number, max: number): number => {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) throw usageError(`${option} must be an integer in [${min}, ${max}], got '${value}'`);
  return Number(value);
};

/** `cowboy testnet`: N validators on loopback, in the foreground. */
export const testnet: Command = {
  summary: "start a local multi-validator testnet (one cowboyd per validator; Ctrl-C stops them all)",
  usage: "--validators N [--data DIR] [--rpc-port P] [--block-time MS] [--reset]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { validators: { type: "string" }, data: { type: "string" }, "rpc-port": { type: "string" }, "block-time": { type: "string" }, reset: { type: "boolean" } },
      { min: 0, max: 0, names: "" },
    );
    if (values.validators === undefined) throw usageError("--validators N is required (e.g. --validators 4)");
    let running: ReturnType<typeof launchTestnet>;
    try {
      running = launchTestnet(
        {
          dir: values.data ?? ".cowboy/testnet",
          validators: integer(values.validators, 4, "--validators", 1, 32),
          rpcPort: integer(values["rpc-port"], 8545, "--rpc-port", 1, 65535),
          blockTimeMs: integer(values["block-time"], 1000, "--block-time", 1, 3_600_000),
          reset: values.reset ?? false,
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
  usage: NODE_USAGE.split("\n")
    .slice(2)
    .join("\n")
    .replace(/^Usage: cowboyd \[options\]\n*/, "[options]  (as cowboyd)\n"),
  async run(args, io) {
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
    const running = await runNode(options, io.out, io.err);
    await stopSignal();
    await running.close();
    return 0;
  },
};
