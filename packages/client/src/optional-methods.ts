// Methods a node may not serve yet (the session-3 contracts of issue 20: logs, debug traces, actor interfaces, timer
// history). Each answers `undefined` on a node without the method, so a tool shows the section only where it exists.
import { fromHex, toHex } from "@cowboy/codec";
import type { Request } from "./transport.js";
import { optional } from "./reads.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export type BlockRef = bigint | "latest" | "finalized";

export interface LogFilter {
  readonly address?: Uint8Array | readonly Uint8Array[];
  /** Topics as text (matched as the node does). */
  readonly topics?: readonly string[];
  readonly fromBlock?: BlockRef;
  readonly toBlock?: BlockRef;
}

/** One event of a transaction or of a timer fire. */
export interface Log {
  readonly address: Uint8Array;
  /** The topic as UTF-8 text when it is valid UTF-8, else its hex. */
  readonly topic: string;
  readonly topicHex: string;
  readonly data: Uint8Array;
  readonly blockNumber: bigint;
  readonly blockHash: Uint8Array;
  readonly txHash: Uint8Array | null;
  readonly timerId: Uint8Array | null;
  readonly logIndex: number;
}

const refJson = (ref: BlockRef): number | string => (typeof ref === "bigint" ? Number(ref) : ref);

export function logFilterJson(filter: LogFilter): Record<string, unknown> {
  const address = filter.address;
  return {
    ...(address === undefined ? {} : { address: address instanceof Uint8Array ? hex(address) : address.map(hex) }),
    ...(filter.topics === undefined ? {} : { topics: [...filter.topics] }),
    ...(filter.fromBlock === undefined ? {} : { fromBlock: refJson(filter.fromBlock) }),
    ...(filter.toBlock === undefined ? {} : { toBlock: refJson(filter.toBlock) }),
  };
}

interface LogJson {
  address: string;
  topic: string;
  topicHex: string;
  data: string;
  blockNumber: number | string;
  blockHash: string;
  txHash: string | null;
  timerId: string | null;
  logIndex: number;
}

export function logFromJson(j: LogJson): Log {
  return {
    address: fromHex(j.address),
    topic: j.topic,
    topicHex: j.topicHex,
    data: fromHex(j.data),
    blockNumber: BigInt(j.blockNumber),
    blockHash: fromHex(j.blockHash),
    txHash: j.txHash === null ? null : fromHex(j.txHash),
    timerId: j.timerId === null ? null : fromHex(j.timerId),
    logIndex: j.logIndex,
  };
}

/** `cowboy_getLogs`; undefined where the node does not serve it. */
export async function getLogs(request: Request, filter: LogFilter): Promise<Log[] | undefined> {
  return (await optional(request<LogJson[]>("cowboy_getLogs", [logFilterJson(filter)])))?.map(logFromJson);
}

/** The debug trace of a transaction (outside consensus data). */
export interface Trace {
  readonly status: string;
  readonly error: { readonly type: string; readonly message: string; readonly traceback: readonly { file: string; line: number; function: string }[] } | null;
  /** What the handler print()ed. */
  readonly output: string;
}

/** `cowboy_getTrace`: null when the node has no trace of it; undefined where the node does not serve the method. */
export function getTrace(request: Request, txHash: Uint8Array): Promise<Trace | null | undefined> {
  return optional(request<Trace | null>("cowboy_getTrace", [hex(txHash)]));
}

export interface ActorInterface {
  readonly methods: readonly { readonly name: string; readonly params: readonly { name: string; default?: string }[]; readonly doc: string | null; readonly payable: boolean }[];
}

/** `cowboy_getActorInterface`: the public methods derived at deploy; undefined where not served. */
export function getActorInterface(request: Request, address: Uint8Array): Promise<ActorInterface | null | undefined> {
  return optional(request<ActorInterface | null>("cowboy_getActorInterface", [hex(address)]));
}

export interface FinishedTimer {
  readonly timerId: string;
  readonly handler: string;
  readonly reason: "insufficient_funds" | "expired" | "cancelled" | "completed" | string;
  readonly height: bigint;
}

/** `cowboy_getTimerHistory`: destroyed and finished timers; undefined where not served. */
export async function getTimerHistory(request: Request, address: Uint8Array): Promise<FinishedTimer[] | undefined> {
  const j = await optional(request<{ timerId: string; handler: string; reason: string; height: number | string }[]>("cowboy_getTimerHistory", [hex(address)]));
  return j?.map((t) => ({ timerId: t.timerId, handler: t.handler, reason: t.reason, height: BigInt(t.height) }));
}
