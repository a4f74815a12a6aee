// The simulator's auditor (issue 17, "an auditor digest over every event"): SHA-256 over the audit
// log, one text line per event (`t=<ms> <kind> <fields>\n`), hashed incrementally, so two runs are
// identical exactly when their digests are. Lines are plain text so a diverging run can be diffed
// through `onEvent`. The simulator runs on Node (it drains with setImmediate), so node:crypto is used.
import { createHash } from "node:crypto";

export class Auditor {
  private readonly hash = createHash("sha256");
  private count = 0;

  constructor(private readonly onEvent?: (line: string) => void) {}

  /** Appends one event line to the hashed log. */
  record(line: string): void {
    this.hash.update(`${line}\n`);
    this.count++;
    this.onEvent?.(line);
  }

  /** Lowercase hex SHA-256 of the log so far. */
  digest(): string {
    return this.hash.copy().digest("hex");
  }

  get events(): number {
    return this.count;
  }
}

/** The first 16 hex digits of a payload's SHA-256: how messages and records appear in audit lines. */
export function payloadId(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}
