// Child process of crash.e2e.test.ts: appends numbered records to journal "log" of the storage at
// argv[2], syncing after each, and prints each number once its sync has resolved; runs until killed.
import { FileStorage } from "../../src/index.js";

const storage = await FileStorage.open(process.argv[2] as string);
const journal = await storage.journal("log");
let next = [...journal.replay()].length;
for (;;) {
  const record = new TextEncoder().encode(`record ${next} `.padEnd(200 + (next % 37), "x"));
  journal.append(BigInt(next >> 4), record);
  await journal.sync();
  process.stdout.write(`${next}\n`);
  next++;
}
