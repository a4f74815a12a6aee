// The `logs` namespace (apps/node/README.md "Logs, traces and timer history"): events of
// transactions and timer fires from the node's observation index, by emitter, topic, block range
// and timer; the same filter serves `cowboy_subscribe("logs", filter)`.
import { z } from "zod";
import { MAX_LOG_RANGE, matchesLog, type LogEntry, type LogFilter } from "../../index-store/observations.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { address, hash32 } from "./params.js";

const blockRef = z.union([z.literal("latest"), z.literal("finalized"), z.number().int().min(0), z.string().regex(/^(0|[1-9][0-9]{0,19})$/, "expected a block number")]);

/** The filter of cowboy_getLogs and of the "logs" subscription (the cross-helper contract). */
export const logFilterSchema = z.strictObject({
  address: z.union([address, z.array(address).max(100)]).optional(),
  topics: z.array(z.string().max(600)).max(100).optional(),
  fromBlock: blockRef.optional(),
  toBlock: blockRef.optional(),
  timerId: hash32.optional(),
});
export type LogFilterJson = z.output<typeof logFilterSchema>;

/** The match part of a filter (emitters, topics, timer). */
export function matchOf(json: LogFilterJson): LogFilter {
  return {
    ...(json.address === undefined ? {} : { addresses: Array.isArray(json.address) ? json.address : [json.address] }),
    ...(json.topics === undefined ? {} : { topics: json.topics }),
    ...(json.timerId === undefined ? {} : { timerId: json.timerId }),
  };
}

/** A subscription's matcher over published log entries; RpcError on a bad filter. */
export function logSubscriptionFilter(raw: unknown): (value: unknown) => boolean {
  const parsed = logFilterSchema.optional().safeParse(raw);
  if (!parsed.success) throw new RpcError(RpcErrorCode.InvalidParams, `invalid filter: ${parsed.error.issues[0]?.message ?? "malformed"}`);
  const json = parsed.data ?? {};
  const match = matchOf(json);
  const from = typeof json.fromBlock === "number" || (typeof json.fromBlock === "string" && /^\d/.test(json.fromBlock)) ? Number(json.fromBlock) : 0;
  const to = typeof json.toBlock === "number" || (typeof json.toBlock === "string" && /^\d/.test(json.toBlock)) ? Number(json.toBlock) : Number.POSITIVE_INFINITY;
  return (value) => {
    const log = value as LogEntry;
    return log.blockNumber >= from && log.blockNumber <= to && matchesLog(log, match);
  };
}

export function logMethods({ chain, observations }: NodeContext): RpcMethod[] {
  const heightOf = (ref: LogFilterJson["fromBlock"], fallback: bigint): bigint => {
    if (ref === undefined) return fallback;
    if (ref === "latest" || ref === "finalized") return chain.head.height;
    return BigInt(ref);
  };
  return [
    defineMethod({
      name: "cowboy_getLogs",
      summary: `events of transactions and timer fires in a block range (default: the head only; at most ${MAX_LOG_RANGE} blocks), filtered by emitter address(es), topic(s) as text or 0x hex, and timerId`,
      params: [["filter", logFilterSchema.optional()]],
      handler: ([filter]) => {
        if (observations === undefined) throw new RpcError(RpcErrorCode.Unavailable, "this node keeps no observation index");
        const json = filter ?? {};
        const head = chain.head.height;
        const to = heightOf(json.toBlock, head);
        const from = heightOf(json.fromBlock, json.toBlock === undefined ? head : to);
        const last = to > head ? head : to;
        if (from > last) return [];
        if (last - from + 1n > BigInt(MAX_LOG_RANGE)) throw new RpcError(RpcErrorCode.LimitExceeded, `a block range of at most ${MAX_LOG_RANGE} blocks`);
        return observations.logs(from, last, matchOf(json));
      },
    }),
  ];
}
