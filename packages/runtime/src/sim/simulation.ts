// The deterministic simulator (issue 17, "deterministic simulator"; after commonware's
// runtime/src/deterministic.rs and p2p/src/simulated): virtual time advanced event by event, one seeded
// Rng for the links, participants that crash and restart over kept storage, and an auditor digest
// over every event so one seed and scenario replay bit for bit. Rules for participant code: README.md.
import { ArgumentError, aint, concatBytes, toHex } from "@cowboy/codec";
import { sha256 } from "@cowboy/crypto";
import type { Context, PeerId } from "../capabilities.js";
import { RuntimeError } from "../errors.js";
import { seedBytes, seededRng } from "../rng.js";
import { Auditor } from "./auditor.js";
import { EventQueue } from "./event-queue.js";
import { DEFAULT_LINK, type LinkConfig, LinkTable, alinkConfig } from "./links.js";
import type { MemoryJournalData } from "../memory-journal.js";
import { type Kernel, type ParticipantState, createContext } from "./participant.js";
import { MAX_CHANNEL, type SimulationStats, Wire } from "./wire.js";

export { MAX_CHANNEL, type ChannelStats, type DropCause, type SimulationStats } from "./wire.js";

export interface SimulationOptions {
  /** The seed of every random choice: link delays and losses, and each participant's Rng. */
  readonly seed: Uint8Array | bigint;
  /** The virtual clock's first reading, in milliseconds since the Unix epoch. Default 0. */
  readonly startMs?: number;
  /** The link between every pair unless `setLink` says otherwise. Default DEFAULT_LINK (10 ms, jitter 5 ms, no loss). */
  readonly link?: Partial<LinkConfig>;
  /** Virtual milliseconds a journal `sync` or `prune` takes to become durable. Default 1. */
  readonly storageSyncMs?: number;
  /**
   * What a crash does to journal records not yet synced: "drop" (default) loses them all; "random-prefix"
   * keeps a seeded random prefix of each section's unsynced records, which the Journal contract also allows
   * ("possibly some appended after it"), so recovery code is tested against both.
   */
  readonly crashUnsynced?: "drop" | "random-prefix";
  /**
   * The most messages one (sender, receiver, channel) may have in flight; a send beyond it is dropped
   * with cause "queue-full" (the Network's bounded queues). Default 10,000.
   */
  readonly queueLimit?: number;
  /**
   * The largest message `send` accepts; a larger one throws MESSAGE_TOO_LARGE, as @cowboy/p2p does.
   * Default 8 MiB (p2p's default maxMessageSize).
   */
  readonly maxMessageBytes?: number;
  /** Called with every audit line as it is folded into the digest (for diffing two runs). */
  readonly onEvent?: (line: string) => void;
}

/** A participant as tests see it. */
export interface ParticipantInfo {
  readonly label: string;
  readonly peerId: PeerId;
  /** 0 for the first run, incremented by each crash. */
  readonly incarnation: number;
  readonly running: boolean;
}

export interface AddOptions {
  /** The participant's PeerId; default the hex SHA-256 of "cowboy-sim-peer:" + label. */
  readonly peerId?: PeerId;
}

const encoder = new TextEncoder();

/** The PeerId a participant gets from its label when none is given. */
export function simulatedPeerId(label: string): PeerId {
  return toHex(sha256(encoder.encode(`cowboy-sim-peer:${label}`)));
}

export class Simulation {
  private readonly seed: Uint8Array;
  private readonly queue = new EventQueue();
  private readonly auditor: Auditor;
  private readonly links: LinkTable;
  private readonly participants = new Map<string, ParticipantState>();
  private readonly byPeer = new Map<PeerId, ParticipantState>();
  private readonly storageSyncMs: number;
  private readonly crashUnsynced: "drop" | "random-prefix";
  private readonly storageRng;
  private time: number;
  private timerIds = 0;
  private running = false;
  private failure: { error: unknown; label: string } | undefined;
  private readonly kernel: Kernel;
  private readonly wire: Wire;

