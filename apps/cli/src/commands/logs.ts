// `cowboy logs` (issue 20, "Events"): events of transactions and timer fires from cowboy_getLogs,
// filtered by emitter, topic, block range and timer, each printed with its data decoded.
import { cborJsonOf, fromHex } from "@cowboy/codec";
import { parseCommandArgs, type Command } from "../command.js";
import type { LogEntry } from "@cowboy/node";
import { usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import { CHAIN_OPTIONS, clientFor, rpcCall } from "./chain.js";

/** One entry of cowboy_getLogs: the node's own form (type only: the node is not loaded). */
export type LogJson = LogEntry;

/** An event's data as text: its canonical value as JSON when it is one, else the hex. */
export function decodeLogData(data: string): string {
  if (data === "0x") return "-";
  return cborJsonOf(fromHex(data)) ?? data;
}

/** One line per event: height, source (tx or timer), emitter, topic, decoded data. */
export function formatLog(log: LogJson): string {
  // Neither: a block step's event (rent notices, governance transitions).
  const source = log.txHash !== null ? `tx ${log.txHash}` : log.timerId !== null ? `timer ${log.timerId}` : "block step";
  return `${log.blockNumber}#${log.logIndex}  ${log.address}  ${log.topic}  ${decodeLogData(log.data)}  (${source})\n`;
}

function blockArg(text: string | undefined, name: string): number | "latest" | undefined {
  if (text === undefined) return undefined;
  if (text === "latest") return "latest";
  if (!/^(0|[1-9][0-9]{0,15})$/.test(text)) throw usageError(`${name} must be a block number or 'latest', got '${text}'`);
  return Number(text);
}

const list = (text: string | undefined): string[] | undefined => (text === undefined ? undefined : text.split(",").map((s) => s.trim()));

export async function printLogs(io: CliIo, rpc: string | undefined, filter: Record<string, unknown>, json: boolean | undefined): Promise<number> {
  const logs = await rpcCall(clientFor(rpc, io).request<LogJson[]>("cowboy_getLogs", [filter]));
  if (json) {
    const decoded = (data: string): unknown => {
      const text = cborJsonOf(fromHex(data));
      return text === null ? null : (JSON.parse(text) as unknown);
    };
    io.out(`${JSON.stringify(logs.map((l) => ({ ...l, decoded: decoded(l.data) })))}\n`);
    return 0;
  }
  if (logs.length === 0) io.out("no events\n");
  for (const log of logs) io.out(formatLog(log));
  return 0;
}

export const logs: Command = {
  summary: "print events of transactions and timer fires (default: the head block), decoded; filters by emitter, topic, block range, timer",
  usage: "[--address A[,A2]] [--topic T[,T2]] [--from N] [--to N|latest] [--timer ID] [--rpc URL] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { ...CHAIN_OPTIONS, address: { type: "string" }, topic: { type: "string" }, from: { type: "string" }, to: { type: "string" }, timer: { type: "string" } },
      { min: 0, max: 0, names: "" },
    );
    const addresses = list(values.address)?.map((a) => {
      if (!/^0x[0-9a-fA-F]{40}$/.test(a)) throw usageError(`--address must be 0x-prefixed 20-byte hex, got '${a}'`);
      return a.toLowerCase();
    });
    if (values.timer !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(values.timer)) throw usageError("--timer must be a 0x-prefixed 32-byte timer id");
    const from = blockArg(values.from, "--from");
    const to = blockArg(values.to, "--to");
    const filter = {
      ...(addresses === undefined ? {} : { address: addresses }),
      ...(values.topic === undefined ? {} : { topics: list(values.topic) }),
      ...(from === undefined ? {} : { fromBlock: from }),
      ...(to === undefined ? (from === undefined ? {} : { toBlock: "latest" }) : { toBlock: to }),
      ...(values.timer === undefined ? {} : { timerId: values.timer.toLowerCase() }),
    };
    return printLogs(io, values.rpc, filter, values.json);
  },
};
