// `cowboy faucet ADDR [--amount N|2.5cby]`: the devnet's faucet (RPC `cowboy_faucet`, dev account 0 pays).
import { toHex } from "@cowboy/codec";
import { receiptStatusName } from "@cowboy/types";
import { parseCommandArgs, type Command } from "../command.js";
import { EXIT_FAILURE } from "../errors.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, waitQuietly } from "./chain.js";

export const faucet: Command = {
  summary: "devnet only: have dev account 0 send ADDR an amount (default 100 CBY); waits and prints the tx hash and status",
  usage: "ADDR [--amount N|2.5cby] [--no-wait] [--rpc URL] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...CHAIN_OPTIONS, amount: { type: "string" }, "no-wait": { type: "boolean" } }, { min: 1, max: 1, names: "ADDR" });
    const to = parseAddress(positionals[0], "ADDR");
    const amount = values.amount === undefined ? undefined : parseAmount(values.amount, "--amount");
    const client = clientFor(values.rpc, io);
    const digest = await rpcCall(client.faucet(to, amount));
    const hash = `0x${toHex(digest)}`;
    if (values["no-wait"]) {
      io.out(values.json ? `${JSON.stringify({ hash, status: "pending" })}\n` : `${hash}\npending\n`);
      return 0;
    }
    const status = receiptStatusName((await waitQuietly(client, digest, io, values.json)).status);
    io.out(values.json ? `${JSON.stringify({ hash, status })}\n` : `${hash}\n${status}\n`);
    return status === "success" ? 0 : EXIT_FAILURE;
  },
};
