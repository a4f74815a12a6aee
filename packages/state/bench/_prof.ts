import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadFastHashes } from "@cowboy/crypto";
import { open } from "lmdb";
import { LmdbBackend, StateStore } from "../src/index.js";
const hashes = await loadFastHashes();
const enc = new TextEncoder();
const store = StateStore.open(LmdbBackend.open(mkdtempSync(join(tmpdir(), "sp-"))), { hashes });
const raw = open({ path: mkdtempSync(join(tmpdir(), "sp-")), encoding: "binary", compression: false });
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const pre = store.fork();
for (let i = 0; i < 100000; i++) pre.set(enc.encode(`k${i}`), enc.encode(`v${i}`));
let t = cpu();
store.commit(pre, 0n);
console.log("preload", (cpu() - t).toFixed(0));
for (let r = 1; r < 6; r++) {
  const writes = Array.from({ length: 10000 }, (_, i) => [enc.encode(`k${(r * 7919 + i * 13) % 200000}`), enc.encode(`value ${r} ${i}`)] as const);
  t = cpu();
  raw.transactionSync(() => { for (const [k, v] of writes) raw.putSync(Buffer.from(k), Buffer.from(v)); });
  const t0 = cpu();
  const f = store.fork();
  for (const [k, v] of writes) f.set(k, v);
  const t1 = cpu();
  f.computeRoot();
  const t2 = cpu();
  store.commit(f, BigInt(r));
  console.log("raw", (t0 - t).toFixed(0), "sets", (t1 - t0).toFixed(0), "root", (t2 - t1).toFixed(0), "commit", (cpu() - t2).toFixed(0));
}
