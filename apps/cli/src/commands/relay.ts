// `cowboy relay start` (cips/cbfs.md §6, §10): a CBFS storage relay in the foreground, HTTP on 127.0.0.1;
// with --rpc it registers at 0x0B, heartbeats and checks CapTokens against the chain. SIGINT/SIGTERM stop it.
import { resolve } from "node:path";
import { toHex } from "@cowboy/codec";
import { startRelay } from "@cowboy/relay";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import { parseKey } from "./keys.js";

const bigintOption = (value: string | undefined, option: string): bigint | undefined => {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value)) throw usageError(`${option} must be a non-negative integer, got '${value}'`);
  return BigInt(value);
};

const start: Command = {
  summary: "run a CBFS storage relay: stores verified shards, fsyncs before acknowledging, serves ranged reads",
  usage: "--key HEX32 --stake N --data DIR [--port P] [--capacity BYTES] [--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { key: { type: "string" }, stake: { type: "string" }, data: { type: "string" }, port: { type: "string" }, capacity: { type: "string" }, rpc: { type: "string" } },
      { min: 0, max: 0, names: "" },
    );
    const privateKey = parseKey(values.key, io);
    const stake = bigintOption(values.stake, "--stake");
    if (stake === undefined) throw usageError("--stake N is required");
    if (values.data === undefined) throw usageError("--data DIR is required");
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be in [0, 65535], got '${values.port}'`);
    const capacity = bigintOption(values.capacity, "--capacity");
    if (values.rpc !== undefined && !/^https?:\/\/[^\s/]+/.test(values.rpc)) throw usageError(`--rpc must be an http(s) URL, got '${values.rpc}'`);
    const relay = await startRelay({
      privateKey,
      stake,
      dataDir: resolve(values.data),
      port,
      ...(capacity === undefined ? {} : { capacity }),
      ...(values.rpc === undefined ? {} : { rpc: values.rpc, log: (line: string) => io.err(`${line}\n`) }),
    });
    io.out(`relay 0x${toHex(relay.address)} listening on ${relay.url}\n`);
    await new Promise<void>((done) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        done();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    await relay.close();
    return 0;
  },
};

export const relayCommands: CommandGroup = { summary: "CBFS storage relays", commands: { start } };
