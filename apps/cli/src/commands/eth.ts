// `cowboy eth`: the operator commands of Ethereum event subscriptions (cips/interop.md "Oracles").
import type { CowboyClient } from "@cowboy/client";
import { fromHex, toHex } from "@cowboy/codec";
import { confirmedLogs, type Cursor, httpEthRpc, type LogFilter } from "@cowboy/interop/oracle";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import { logToJson, startOracle } from "../eth-oracle.js";
import type { CliIo } from "../io.js";
import { parseAmount } from "../units.js";
import { CHAIN_OPTIONS, clientFor, parseAddress, rpcCall, SIGNER_OPTIONS, signerKey, waitQuietly } from "./chain.js";
import { bridgeCommands, oracles, subscription, subscriptions, unregister, withdraw } from "./eth-bridge.js";

const FILTER_OPTIONS = {
  "eth-rpc": { type: "string" },
  contract: { type: "string" },
  topics: { type: "string" },
  "from-block": { type: "string" },
  confirmations: { type: "string" },
} as const;

function uintOption(text: string | undefined, name: string, dflt: bigint): bigint {
  if (text === undefined) return dflt;
  if (!/^[0-9]{1,19}$/.test(text)) throw usageError(`--${name} must be a non-negative integer, got '${text}'`);
  return BigInt(text);
}

/** --topics "0x…,any,0x…": up to four 32-byte filters, `any` (or empty) for a wildcard. */
function parseTopics(text: string | undefined): (Uint8Array | null)[] {
  if (text === undefined || text === "") return [];
  const parts = text.split(",");
  if (parts.length > 4) throw usageError("--topics takes at most 4 filters");
  return parts.map((t) => {
    if (t === "any" || t === "") return null;
    if (!/^0x[0-9a-fA-F]{64}$/.test(t)) throw usageError(`--topics: each filter is 0x and 64 hex digits, or 'any'; got '${t}'`);
    return fromHex(t.slice(2).toLowerCase());
  });
}

function filterOf(values: Partial<Record<keyof typeof FILTER_OPTIONS, string>>): { url: string; filter: LogFilter } {
  const url = values["eth-rpc"];
  if (url === undefined || !/^https?:\/\/[^\s/]+/.test(url)) throw usageError("--eth-rpc URL (http or https) is required");
  return {
    url,
    filter: {
      contract: parseAddress(values.contract, "--contract"),
      topics: parseTopics(values.topics),
      fromBlock: uintOption(values["from-block"], "from-block", 0n),
      confirmations: uintOption(values.confirmations, "confirmations", 12n),
    },
  };
}

/** The filter of subscription `id` as the chain holds it. */
export async function filterFromChain(url: string | undefined, client: CowboyClient, id: Uint8Array): Promise<{ url: string; filter: LogFilter }> {
  if (url === undefined || !/^https?:\/\/[^\s/]+/.test(url)) throw usageError("--eth-rpc URL (http or https) is required");
  const sub = await rpcCall(client.getEthSubscription(id));
  if (sub === undefined) throw usageError("the node does not serve cowboy_getEthSubscription: give --contract (and --topics, --from-block, --confirmations)");
  if (sub === null) throw usageError(`no subscription 0x${toHex(id)} on this chain`);
  return { url, filter: { contract: sub.contract, topics: sub.topics, fromBlock: sub.fromBlock, confirmations: sub.confirmations } };
}

const waitForSignal = (): Promise<void> => new Promise((resolve) => process.once("SIGINT", () => resolve()));

