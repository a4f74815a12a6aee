// Confirmed logs for one subscription (cips/interop.md "Oracles"): a log is reported only once the head is
// `confirmations` blocks past it, so a reorg shallower than that never reaches the chain; logs come in (block, log
// index) order, strictly after a cursor the caller persists (so a restarted oracle resumes where it stopped).
import type { EthLog } from "../records.js";
import type { EthRpc } from "./eth-rpc.js";

export interface LogFilter {
  readonly contract: Uint8Array;
  readonly topics: readonly (Uint8Array | null)[];
  readonly fromBlock: bigint;
  readonly confirmations: bigint;
}

export interface Cursor {
  readonly block: bigint;
  readonly logIndex: bigint;
}

/** Every log matching `filter`, at least `confirmations` deep, strictly after `cursor` (null: from fromBlock). */
export async function confirmedLogs(rpc: EthRpc, filter: LogFilter, cursor: Cursor | null, maxRange = 2_000n): Promise<EthLog[]> {
  const head = await rpc.blockNumber();
  const safe = head - filter.confirmations;
  const start = cursor === null ? filter.fromBlock : cursor.block > filter.fromBlock ? cursor.block : filter.fromBlock;
  if (safe < start) return [];
  const out: EthLog[] = [];
  for (let from = start; from <= safe; from += maxRange) {
    const to = from + maxRange - 1n < safe ? from + maxRange - 1n : safe;
    out.push(...(await rpc.getLogs({ address: filter.contract, topics: filter.topics, fromBlock: from, toBlock: to })));
  }
  out.sort((a, b) => (a.blockNumber !== b.blockNumber ? (a.blockNumber < b.blockNumber ? -1 : 1) : a.logIndex < b.logIndex ? -1 : a.logIndex > b.logIndex ? 1 : 0));
  return out.filter((l) => cursor === null || l.blockNumber > cursor.block || (l.blockNumber === cursor.block && l.logIndex > cursor.logIndex));
}
