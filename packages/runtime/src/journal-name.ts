// The rules every Storage shares (capabilities.ts, `Storage.journal`): what a journal may be called,
// how long a record may be, and the order `replay` yields sections in.
import { ArgumentError, au64 } from "@cowboy/codec";
import { RuntimeError } from "./errors.js";

/** The largest record a journal accepts (64 MiB): a frame's length field beyond it marks a torn or corrupt tail. */
export const MAX_JOURNAL_RECORD_BYTES = 64 * 1024 * 1024;

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Returns `name` after checking it is a valid journal name. */
export function ajournalName(name: unknown): string {
  if (typeof name !== "string" || !NAME.test(name)) {
    throw new RuntimeError("INVALID_JOURNAL_NAME", `journal name must be 1 to 64 letters, digits, '-' or '_', got ${JSON.stringify(name)}`, {
      name: String(name),
    });
  }
  return name;
}

/** Returns the checked (section, record) of an append. */
export function aappend(section: unknown, record: unknown): void {
  au64(section, "section");
  if (!(record instanceof Uint8Array)) throw new ArgumentError("record", "must be a Uint8Array");
  if (record.length > MAX_JOURNAL_RECORD_BYTES) {
    throw new RuntimeError("RECORD_TOO_LARGE", `record of ${record.length} bytes exceeds the journal maximum of ${MAX_JOURNAL_RECORD_BYTES}`, {
      length: record.length,
    });
  }
}

/** Sorts bigint sections ascending. */
export function ascending(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
