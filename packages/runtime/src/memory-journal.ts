// The journal semantics of capabilities.ts (`Journal`) held in memory: records per section, a
// durable prefix per section, and a crash that forgets what was not synced. MemoryStorage and the
// simulator's storage both keep their data here, so both obey exactly the same rules.
import type { JournalRecord } from "./capabilities.js";
import { ascending } from "./journal-name.js";

interface Section {
  readonly records: Uint8Array[];
  /** How many leading records of `records` are durable. */
  durable: number;
}

/** What `sync` promises to make durable: each section's record count when it was called. */
export type SyncMark = ReadonlyMap<bigint, number>;

/** One journal's records, kept across crashes of the process that writes them. */
export class MemoryJournalData {
  private readonly sections = new Map<bigint, Section>();

  /** Appends a copy of `record` (the caller may reuse its buffer). */
  append(section: bigint, record: Uint8Array): void {
    let s = this.sections.get(section);
    if (s === undefined) {
      s = { records: [], durable: 0 };
      this.sections.set(section, s);
    }
    s.records.push(record.slice());
  }

  /** The record count of every section now: pass it to `completeSync` once the sync is done. */
  markSync(): SyncMark {
    const mark = new Map<bigint, number>();
    for (const [n, s] of this.sections) mark.set(n, s.records.length);
    return mark;
  }

  /** Makes durable every record counted by `mark` (sections pruned since are skipped). */
  completeSync(mark: SyncMark): void {
    for (const [n, count] of mark) {
      const s = this.sections.get(n);
      if (s !== undefined) s.durable = Math.max(s.durable, Math.min(count, s.records.length));
    }
  }

  /** Removes every section below `section` (durable at once: a pruned section never returns). */
  prune(section: bigint): number {
    let removed = 0;
    for (const n of [...this.sections.keys()]) {
      if (n < section) {
        this.sections.delete(n);
        removed++;
      }
    }
    return removed;
  }

  /**
   * Forgets records not yet durable, as a crash does. `keep(unsynced)` says how many of a section's
   * unsynced records survive (a prefix of them, in section order); by default none. Returns how many were lost.
   */
  crash(keep: (unsynced: number) => number = () => 0): number {
    let lost = 0;
    for (const n of [...this.sections.keys()].sort(ascending)) {
      const s = this.sections.get(n) as Section;
      const unsynced = s.records.length - s.durable;
      const kept = unsynced === 0 ? 0 : Math.max(0, Math.min(unsynced, Math.floor(keep(unsynced))));
      lost += unsynced - kept;
      s.records.length = s.durable + kept;
      s.durable = s.records.length;
      if (s.durable === 0) this.sections.delete(n);
    }
    return lost;
  }

  /** Every record, sections ascending, append order within a section (copies, so callers cannot alter the store). */
  *replay(): Generator<JournalRecord> {
    const keys = [...this.sections.keys()].sort(ascending);
    for (const section of keys) {
      const s = this.sections.get(section);
      if (s === undefined) continue;
      for (const record of s.records) yield { section, record: record.slice() };
    }
  }
}
