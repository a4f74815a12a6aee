import { toHex } from "@cowboy/codec";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CliError, usageError } from "../errors.js";
import { formatCby } from "../units.js";

const start: Command = {
  summary: "start a single-node devnet in the foreground (Ctrl-C stops it; state persists in --data)",
  usage:
    "[--port P] [--data DIR] [--block-time MS] [--reset] [--genesis FILE] [--log-level LEVEL] [--interpreters N] [--staking-epoch N] [--tee-enclave MEASUREMENT:KEY]… [--container-image REF@sha256:…]…",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      {
        port: { type: "string" },
        data: { type: "string" },
        "block-time": { type: "string" },
        reset: { type: "boolean" },
        genesis: { type: "string" },
        "log-level": { type: "string" },
        interpreters: { type: "string" },
        "staking-epoch": { type: "string" },
        "tee-enclave": { type: "string", multiple: true },
        "container-image": { type: "string", multiple: true },
      },
      { min: 0, max: 0, names: "" },
    );
    const argv: string[] = [];
    if (values.port !== undefined) argv.push("--rpc-port", values.port);
    if (values.data !== undefined) argv.push("--data", values.data);
    if (values["block-time"] !== undefined) argv.push("--block-time", values["block-time"]);
    if (values.genesis !== undefined) argv.push("--genesis", values.genesis);
    if (values["log-level"] !== undefined) argv.push("--log-level", values["log-level"]);
    if (values.interpreters !== undefined) argv.push("--interpreters", values.interpreters);
    if (values["staking-epoch"] !== undefined) argv.push("--staking-epoch", values["staking-epoch"]);
    // parseArgs gives string[] for `multiple` options (the CLI's value type does not model that).
    for (const e of (values["tee-enclave"] ?? []) as unknown as string[]) argv.push("--tee-enclave", e);
    for (const r of (values["container-image"] ?? []) as unknown as string[]) argv.push("--container-image", r);
    if (values.reset) argv.push("--reset");
    // The node is loaded only by the commands that run one (a chunk of its own in the built CLI).
    const { NodeStartError, NodeUsageError, parseNodeArgs, runNode, stopSignal } = await import("@cowboy/node");
    let options: NonNullable<ReturnType<typeof parseNodeArgs>>;
    try {
      options = parseNodeArgs(argv, process.cwd())!;
    } catch (error) {
      if (error instanceof NodeUsageError) throw usageError(error.message.replace("--rpc-port", "--port"));
      throw error;
    }
    // A locked data directory or a busy port: one line, nothing left open.
    const node = await runNode(options, io.out, io.err).catch((error: unknown) => {
      throw error instanceof NodeStartError ? new CliError(error.message) : error;
    });
    await stopSignal();
    await node.close();
    return 0;
  },
};

const accounts: Command = {
  summary: "print the devnet's funded dev accounts (address, private key, balance)",
  usage: "[--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { json: { type: "boolean" } }, { min: 0, max: 0, names: "" });
    const { devAccounts, devAccountsToJson } = await import("@cowboy/node");
    const list = devAccounts();
    if (values.json) {
      io.out(`${JSON.stringify(devAccountsToJson(list))}\n`);
    } else {
      for (const a of list) io.out(`0x${toHex(a.address)} 0x${toHex(a.privateKey)} ${formatCby(a.balance)} CBY\n`);
    }
    return 0;
  },
};

/** `cowboy devnet` runs the node; `cowboy devnet accounts` lists its keys. */
export const devnetCommands: CommandGroup & { default: Command } = {
  summary: "a one-command local devnet",
  default: start,
  commands: { start, accounts },
};
