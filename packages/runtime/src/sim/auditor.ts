// The simulator's auditor (issue 17, "an auditor digest over every event"): a running SHA-256 over one
// text line per event, so two runs are identical exactly when their digests are. Lines are plain text
// (`t=<ms> <kind> <fields>`) so a diverging run can be diffed through `onEvent`.
import { toHex } from "@cowboy/codec";
import { sha256 } from "@cowboy/crypto";

const encoder = new TextEncoder();

export class Auditor {
  private state: Uint8Array = sha256(encoder.encode("cowboy-runtime-simulation-audit"));
  private count = 0;

  constructor(private readonly onEvent?: (line: string) => void) {}

  /** Folds one event into the digest: state = SHA-256(state || line). */
  record(line: string): void {
    const bytes = encoder.encode(line);
    const input = new Uint8Array(32 + bytes.length);
    input.set(this.state);
    input.set(bytes, 32);
    this.state = sha256(input);
    this.count++;
    this.onEvent?.(line);
  }

  /** Lowercase hex of the running hash. */
  digest(): string {
    return toHex(this.state);
  }

  get events(): number {
    return this.count;
  }
}

/** Short hex of a payload's SHA-256, the form messages and records take in audit lines. */
export function payloadId(bytes: Uint8Array): string {
  return toHex(sha256(bytes)).slice(0, 16);
}
