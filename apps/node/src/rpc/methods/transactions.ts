// The `transactions` namespace: submission, lookup, receipts, fee estimation, simulation before
// sending (issue 20) and the pool's size.
import { CodecError, fromHex } from "@cowboy/codec";
import { intrinsicCosts, nextBlockBasefees } from "@cowboy/execution";
import { blockCycleCapacity, DEFAULT_TIP_PERCENTILE, estimateFees } from "@cowboy/fee-market";
import { TransactionError, createTransaction, createTransactionFromBytes, receiptToJson, transactionFromJson, transactionToJson, type Transaction } from "@cowboy/types";
import { z } from "zod";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import { simulateTransaction, type Simulation } from "../../query/simulate.js";
import { admit, notFound, readOnly, type NodeContext } from "./context.js";
import { hex } from "./json.js";
import { hash32, rawTransaction } from "./params.js";
import { RecentTips } from "../../chain/recent-tips.js";
import type { DropReason } from "../../mempool/drops.js";

/** Blocks of recent tips that fee estimation offers a percentile of. */
const TIP_HISTORY_BLOCKS = 20;

/** snake_case keys and decimal strings: the JSON form of a FeeEstimate. */
function estimateJson(estimate: object): Record<string, string> {
  return Object.fromEntries(Object.entries(estimate).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), String(v)]));
}

/** The JSON form of a drop reason. */
function dropJson(reason: DropReason) {
  return { code: reason.code, message: reason.message, ...(reason.rejection === undefined ? {} : { rejection: reason.rejection }), dropped_at_ms: reason.atMs };
}

/** A transaction's JSON form (signature ignored) as a Transaction, or InvalidParams. */
function parseTransactionJson(json: unknown): Transaction {
  try {
    return transactionFromJson(json);
  } catch (error) {
    if (error instanceof TransactionError || error instanceof CodecError) throw new RpcError(RpcErrorCode.InvalidParams, `invalid transaction: ${error.message}`);
    throw error;
  }
}

