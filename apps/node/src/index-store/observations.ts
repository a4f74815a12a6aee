// The node's observation index (apps/node/README.md "Logs, traces and timer history"; cips/actors.md
// "Observations outside consensus"): the events of every committed block (transactions' and timer
// fires'), why each timer ended, fire records and debug traces. Nothing here is consensus data: it is
// written after a block commits, from what this node's execution observed, in its own lmdb
// database beside the block store. A node that crashes between the commit and this write lacks
// that block's entries (the chain itself is unaffected).
import { toHex } from "@cowboy/codec";
import { actorInterface, type ActorInterface, type BlockJournal, type DebugTrace, type TimerEndReason } from "@cowboy/execution";
import { blockHash, ReceiptStatus, type Block, type Event, type Receipt } from "@cowboy/types";
import { open, type Database, type RootDatabase } from "lmdb";

/** One event as `cowboy_getLogs` returns it (the cross-helper contract). */
export interface LogEntry {
  readonly address: string;
  /** The topic as UTF-8 when it is valid UTF-8, else its 0x hex. */
  readonly topic: string;
  readonly topicHex: string;
  readonly data: string;
  readonly blockNumber: number;
  readonly blockHash: string;
  readonly txHash: string | null;
  readonly timerId: string | null;
  /** Position among the block's events (transactions' first, then the fires'). */
  readonly logIndex: number;
}

/** A supply record as indexed: decimal strings (cips/staking.md "Supply"). */
export interface IndexedSupply {
  readonly genesis: string;
  readonly issued: string;
  readonly burned: string;
  readonly yearBase: string;
}

/** The indexed form of a supply record. */
export function indexedSupply(r: { genesis: bigint; issued: bigint; burned: bigint; yearBase: bigint }): IndexedSupply {
  return { genesis: r.genesis.toString(), issued: r.issued.toString(), burned: r.burned.toString(), yearBase: r.yearBase.toString() };
}

export interface TimerHistoryEntry {
  readonly timerId: string;
  readonly handler: string;
  readonly reason: TimerEndReason;
  readonly height: number;
}

/** A fire's receipt-like record. */
export interface FireEntry {
  readonly timerId: string;
  readonly owner: string;
  readonly target: string;
  readonly handler: string;
  readonly height: number;
  readonly blockHash: string;
  readonly status: string;
  readonly cyclesUsed: string;
  readonly cellsUsed: string;
  readonly events: readonly LogEntry[];
  readonly trace: DebugTrace;
}

export interface LogFilter {
  /** Emitters to match (any of them); absent: all. Lowercase 0x hex. */
  readonly addresses?: readonly string[];
  /** Topics to match (any of them), as UTF-8 text or 0x hex; absent: all. */
  readonly topics?: readonly string[];
  /** Set: only events of this timer's fires. */
  readonly timerId?: string;
}

/** Most blocks one getLogs may scan, and most entries it returns. */
export const MAX_LOG_RANGE = 10_000;
export const MAX_LOG_RESULTS = 10_000;

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const height20 = (h: bigint | number): string => h.toString().padStart(20, "0");

/** The topic's text when it is valid UTF-8, else its hex. */
export function topicText(topic: Uint8Array): string {
  try {
    return strictUtf8.decode(topic);
  } catch {
    return hex(topic);
  }
}

/** Whether `log` passes `filter`. */
export function matchesLog(log: LogEntry, filter: LogFilter): boolean {
  if (filter.addresses !== undefined && !filter.addresses.includes(log.address)) return false;
  if (filter.topics !== undefined && !filter.topics.some((t) => t === log.topic || t === log.topicHex)) return false;
  if (filter.timerId !== undefined && log.timerId !== filter.timerId) return false;
  return true;
}

/** The log entries of a block: its transactions' events in order, then its fires'. */
export function blockLogs(block: Block, receipts: readonly Receipt[], journal: BlockJournal): LogEntry[] {
  const blockHashHex = hex(blockHash(block));
  const blockNumber = Number(block.header.height);
  const out: LogEntry[] = [];
  const push = (e: Event, txHash: string | null, timerId: string | null): void => {
    out.push({
      address: hex(e.emitter),
      topic: topicText(e.topic),
      topicHex: hex(e.topic),
      data: hex(e.data),
      blockNumber,
      blockHash: blockHashHex,
      txHash,
      timerId,
      logIndex: out.length,
    });
  };
  block.transactions.forEach((tx, i) => {
    const txHash = hex(tx.digest());
    for (const e of receipts[i]?.events ?? []) push(e, txHash, null);
  });
  for (const fire of journal.fires) for (const e of fire.events) push(e, null, hex(fire.timerId));
  // State rent notices (cips/rent.md "Events"): emitted by the block's rent step, the actor as emitter.
  for (const e of journal.rent) push(e, null, null);
  // Proposal transitions of the governance step (cips/governance.md "Events"), emitted by 0x09.
  for (const e of journal.governance) push(e, null, null);
  return out;
}

export class ObservationStore {
  readonly #root: RootDatabase;
  readonly #db: Database<string, string>;

  private constructor(root: RootDatabase) {
    this.#root = root;
    this.#db = root.openDB<string, string>({ name: "observations", encoding: "string" });
  }

  static open(path: string): ObservationStore {
    return new ObservationStore(open({ path, compression: false }));
  }

