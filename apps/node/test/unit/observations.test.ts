// The observation index (src/index-store/observations.ts) and the "logs" subscription filter:
// entries of transactions and fires, filters by emitter, topic (text or hex), range and timer,
// timer history and traces, in a real lmdb directory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { BlockJournal } from "@cowboy/execution";
import { blockHash, createTransaction, EMPTY_MERKLE_ROOT, ReceiptStatus, type Block, type Receipt } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { matchesLog, ObservationStore, topicText } from "../../src/index-store/observations.js";
import { logSubscriptionFilter } from "../../src/rpc/methods/logs.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-index-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = keccak256(new Uint8Array([1]));
const A = new Uint8Array(20).fill(0xaa);
const B = new Uint8Array(20).fill(0xbb);
const TIMER = new Uint8Array(32).fill(0x77);
const utf8 = new TextEncoder();
const tx = createTransaction({
  chainId: 42n,
  instruction: { type: "call_actor", target: A, method: "go", args: new Uint8Array(0), value: 0n },
  from: addressFromPrivateKey(key),
  cyclesLimit: 100_000n,
  cellsLimit: 1_000n,
  maxFeePerCycle: 10_000n,
  maxFeePerCell: 10_000n,
}).sign(key);

function block(height: bigint): Block {
  return {
    header: {
      parent_hash: new Uint8Array(32),
      height,
      round: 0n,
      proposer: new Uint8Array(20),
      timestamp_ms: 1000n + height,
      state_root: new Uint8Array(32),
      transactions_root: EMPTY_MERKLE_ROOT,
      receipts_root: EMPTY_MERKLE_ROOT,
      cycle_basefee: 10_000n,
      cell_basefee: 10_000n,
      lane_usage: { system: 0n, timer: 0n, runner: 0n, user: 0n },
      cycles_used: 0n,
      cells_used: 0n,
      certificate: new Uint8Array(0),
      beacon: new Uint8Array(32),
    },
    transactions: [tx],
  };
}

const receipt = (events: Receipt["events"]): Receipt => ({
  status: ReceiptStatus.Success,
  cycles_used: 1n,
  cells_used: 0n,
  fee_paid: 0n,
  fee_burned: 0n,
  fee_tipped: 0n,
  return_data: new Uint8Array(0),
  events,
});

describe("the observation index", () => {
  it("indexes transactions' then fires' events, timer ends and traces, and filters them", async () => {
    const store = ObservationStore.open(join(dir, "index"));
    const j1 = new BlockJournal();
    const trace = { status: "reverted" as const, error: { type: "ValueError", message: "x", traceback: [{ file: "actor.py", line: 3, function: "go" }] }, output: "hi\n" };
    j1.traces.push({ txHash: tx.digest(), trace });
    j1.fires.push({
      timerId: TIMER,
      owner: B,
      target: B,
      handler: "ring",
      status: "success",
      cyclesUsed: 5n,
      cellsUsed: 1n,
      events: [{ emitter: B, topic: utf8.encode("rang"), data: Uint8Array.of(1) }],
      trace: { status: "success", error: null, output: "" },
    });
    j1.ended.push({ timerId: TIMER, owner: B, handler: "ring", reason: "completed" });
    const b1 = block(1n);
    const recorded = store.record(b1, [receipt([{ emitter: A, topic: utf8.encode("sold"), data: new Uint8Array(0) }])], j1);
    expect(recorded.logs.map((l) => [l.address, l.topic, l.txHash, l.timerId, l.logIndex])).toEqual([
      [`0x${toHex(A)}`, "sold", `0x${toHex(tx.digest())}`, null, 0],
      [`0x${toHex(B)}`, "rang", null, `0x${toHex(TIMER)}`, 1],
    ]);
    expect(recorded.logs[0]!.blockHash).toBe(`0x${toHex(blockHash(b1))}`);
    store.record(block(2n), [receipt([{ emitter: A, topic: Uint8Array.of(0xff, 0xfe), data: Uint8Array.of(9) }])], new BlockJournal());

    expect(store.logs(1n, 2n, {}).map((l) => l.topic)).toEqual(["sold", "rang", "0xfffe"]);
    expect(store.logs(2n, 2n, {}).map((l) => l.blockNumber)).toEqual([2]);
    expect(store.logs(1n, 2n, { addresses: [`0x${toHex(B)}`] }).map((l) => l.topic)).toEqual(["rang"]);
    expect(store.logs(1n, 2n, { topics: ["0xfffe", "sold"] }).map((l) => l.topicHex)).toEqual([`0x${toHex(utf8.encode("sold"))}`, "0xfffe"]);
    expect(store.logs(1n, 2n, { timerId: `0x${toHex(TIMER)}` }).map((l) => l.topic)).toEqual(["rang"]);
    expect(store.logs(3n, 9n, {})).toEqual([]);
    expect(store.timerHistory(`0x${toHex(B)}`)).toEqual([{ timerId: `0x${toHex(TIMER)}`, handler: "ring", reason: "completed", height: 1 }]);
    expect(store.timerHistory(`0x${toHex(A)}`)).toEqual([]);
    expect(store.fires(`0x${toHex(TIMER)}`)).toMatchObject([{ handler: "ring", status: "success", height: 1, events: [{ topic: "rang" }] }]);
    expect(store.trace(`0x${toHex(tx.digest())}`)).toEqual(trace);
    expect(store.trace(`0x${"00".repeat(32)}`)).toBeUndefined();
    await store.close();
  });

  it("decodes topics as text only when they are valid UTF-8; the subscription filter applies range, emitter and topic", () => {
    expect(topicText(utf8.encode("é"))).toBe("é");
    expect(topicText(Uint8Array.of(0xc3))).toBe("0xc3");
    const log = { address: "0xaa", topic: "rang", topicHex: "0x72616e67", data: "0x", blockNumber: 5, blockHash: "0x", txHash: null, timerId: null, logIndex: 0 };
    expect(matchesLog(log, { topics: ["0x72616e67"] })).toBe(true);
    expect(matchesLog(log, { timerId: "0x01" })).toBe(false);
    const a = `0x${"aa".repeat(20)}`;
    const accept = logSubscriptionFilter({ address: [a], topics: ["rang"], fromBlock: 5, toBlock: "6" });
    expect(accept({ ...log, address: a })).toBe(true);
    expect(accept({ ...log, address: a, blockNumber: 7 })).toBe(false);
    expect(accept({ ...log, address: a, topic: "other", topicHex: "0x00" })).toBe(false);
    expect(logSubscriptionFilter(undefined)(log)).toBe(true);
    expect(() => logSubscriptionFilter({ adress: a })).toThrow(/invalid filter/);
  });
});
