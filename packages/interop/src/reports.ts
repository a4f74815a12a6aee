// Reports and delivery (spec §16.3; cips/interop.md "Reports, quorum and delivery"). Each registered oracle reports a
// log once it is `confirmations` deep; reports for one log position are kept together, and when a quorum of the
// registered oracles reported the same log (same canonical bytes, so the same block hash) it is delivered: the
// cursor moves past it, the pending reports are deleted, and the fee is split among the oracles that agreed.
// Deliveries are strictly increasing in (block, log index), so each log arrives exactly once and in order.
import { type CborValue, decodeCbor, encodeCbor } from "@cowboy/codec";
import { type InteropConfig, quorumOf } from "./config.js";
import { InteropError } from "./errors.js";
import { isActiveOracle, oracles } from "./oracles.js";
import { checkEthLog, deliveryPayload, type EthLog, ethLogId, type Subscription } from "./records.js";
import { type InteropStore, keys } from "./store.js";
import { getSubscription, matches, putSubscription } from "./subscriptions.js";

export interface Delivery {
  readonly subscription: Subscription;
  readonly log: EthLog;
  /** The message 0x14 enqueues: `to.handler(**payload)`. */
  readonly to: Uint8Array;
  readonly handler: string;
  readonly payload: Uint8Array;
  /** The fee, split among the agreeing oracles (remainder to the first in byte order). */
  readonly payouts: readonly { readonly oracle: Uint8Array; readonly amount: bigint }[];
}

export type ReportOutcome = { readonly delivered: Delivery } | { readonly delivered: null; readonly agreeing: number; readonly quorum: number };

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

type Pending = { oracle: Uint8Array; logId: Uint8Array }[];

function readPending(b: Uint8Array | undefined): Pending {
  if (b === undefined) return [];
  return (decodeCbor(b) as CborValue[]).map((e) => {
    const [oracle, logId] = e as [Uint8Array, Uint8Array];
    return { oracle, logId };
  });
}

/** `oracle` reports `log` for subscription `id`; delivers it when this report completes a quorum. */
export function reportEvent(store: InteropStore, oracle: Uint8Array, id: Uint8Array, log: EthLog, cfg: InteropConfig): ReportOutcome {
  if (!isActiveOracle(store, oracle)) throw new InteropError("NOT_AN_ORACLE", `0x${hex(oracle)} is not an active oracle`);
  checkEthLog(log, cfg.maxDataBytes);
  const sub = getSubscription(store, id);
  if (!matches(sub, log)) throw new InteropError("NOT_MATCHING", "the log does not match the subscription's contract, topics or from block");
  const c = sub.cursor;
  if (c !== null && (log.blockNumber < c.block || (log.blockNumber === c.block && log.logIndex <= c.logIndex)))
    throw new InteropError("ALREADY_DELIVERED", `already delivered: the subscription has delivered up to block ${c.block} log ${c.logIndex}`);
  if (sub.deposit < sub.feePerEvent) throw new InteropError("UNFUNDED", `the deposit ${sub.deposit} does not cover the fee ${sub.feePerEvent}`);

  const key = keys.pending(id, log.blockNumber, log.logIndex);
  const pending = readPending(store.get(key));
  if (pending.some((p) => hex(p.oracle) === hex(oracle))) throw new InteropError("ALREADY_REPORTED", "this oracle already reported this log position");
  const logId = ethLogId(log);
  pending.push({ oracle: oracle.slice(), logId });
  pending.sort((a, b) => (hex(a.oracle) < hex(b.oracle) ? -1 : 1));

  const registered = new Set(oracles(store).map(hex));
  const agreeing = pending.filter((p) => registered.has(hex(p.oracle)) && hex(p.logId) === hex(logId)).map((p) => p.oracle);
  const quorum = quorumOf(registered.size, cfg);
  if (agreeing.length < quorum) {
    store.set(key, encodeCbor(pending.map((p) => [p.oracle, p.logId])));
    return { delivered: null, agreeing: agreeing.length, quorum };
  }

  store.delete(key);
  const updated: Subscription = {
    ...sub,
    cursor: { block: log.blockNumber, logIndex: log.logIndex },
    delivered: sub.delivered + 1n,
    deposit: sub.deposit - sub.feePerEvent,
  };
  putSubscription(store, updated);
  const share = sub.feePerEvent / BigInt(agreeing.length);
  const rest = sub.feePerEvent - share * BigInt(agreeing.length);
  return {
    delivered: {
      subscription: updated,
      log,
      to: sub.owner,
      handler: sub.handler,
      payload: deliveryPayload(sub, log),
      payouts: agreeing.map((o, i) => ({ oracle: o, amount: share + (i === 0 ? rest : 0n) })),
    },
  };
}