export function transactionMethods(ctx: NodeContext): RpcMethod[] {
  const { chain, mempool } = ctx;
  // Only blocks at or below the committed head exist for the RPC (a crash can leave one above it).
  const located = (txHash: Uint8Array) => {
    const location = chain.blocks.txLocation(txHash);
    return location === undefined || location.height > chain.head.height ? undefined : location;
  };
  const tips = new RecentTips(chain.blocks);
  /** Suggested limits and fees for a use of `cycles`/`cells` at the head (fee-market's estimateFees, its 20% margin). */
  const feesFor = (usage: { cycles: bigint; cells: bigint }, blocks: number | undefined) => {
    const head = chain.head;
    const basefees = nextBlockBasefees(head, chain.params);
    // The median recent tip, computed once per head (fee-market's percentile rule, on cached receipts).
    const tip = tips.percentile(head, TIP_HISTORY_BLOCKS, DEFAULT_TIP_PERCENTILE);
    const input = { ...usage, basefees, tip: { kind: "fixed" as const, cycle: tip, cell: tip }, ...(blocks === undefined ? {} : { blocks }) };
    return estimateJson(estimateFees(input, chain.params.feeMarket));
  };
  /** `tx` (and its JSON form) run whole on a fork of the head, in the query worker when there is one (simulate.ts). */
  const simulate = (json: unknown, tx: Transaction): Promise<Simulation> => {
    const head = chain.head;
    const cap = ctx.queries?.maxCycles ?? blockCycleCapacity(chain.params.feeMarket);
    const txLimits = chain.params.txLimits;
    const limits = { maxCycles: cap < txLimits.maxCyclesLimit ? cap : txLimits.maxCyclesLimit, maxCells: txLimits.maxCellsLimit };
    return readOnly(
      ctx,
      (work) => work.simulate(head, json, limits),
      (env) => simulateTransaction(env, tx, limits),
    );
  };
  return [
    defineMethod({
      name: "cowboy_getTransaction",
      summary: "a transaction by hash, with where it was included (or status pending, or dropped with the reason it left the pool)",
      params: [["hash", hash32]],
      handler: ([h]) => {
        const txHash = fromHex(h);
        const location = located(txHash);
        if (location === undefined) {
          const pending = mempool.get(txHash);
          if (pending !== undefined) return { hash: h, status: "pending", transaction: transactionToJson(pending) };
          const dropped = mempool.dropped(txHash) ?? notFound(`transaction ${h}`);
          return { hash: h, status: "dropped", reason: dropJson(dropped.reason), transaction: transactionToJson(dropped.tx) };
        }
        const block = chain.blocks.blockByHash(location.blockHash)!;
        return {
          hash: h,
          status: "included",
          block_hash: hex(location.blockHash),
          height: location.height.toString(),
          index: location.index,
          transaction: transactionToJson(block.transactions[location.index]!),
        };
      },
    }),
    defineMethod({
      name: "cowboy_getReceipt",
      summary: "the receipt of an included transaction, null while it is pending, error -32004 with the reason when it was dropped",
      params: [["hash", hash32]],
      handler: ([h]) => {
        const location = located(fromHex(h));
        if (location === undefined) {
          if (mempool.has(fromHex(h))) return null;
          const dropped = mempool.dropReason(fromHex(h)) ?? notFound(`transaction ${h}`);
          throw new RpcError(RpcErrorCode.TransactionDropped, `transaction ${h} was dropped: ${dropped.code}: ${dropped.message}`, dropJson(dropped));
        }
        const receipt = chain.blocks.receipts(location.blockHash)![location.index]!;
        return { transaction_hash: h, block_hash: hex(location.blockHash), height: location.height.toString(), index: location.index, ...receiptToJson(receipt) };
      },
    }),
    defineMethod({
      name: "cowboy_estimateFee",
      summary:
        "suggested limits and fees for a transaction (JSON form; signature and limits ignored): what it would use at the head — for a deploy or a call, the whole transaction simulated as the next block would run it — and recent tips",
      params: [
        ["transaction", z.record(z.string(), z.unknown())],
        ["blocks", z.number().int().min(0).max(1000).optional()],
      ],
      handler: async ([json, blocks]) => {
        const tx = parseTransactionJson(json);
        const intrinsic = intrinsicCosts(tx, chain.params.costTable);
        // Anything that runs no actor code uses exactly its intrinsic cost: answered here, not in the worker's queue.
        const runsCode = tx.instruction.type === "call_actor" || tx.instruction.type === "deploy_actor" || tx.instruction.type === "deploy_actor_with_manifest";
        if (!runsCode) return feesFor(intrinsic, blocks);
        // Limits 0: as much as the node lets a simulation use, so the estimate is what the transaction needs.
        const run = await simulate({ ...json, cycles_limit: "0", cells_limit: "0" }, createTransaction({ ...tx, cyclesLimit: 0n, cellsLimit: 0n }));
        // A transaction that cannot be included now (nonce, balance) still gets an estimate: its intrinsic cost.
        return feesFor(run.status === "rejected" ? intrinsic : { cycles: run.cyclesUsed, cells: run.cellsUsed }, blocks);
      },
    }),
    defineMethod({
      name: "cowboy_simulateTransaction",
      summary:
        "runs a transaction (JSON form; signature ignored; cycles_limit/cells_limit 0: as much as a block allows) on a fork of the head as the next block would, at the sender's current nonce, and returns what it did: status, result or the Python error, use, and the fee estimate for that use",
      params: [
        ["transaction", z.record(z.string(), z.unknown())],
        ["blocks", z.number().int().min(0).max(1000).optional()],
      ],
      handler: async ([json, blocks]) => {
        const run = await simulate(json, parseTransactionJson(json));
        const ok = run.status === "success";
        return {
          status: run.status,
          ok,
          result: ok ? hex(run.data) : null,
          error: ok ? null : new TextDecoder().decode(run.data),
          cycles_used: run.cyclesUsed.toString(),
          cells_used: run.cellsUsed.toString(),
          estimate: feesFor({ cycles: run.cyclesUsed, cells: run.cellsUsed }, blocks),
        };
      },
    }),
    defineMethod({
      name: "cowboy_sendRawTransaction",
      summary: "submits a signed transaction (canonical hex); returns its hash",
      params: [["raw", rawTransaction]],
      handler: async ([raw]) => {
        let tx: Transaction;
        try {
          tx = createTransactionFromBytes(fromHex(raw));
        } catch (error) {
          if (error instanceof CodecError) throw new RpcError(RpcErrorCode.InvalidParams, `invalid raw: ${error.message}`);
          throw error;
        }
        return admit(ctx, tx);
      },
    }),
    defineMethod({ name: "cowboy_pendingCount", summary: "how many transactions the mempool holds", params: [], handler: () => mempool.size }),
  ];
}
