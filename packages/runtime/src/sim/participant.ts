// One simulated participant (issue 17, "crash/restart of a participant with its storage kept"): the
// state that outlives its incarnations (label, peer id, journals) and the Context one incarnation
// gets. Every capability of an incarnation checks `live()` first: once it has crashed, its sends,
// schedules and appends do nothing and its sleeps and syncs never resolve, so a stale continuation is inert.
import { ArgumentError, au64 } from "@cowboy/codec";
import type { BlockReason, Channel, Clock, Context, Journal, JournalRecord, MessageHandler, PeerId, Recipients, Rng, Storage, Timer } from "../capabilities.js";
import { RuntimeError } from "../errors.js";
import { aappend, ajournalName } from "../journal-name.js";
import { MemoryJournalData } from "../memory-journal.js";
import { payloadId } from "./auditor.js";
import type { SimEvent } from "./event-queue.js";

/** What a participant's capabilities need from the Simulation that runs them. */
export interface Kernel {
  now(): number;
  at(time: number, run: () => void): SimEvent;
  audit(line: string): void;
  readonly storageSyncMs: number;
  nextTimerId(): number;
  send(from: ParticipantState, recipients: Recipients, channel: Channel, message: Uint8Array): PeerId[];
  peersOf(p: ParticipantState): PeerId[];
  checkChannel(channel: Channel): void;
  block(p: ParticipantState, peer: PeerId, reason: BlockReason): void;
  fail(p: ParticipantState, error: unknown): void;
}

/** A participant's state across incarnations. */
export interface ParticipantState {
  readonly label: string;
  readonly peerId: PeerId;
  readonly start: (ctx: Context) => void | Promise<void>;
  /** Incremented by every crash, so captures of an older value are stale. */
  incarnation: number;
  running: boolean;
  /** The handlers, timers and blocks of the current incarnation (cleared by a crash). */
  readonly handlers: Map<Channel, MessageHandler>;
  readonly blocked: Set<PeerId>;
  readonly openJournals: Set<string>;
  /** The durable store, kept across crashes. */
  readonly journals: Map<string, MemoryJournalData>;
}

const NOOP_TIMER: Timer = { cancel: () => {} };
const never = <T>(): Promise<T> => new Promise<T>(() => {});

function adelay(ms: unknown): number {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
    throw new ArgumentError("ms", `must be a finite number ≥ 0 of milliseconds, got ${String(ms)}`);
  }
  return ms;
}

/** Builds the Context of incarnation `p.incarnation` of `p`. */
export function createContext(kernel: Kernel, p: ParticipantState, rng: Rng): Context {
  const incarnation = p.incarnation;
  const live = (): boolean => p.running && p.incarnation === incarnation;
  /** Runs `fn` as the participant: a throw fails the simulation. */
  const guarded = (fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      kernel.fail(p, error);
    }
  };

  const schedule = (ms: number, fn: () => void): Timer => {
    adelay(ms);
    if (!live()) return NOOP_TIMER;
    const id = kernel.nextTimerId();
    const event = kernel.at(kernel.now() + ms, () => {
      if (!live()) return;
      kernel.audit(`timer ${p.label} ${id}`);
      guarded(fn);
    });
    return { cancel: () => (event.dead = true) };
  };
  const clock: Clock = {
    now: () => kernel.now(),
    schedule,
    sleep: (ms) => (live() ? new Promise<void>((resolve) => schedule(ms, resolve)) : never()),
  };

  const network = {
    self: p.peerId,
    send: (recipients: Recipients, channel: Channel, message: Uint8Array): PeerId[] => (live() ? kernel.send(p, recipients, channel, message) : []),
    handle: (channel: Channel, handler: MessageHandler): void => {
      kernel.checkChannel(channel);
      if (typeof handler !== "function") throw new ArgumentError("handler", "must be a function");
      if (live()) p.handlers.set(channel, handler);
    },
    peers: (): readonly PeerId[] => (live() ? kernel.peersOf(p) : []),
    block: (peer: PeerId, reason: BlockReason): void => {
      if (live()) kernel.block(p, peer, reason);
    },
  };

  const storage: Storage = {
    journal: (name) => {
      ajournalName(name);
      if (!live()) return never();
      if (p.openJournals.has(name)) return Promise.reject(new RuntimeError("JOURNAL_OPEN", `journal ${name} is already open`, { name }));
      let data = p.journals.get(name);
      if (data === undefined) {
        data = new MemoryJournalData();
        p.journals.set(name, data);
      }
      p.openJournals.add(name);
      return Promise.resolve(simJournal(kernel, p, name, data, live));
    },
  };

  return { label: p.label, clock, rng, network, storage };
}

function simJournal(kernel: Kernel, p: ParticipantState, name: string, data: MemoryJournalData, alive: () => boolean): Journal {
  let closed = false;
  const live = (): boolean => {
    if (!alive()) return false;
    if (closed) throw new RuntimeError("JOURNAL_CLOSED", `journal ${name} of ${p.label} is closed`, { name, label: p.label });
    return true;
  };
  /** Resolves after the simulated sync latency, unless the incarnation crashes first. */
  const durably = (done: () => void): Promise<void> =>
    new Promise<void>((resolve) => {
      kernel.at(kernel.now() + kernel.storageSyncMs, () => {
        if (!alive()) return;
        done();
        resolve();
      });
    });
  return {
    append(section: bigint, record: Uint8Array): void {
      if (!live()) return;
      aappend(section, record);
      data.append(section, record);
      kernel.audit(`append ${p.label} ${name} ${section} ${payloadId(record)}`);
    },
    sync(): Promise<void> {
      if (!live()) return never();
      const mark = data.markSync();
      return durably(() => {
        data.completeSync(mark);
        kernel.audit(`sync ${p.label} ${name}`);
      });
    },
    replay(): Iterable<JournalRecord> {
      live();
      return data.replay();
    },
    prune(section: bigint): Promise<void> {
      if (!live()) return never();
      au64(section, "section");
      const removed = data.prune(section);
      kernel.audit(`prune ${p.label} ${name} ${section} ${removed}`);
      return durably(() => {});
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (alive()) p.openJournals.delete(name);
    },
  };
}
