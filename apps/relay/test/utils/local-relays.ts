// In-process relays for the unit tests: `count` relays on loopback under a fresh temporary directory (relay i has the
// key 32 × (i + 1) and data in <dir>/r<i>), and one close() for the relays and the directory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChainView, type RunningRelay, startRelay } from "../../src/index.js";

export interface LocalRelays {
  readonly dir: string;
  readonly relays: RunningRelay[];
  close(): Promise<void>;
}

export async function startLocalRelays(prefix: string, count: number, options: { stake?: (i: number) => bigint; chain?: ChainView } = {}): Promise<LocalRelays> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const relays = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      startRelay({
        privateKey: new Uint8Array(32).fill(i + 1),
        stake: options.stake?.(i) ?? 1000n,
        dataDir: join(dir, `r${i}`),
        ...(options.chain === undefined ? {} : { chain: options.chain }),
      }),
    ),
  );
  return {
    dir,
    relays,
    async close() {
      await Promise.all(relays.map((r) => r.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
