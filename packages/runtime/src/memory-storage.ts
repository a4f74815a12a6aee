// The in-memory Storage (capabilities.ts, `Storage`, `Journal`) for tests and embedding. `sync`
// makes records durable at once; `crash()` plays a process crash: unsynced records are lost and
// open journals are closed, while synced ones stay for the next `journal(name)`.
import { au64 } from "@cowboy/codec";
import type { Journal, JournalRecord, Storage } from "./capabilities.js";
import { RuntimeError } from "./errors.js";
import { aappend, ajournalName } from "./journal-name.js";
import { MemoryJournalData } from "./memory-journal.js";

export class MemoryStorage implements Storage {
  private readonly data = new Map<string, MemoryJournalData>();
  private readonly open = new Map<string, { closed: boolean }>();

  async journal(name: string): Promise<Journal> {
    ajournalName(name);
    if (this.open.has(name)) throw new RuntimeError("JOURNAL_OPEN", `journal ${name} is already open`, { name });
    let data = this.data.get(name);
    if (data === undefined) {
      data = new MemoryJournalData();
      this.data.set(name, data);
    }
    const state = { closed: false };
    this.open.set(name, state);
    const store = data;
    const live = (): void => {
      if (state.closed) throw new RuntimeError("JOURNAL_CLOSED", `journal ${name} is closed`, { name });
    };
    return {
      append(section: bigint, record: Uint8Array): void {
        live();
        aappend(section, record);
        store.append(section, record);
      },
      async sync(): Promise<void> {
        live();
        store.completeSync(store.markSync());
      },
      replay(): Iterable<JournalRecord> {
        live();
        return store.replay();
      },
      async prune(section: bigint): Promise<void> {
        live();
        au64(section, "section");
        store.prune(section);
      },
      close: async (): Promise<void> => {
        if (state.closed) return;
        state.closed = true;
        this.open.delete(name);
      },
    };
  }

  /** Plays a crash: every journal loses its unsynced records and every open handle is closed. */
  crash(): void {
    for (const state of this.open.values()) state.closed = true;
    this.open.clear();
    for (const data of this.data.values()) data.crash();
  }
}