  /**
   * Indexes a committed block: its logs, the fires and timer ends its execution observed, and the
   * debug traces of its transactions. Returns the logs (for subscriptions) and the timer ends.
   */
  record(block: Block, receipts: readonly Receipt[], journal: BlockJournal): { logs: LogEntry[]; ended: Array<TimerHistoryEntry & { owner: string }>; fires: FireEntry[] } {
    const h = block.header.height;
    const logs = blockLogs(block, receipts, journal);
    const blockHashHex = hex(blockHash(block));
    const fires: FireEntry[] = journal.fires.map((f) => ({
      timerId: hex(f.timerId),
      owner: hex(f.owner),
      target: hex(f.target),
      handler: f.handler,
      height: Number(h),
      blockHash: blockHashHex,
      status: f.status,
      cyclesUsed: f.cyclesUsed.toString(),
      cellsUsed: f.cellsUsed.toString(),
      events: logs.filter((l) => l.timerId === hex(f.timerId)),
      trace: f.trace,
    }));
    const ended = journal.ended.map((e) => ({ owner: hex(e.owner), entry: { timerId: hex(e.timerId), handler: e.handler, reason: e.reason, height: Number(h) } }));
    this.#db.transactionSync(() => {
      this.#db.putSync(`L:${height20(h)}`, JSON.stringify(logs));
      for (const [i, { owner, entry }] of ended.entries()) this.#db.putSync(`T:${owner}:${height20(h)}:${i}`, JSON.stringify(entry));
      for (const [i, f] of fires.entries()) this.#db.putSync(`F:${f.timerId}:${height20(h)}:${i}`, JSON.stringify(f));
      for (const t of journal.traces) this.#db.putSync(`X:${hex(t.txHash)}`, JSON.stringify(t.trace));
      // Actor interfaces, derived from the source of each successful deploy.
      block.transactions.forEach((tx, i) => {
        const r = receipts[i];
        const deploys = tx.instruction.type === "deploy_actor" || tx.instruction.type === "deploy_actor_with_manifest";
        if (!deploys || r?.status !== ReceiptStatus.Success || r.return_data.length !== 20) return;
        const description = actorInterface(new TextDecoder().decode(tx.instruction.code));
        if (description !== null) this.#db.putSync(`I:${hex(r.return_data)}`, JSON.stringify(description));
      });
    });
    return { logs, ended: ended.map((e) => ({ ...e.entry, owner: e.owner })), fires };
  }

  /**
   * Keeps the supply record the state held after block `height` (cips/staking.md "Supply"): the state keeps only
   * the head's, so `cowboy_supply` answers for earlier heights from here.
   */
  recordSupply(height: bigint, supply: IndexedSupply): void {
    this.#db.putSync(`S:${height20(height)}`, JSON.stringify(supply));
  }

  /** The supply record indexed for `height`, if this node indexed that block. */
  supplyAt(height: bigint): IndexedSupply | undefined {
    const raw = this.#db.get(`S:${height20(height)}`);
    return raw === undefined ? undefined : (JSON.parse(raw) as IndexedSupply);
  }

  /** The logs of blocks `from..to` (inclusive) passing `filter`, at most MAX_LOG_RESULTS. */
  logs(from: bigint, to: bigint, filter: LogFilter): LogEntry[] {
    const out: LogEntry[] = [];
    for (const { value } of this.#db.getRange({ start: `L:${height20(from)}`, end: `L:${height20(to + 1n)}` })) {
      for (const log of JSON.parse(value) as LogEntry[]) {
        if (!matchesLog(log, filter)) continue;
        out.push(log);
        if (out.length >= MAX_LOG_RESULTS) return out;
      }
    }
    return out;
  }

  /** Timers `owner` owned that ended, oldest first. */
  timerHistory(owner: string): TimerHistoryEntry[] {
    return [...this.#db.getRange({ start: `T:${owner}:`, end: `T:${owner};` })].map(({ value }) => JSON.parse(value) as TimerHistoryEntry);
  }

  /** The fire records of a timer, oldest first. */
  fires(timerId: string): FireEntry[] {
    return [...this.#db.getRange({ start: `F:${timerId}:`, end: `F:${timerId};` })].map(({ value }) => JSON.parse(value) as FireEntry);
  }

  /** The interface stored when the actor at `address` was deployed. */
  actorInterface(address: string): ActorInterface | undefined {
    const raw = this.#db.get(`I:${address}`);
    return raw === undefined ? undefined : (JSON.parse(raw) as ActorInterface);
  }

  /** The debug trace of a transaction, when it failed or printed. */
  trace(txHash: string): DebugTrace | undefined {
    const raw = this.#db.get(`X:${txHash}`);
    return raw === undefined ? undefined : (JSON.parse(raw) as DebugTrace);
  }

  /**
   * Forgets what blocks above `height` recorded (their logs, fire records, timer ends and supply): a devnet's
   * dev_revert discarded those blocks (apps/node/README.md "Dev methods"). Traces stay: they are
   * looked up by transaction hash only.
   */
  discardAbove(height: bigint): void {
    const above = (key: string): boolean => {
      const match = /:(\d{20})(?::\d+)?$/.exec(key);
      return match !== null && BigInt(match[1]!) > height;
    };
    this.#db.transactionSync(() => {
      for (const prefix of ["L", "S"]) for (const { key } of this.#db.getRange({ start: `${prefix}:${height20(height + 1n)}`, end: `${prefix};` })) this.#db.removeSync(key);
      for (const prefix of ["T:", "F:"]) {
        for (const { key } of this.#db.getRange({ start: prefix, end: `${prefix.slice(0, 1)};` })) if (above(key)) this.#db.removeSync(key);
      }
    });
  }

  async close(): Promise<void> {
    await this.#root.close();
  }
}