  constructor(options: SimulationOptions) {
    this.seed = seedBytes(options.seed);
    this.time = options.startMs ?? 0;
    if (!Number.isFinite(this.time) || this.time < 0) throw new ArgumentError("startMs", `must be a finite number ≥ 0, got ${String(this.time)}`);
    this.storageSyncMs = options.storageSyncMs ?? 1;
    if (!Number.isFinite(this.storageSyncMs) || this.storageSyncMs < 0) throw new ArgumentError("storageSyncMs", "must be a finite number ≥ 0");
    const queueLimit = options.queueLimit ?? 10_000;
    if (!Number.isSafeInteger(queueLimit) || queueLimit < 1) throw new ArgumentError("queueLimit", "must be an integer ≥ 1");
    const maxMessageBytes = options.maxMessageBytes ?? 8 * 1024 * 1024;
    if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1) throw new ArgumentError("maxMessageBytes", "must be an integer ≥ 1");
    this.links = new LinkTable(alinkConfig(options.link, DEFAULT_LINK, "link"));
    this.storageRng = seededRng(concatBytes(this.seed, encoder.encode("/storage")));
    this.crashUnsynced = options.crashUnsynced ?? "drop";
    if (this.crashUnsynced !== "drop" && this.crashUnsynced !== "random-prefix") {
      throw new ArgumentError("crashUnsynced", `must be "drop" or "random-prefix", got ${String(this.crashUnsynced)}`);
    }
    this.auditor = new Auditor(options.onEvent);
    this.wire = new Wire({
      participants: this.participants,
      byPeer: this.byPeer,
      links: this.links,
      rng: seededRng(concatBytes(this.seed, encoder.encode("/links"))),
      queueLimit,
      maxMessageBytes,
      now: () => this.time,
      at: (time, run) => this.queue.push(time, run),
      audit: (line) => this.audit(line),
      fail: (p, error) => this.fail(p, error),
    });
    this.kernel = {
      now: () => this.time,
      at: (time, run) => this.queue.push(time, run),
      audit: (line) => this.audit(line),
      storageSyncMs: this.storageSyncMs,
      nextTimerId: () => ++this.timerIds,
      send: (from, recipients, channel, message) => this.wire.send(from, recipients, channel, message),
      peersOf: (p) => this.wire.peersOf(p),
      checkChannel: (channel) => aint(channel, "channel", 0, MAX_CHANNEL),
      block: (p, peer, reason) => this.wire.block(p, peer, reason),
      fail: (p, error) => this.fail(p, error),
    };
  }

  /** Virtual milliseconds since the Unix epoch. */
  now(): number {
    return this.time;
  }

  /** The running hash over every event so far (hex). Same seed and scenario, same digest. */
  digest(): string {
    return this.auditor.digest();
  }

  /** Adds a participant and schedules its start at the current virtual time. */
  add(label: string, start: (ctx: Context) => void | Promise<void>, options: AddOptions = {}): ParticipantInfo {
    if (typeof label !== "string" || label.length === 0 || /\s/.test(label)) throw new ArgumentError("label", "must be a non-empty string without spaces");
    if (typeof start !== "function") throw new ArgumentError("start", "must be a function");
    if (this.participants.has(label)) throw new RuntimeError("DUPLICATE_PARTICIPANT", `participant ${label} was already added`, { label });
    const peerId = options.peerId ?? simulatedPeerId(label);
    if (this.byPeer.has(peerId)) throw new RuntimeError("DUPLICATE_PARTICIPANT", `peer id ${peerId} is already used`, { label, peerId });
    const p: ParticipantState = {
      label,
      peerId,
      start,
      incarnation: 0,
      running: false,
      handlers: new Map(),
      blocked: new Set(),
      openJournals: new Set(),
      journals: new Map(),
    };
    this.participants.set(label, p);
    this.byPeer.set(peerId, p);
    this.audit(`add ${label} ${peerId}`);
    this.launch(p);
    return this.info(label);
  }

  info(label: string): ParticipantInfo {
    const p = this.get(label);
    return { label: p.label, peerId: p.peerId, incarnation: p.incarnation, running: p.running };
  }

  /** The PeerId of `label`. */
  peerId(label: string): PeerId {
    return this.get(label).peerId;
  }

  /** Runs `fn` (a scenario step: a crash, a partition, a check) at virtual time `timeMs` (absolute; now if in the past). */
  at(timeMs: number, fn: () => void): void {
    if (typeof fn !== "function") throw new ArgumentError("fn", "must be a function");
    if (typeof timeMs !== "number" || Number.isNaN(timeMs) || timeMs === Number.POSITIVE_INFINITY) {
      throw new ArgumentError("timeMs", `must be a finite number, got ${String(timeMs)}`);
    }
    this.queue.push(Math.max(this.time, timeMs), () => {
      try {
        fn();
      } catch (error) {
        this.failure ??= { error, label: "(scenario)" };
      }
    });
  }

  /** Runs `fn` `ms` virtual milliseconds from now. */
  after(ms: number, fn: () => void): void {
    this.at(this.time + ms, fn);
  }

  // ---- links ----

  /** Replaces the link between `a` and `b` (both directions) by the default with `config`'s fields. */
  setLink(a: string, b: string, config: Partial<LinkConfig>): void {
    this.get(a);
    this.get(b);
    const full = alinkConfig(config, this.links.config(a, b), "config");
    this.links.set(a, b, full);
    this.audit(`link ${a} ${b} ${full.latencyMs} ${full.jitterMs} ${full.loss}`);
  }

  /** Splits the participants into groups that hear only each other; a participant in no group is cut off from all. Replaces any earlier partition. */
  partition(groups: readonly (readonly string[])[]): void {
    const seen = new Set<string>();
    for (const group of groups) {
      for (const label of group) {
        this.get(label);
        if (seen.has(label)) throw new ArgumentError("groups", `names ${label} twice`);
        seen.add(label);
      }
    }
    this.links.partition(groups);
    this.audit(`partition ${groups.map((g) => g.join(",")).join("|")}`);
  }

  /** Ends the partition (cuts made by `cut` stay). */
  heal(): void {
    this.links.heal();
    this.audit("heal");
  }

  /** Cuts the link between `a` and `b` both ways until `restore`. */
  cut(a: string, b: string): void {
    this.get(a);
    this.get(b);
    this.links.cut(a, b);
    this.audit(`cut ${a} ${b}`);
  }

  restore(a: string, b: string): void {
    this.get(a);
    this.get(b);
    this.links.restore(a, b);
    this.audit(`restore ${a} ${b}`);
  }

  // ---- faults ----

  /**
   * Crashes `label`: its timers, handlers and blocks are gone, messages in flight to it are dropped
   * when they arrive, journal records not yet synced are lost, and every capability of the crashed
   * incarnation becomes inert (sends and schedules do nothing, sleeps and syncs never resolve).
   */
  crash(label: string): void {
    const p = this.get(label);
    if (!p.running) throw new RuntimeError("INVALID_PARTICIPANT_STATE", `participant ${label} is not running`, { label });
    p.running = false;
    p.incarnation++;
    p.handlers.clear();
    p.blocked.clear();
    p.openJournals.clear();
    let lost = 0;
    const keep = this.crashUnsynced === "drop" ? undefined : (unsynced: number) => this.storageRng.below(unsynced + 1);
    for (const name of [...p.journals.keys()].sort()) lost += (p.journals.get(name) as MemoryJournalData).crash(keep);
    this.audit(`crash ${label} lost=${lost}`);
  }

  /** Starts `label` again (a fresh Context over the same durable storage) at the current virtual time. */
  restart(label: string): void {
    const p = this.get(label);
    if (p.running) throw new RuntimeError("INVALID_PARTICIPANT_STATE", `participant ${label} is running; crash it first`, { label });
    this.audit(`restart ${label} ${p.incarnation}`);
    this.launch(p);
  }

  // ---- running ----

  /** Runs events up to virtual time `untilMs` (absolute) or for `forMs`; the clock then reads that time. */
  async run(options: { untilMs?: number; forMs?: number }): Promise<void> {
    const until = this.deadline(options.untilMs, options.forMs, "untilMs", "forMs");
    await this.loop(until, undefined);
  }

  /** Runs until `predicate()` holds (checked before the first event and after each) or `maxMs` virtual ms pass; returns whether it held. */
  async runUntil(predicate: () => boolean, options: { maxMs: number }): Promise<boolean> {
    if (typeof predicate !== "function") throw new ArgumentError("predicate", "must be a function");
    const until = this.deadline(undefined, options.maxMs, "untilMs", "maxMs");
    return this.loop(until, predicate);
  }

  /** Messages sent, delivered and dropped, in total, per channel and per drop cause. */
  stats(): SimulationStats {
    return this.wire.stats();
  }

  /** The peers `label`'s current incarnation has blocked. */
  blockedBy(label: string): PeerId[] {
    return [...this.get(label).blocked];
  }

  /** How many events the auditor has folded in. */
  get events(): number {
    return this.auditor.events;
  }

  private deadline(untilMs: number | undefined, forMs: number | undefined, untilName: string, forName: string): number {
    if ((untilMs === undefined) === (forMs === undefined)) throw new ArgumentError(untilName, `give exactly one of ${untilName} and ${forName}`);
    const until = untilMs ?? this.time + (forMs as number);
    if (!Number.isFinite(until) || until < this.time) {
      throw new ArgumentError(untilMs === undefined ? forName : untilName, `must not end before now (${this.time}), got ${String(until)}`);
    }
    return until;
  }

  private async loop(until: number, predicate: (() => boolean) | undefined): Promise<boolean> {
    if (this.running) throw new RuntimeError("SIMULATION_BUSY", "a run is already in progress");
    this.running = true;
    try {
      await settle();
      this.throwIfFailed();
      if (predicate?.() === true) return true;
      for (;;) {
        const next = this.queue.peek();
        if (next === undefined || next.at > until) break;
        this.queue.pop();
        this.time = next.at;
        next.run();
        // Let every promise chain the event started run to completion before the next event.
        await settle();
        this.throwIfFailed();
        if (predicate?.() === true) return true;
      }
      this.time = until;
      return false;
    } finally {
      this.running = false;
    }
  }

  private throwIfFailed(): void {
    const failure = this.failure;
    if (failure === undefined) return;
    this.failure = undefined;
    throw new RuntimeError("PARTICIPANT_FAILED", `${failure.label} failed at t=${this.time}: ${String(failure.error)}`, { label: failure.label }, { cause: failure.error });
  }

  private get(label: string): ParticipantState {
    const p = this.participants.get(label);
    if (p === undefined) throw new RuntimeError("UNKNOWN_PARTICIPANT", `no participant called ${String(label)}`, { label: String(label) });
    return p;
  }

  private audit(line: string): void {
    this.auditor.record(`t=${this.time} ${line}`);
  }

  private fail(p: ParticipantState, error: unknown): void {
    this.audit(`error ${p.label} ${String(error)}`);
    this.failure ??= { error, label: p.label };
  }

  private launch(p: ParticipantState): void {
    p.running = true;
    const incarnation = p.incarnation;
    this.queue.push(this.time, () => {
      if (!p.running || p.incarnation !== incarnation) return;
      this.audit(`start ${p.label} ${incarnation}`);
      const rng = seededRng(concatBytes(this.seed, encoder.encode(`/participant/${p.label.length}/${p.label}/${incarnation}`)));
      try {
        const result = p.start(createContext(this.kernel, p, rng));
        if (result instanceof Promise) result.catch((error: unknown) => this.fail(p, error));
      } catch (error) {
        this.fail(p, error);
      }
    });
  }
}

/** Resolves after every microtask queued so far, and those they queue, have run (one macrotask turn). */
function settle(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
