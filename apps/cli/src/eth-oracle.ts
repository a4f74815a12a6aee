// `cowboy eth oracle start`: one oracle operator's loop (cips/interop.md "Oracles"). It polls an Ethereum node for the
// subscription's logs at least `confirmations` deep and reports each with an eth_report_event transaction, in order.
// Its cursor (the last log it reported) is saved to a state file after every report, so a restarted oracle resumes
// after it; a log the chain already delivered (ALREADY_DELIVERED) or this oracle already reported is skipped.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { CowboyClient } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import type { EthLog } from "@cowboy/interop";
import { confirmedLogs, type Cursor, type EthRpc, type LogFilter } from "@cowboy/interop/oracle";

export interface OracleOptions {
  readonly eth: EthRpc;
  readonly client: CowboyClient;
  readonly privateKey: Uint8Array;
  readonly subscriptionId: Uint8Array;
  readonly filter: LogFilter;
  /** JSON file holding the cursor across restarts. */
  readonly stateFile: string;
  readonly pollMs?: number;
  /** Called after each report with its receipt status (tests, logs). */
  readonly onReport?: (log: EthLog, status: string) => void;
  readonly onError?: (error: unknown) => void;
}

export function loadCursor(file: string): Cursor | null {
  if (!existsSync(file)) return null;
  const j = JSON.parse(readFileSync(file, "utf8")) as { block: string; log_index: string } | null;
  return j === null ? null : { block: BigInt(j.block), logIndex: BigInt(j.log_index) };
}

function saveCursor(file: string, c: Cursor): void {
  writeFileSync(`${file}.tmp`, `${JSON.stringify({ block: c.block.toString(), log_index: c.logIndex.toString() })}\n`);
  renameSync(`${file}.tmp`, file);
}

/** Reports every confirmed log after the saved cursor once; returns how many it reported. */
export async function reportOnce(o: OracleOptions): Promise<number> {
  let cursor = loadCursor(o.stateFile);
  const logs = await confirmedLogs(o.eth, o.filter, cursor);
  for (const log of logs) {
    const tx = await o.client.sendTransaction({
      privateKey: o.privateKey,
      instruction: {
        type: "eth_report_event",
        subscriptionId: o.subscriptionId,
        contract: log.contract,
        topics: Uint8Array.from(log.topics.flatMap((t) => [...t])),
        data: log.data,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        transactionHash: log.transactionHash,
        logIndex: log.logIndex,
      },
      cyclesLimit: 3_000_000n,
      cellsLimit: 200_000n,
    });
    const receipt = await o.client.waitForReceipt(tx.digest(), { timeoutMs: 60_000, pollMs: 100 });
    const reason = receipt.status === 0 ? "" : new TextDecoder().decode(receipt.return_data);
    // Refusals that mean "nothing left to do for this log" advance the cursor; any other stops the pass.
    if (receipt.status !== 0 && !/already delivered|already reported/i.test(reason)) throw new Error(`report of block ${log.blockNumber} log ${log.logIndex} refused: ${reason}`);
    cursor = { block: log.blockNumber, logIndex: log.logIndex };
    saveCursor(o.stateFile, cursor);
    o.onReport?.(log, receipt.status === 0 ? "reported" : reason);
  }
  return logs.length;
}

/** Runs reportOnce every `pollMs` until stopped. */
export function startOracle(o: OracleOptions): { stop(): Promise<void> } {
  let running = true;
  let current: Promise<unknown> = Promise.resolve();
  const loop = async () => {
    while (running) {
      current = reportOnce(o).catch((e) => o.onError?.(e));
      await current;
      if (running) await new Promise((r) => setTimeout(r, o.pollMs ?? 500));
    }
  };
  const done = loop();
  return {
    async stop() {
      running = false;
      await current;
      await done;
    },
  };
}

export const logToJson = (l: EthLog) => ({
  contract: `0x${toHex(l.contract)}`,
  topics: l.topics.map((t) => `0x${toHex(t)}`),
  data: `0x${toHex(l.data)}`,
  block_number: l.blockNumber.toString(),
  block_hash: `0x${toHex(l.blockHash)}`,
  transaction_hash: `0x${toHex(l.transactionHash)}`,
  log_index: l.logIndex.toString(),
});