const watch: Command = {
  summary: "print an Ethereum contract's logs once they are --confirmations deep, one JSON line each (--once: one pass)",
  usage: "--eth-rpc URL --contract ADDR [--topics T0,T1|any,…] [--from-block N] [--confirmations N] [--once]",
  async run(args, io: CliIo) {
    const { values } = parseCommandArgs(args, { ...FILTER_OPTIONS, once: { type: "boolean" } }, { min: 0, max: 0, names: "" });
    const { url, filter } = filterOf(values);
    const rpc = httpEthRpc(url);
    let cursor: Cursor | null = null;
    let stopped = values.once === true;
    if (!stopped) void waitForSignal().then(() => (stopped = true));
    do {
      for (const log of await confirmedLogs(rpc, filter, cursor)) {
        io.out(`${JSON.stringify(logToJson(log))}\n`);
        cursor = { block: log.blockNumber, logIndex: log.logIndex };
      }
      if (!stopped) await new Promise((r) => setTimeout(r, 1000));
    } while (!stopped);
    return 0;
  },
};

const register: Command = {
  summary: "register the signer as an EventListener oracle, locking --stake at 0x14",
  usage: "--stake N[cby] [--key HEX32 | --from NAME|ADDR | COWBOY_KEY] [--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { ...CHAIN_OPTIONS, ...SIGNER_OPTIONS, stake: { type: "string" } }, { min: 0, max: 0, names: "" });
    if (values.stake === undefined) throw usageError("missing --stake");
    const client = clientFor(values.rpc, io);
    const stake = parseAmount(values.stake, "--stake");
    const tx = await rpcCall(client.sendTransaction({ privateKey: await signerKey(values, io), instruction: { type: "eth_register_oracle", stake } }));
    const receipt = await waitQuietly(client, tx.digest(), io, values.json);
    const reason = receipt.status === 0 ? "" : new TextDecoder().decode(receipt.return_data);
    io.out(
      values.json
        ? `${JSON.stringify({ hash: `0x${toHex(tx.digest())}`, status: receipt.status === 0 ? "success" : "reverted", reason })}\n`
        : `0x${toHex(tx.digest())}\n${receipt.status === 0 ? "success" : `reverted: ${reason}`}\n`,
    );
    return receipt.status === 0 ? 0 : 1;
  },
};

const start: Command = {
  summary: "run an oracle: report a subscription's confirmed Ethereum logs to Cowboy, resuming from --state after a restart",
  usage: "--subscription ID --state FILE --eth-rpc URL [--contract ADDR [--topics …] [--from-block N] [--confirmations N]] [signer] [--rpc URL]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { ...FILTER_OPTIONS, ...SIGNER_OPTIONS, rpc: { type: "string" }, subscription: { type: "string" }, state: { type: "string" } },
      { min: 0, max: 0, names: "" },
    );
    if (values.subscription === undefined || !/^0x[0-9a-fA-F]{64}$/.test(values.subscription)) throw usageError("--subscription must be the 32-byte id (0x and 64 hex digits)");
    if (values.state === undefined) throw usageError("missing --state FILE (where the oracle keeps its cursor)");
    const subscriptionId = fromHex(values.subscription.slice(2).toLowerCase());
    const client = clientFor(values.rpc, io);
    // Without --contract the filter is the subscription's own, read from the node (cowboy_getEthSubscription).
    const { url, filter } = values.contract === undefined ? await filterFromChain(values["eth-rpc"], client, subscriptionId) : filterOf(values);
    const oracle = startOracle({
      eth: httpEthRpc(url),
      client,
      privateKey: await signerKey(values, io),
      subscriptionId,
      filter,
      stateFile: values.state,
      onReport: (log, status) => io.out(`${JSON.stringify({ ...logToJson(log), status })}\n`),
      onError: (e) => io.err(`error: ${(e as Error).message}\n`),
    });
    await waitForSignal();
    await oracle.stop();
    return 0;
  },
};

export const ethCommands: CommandGroup = {
  summary: "Ethereum interop: watch a contract's logs, run an EventListener oracle, list subscriptions, bridge wrapped assets",
  commands: {
    watch,
    subscriptions,
    subscription,
    oracles,
    oracle: { summary: "EventListener oracle operation", commands: { register, start, unregister, withdraw } },
    bridge: bridgeCommands,
  },
};
