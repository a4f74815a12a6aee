// `cowboy proxy start` (issue 23, cips/cbss.md §8): a CBSS proxy in the foreground — registers at 0x04 if
// needed, takes its share when a committee names it, serves releases on 127.0.0.1; SIGINT/SIGTERM stop it.
import { resolve } from "node:path";
import { toHex } from "@cowboy/codec";
import { startProxy } from "@cowboy/proxy";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import { parseAmount } from "../units.js";
import { DEFAULT_RPC } from "./chain.js";
import { parseKey } from "./keys.js";

const start: Command = {
  summary: "run a CBSS proxy: stake at 0x04, hold one key share (encrypted at rest), release shares sealed to the runner a job's policy allows",
  usage: "--key HEX32 --stake N[cby] [--data DIR] [--port P] [--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { key: { type: "string" }, stake: { type: "string" }, data: { type: "string" }, port: { type: "string" }, rpc: { type: "string" } },
      { min: 0, max: 0, names: "" },
    );
    const privateKey = parseKey(values.key, io);
    if (values.stake === undefined) throw usageError("--stake N is required");
    const stake = parseAmount(values.stake, "--stake");
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be in [0, 65535], got '${values.port}'`);
    const rpc = values.rpc ?? io.env.COWBOY_RPC ?? DEFAULT_RPC;
    const dataDir = resolve(values.data ?? "cbss-proxy");
    const proxy = await startProxy({ privateKey, stake, rpc, dataDir, port, log: (line) => io.err(`${line}\n`) });
    io.out(`proxy 0x${toHex(proxy.address)} listening on ${proxy.url}\n`);
    await new Promise<void>((done) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        done();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    await proxy.close();
    return 0;
  },
};

export const proxyCommands: CommandGroup = { summary: "CBSS proxies (threshold secret release)", commands: { start } };
