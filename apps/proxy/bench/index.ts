// CBSS release latency (issue 23, cips/cbss.md §8): from a runner's request to plaintext, for t = 3 of 5
// and t = 5 of 7 proxies on loopback (real HTTP servers in this process, real share signing, verification,
// combination and decryption), as a ratio against the baseline measured in the same run: opening the
// envelope with an already-combined key (one pairing, the least work any release needs). For information
// only; nothing is asserted. Run: pnpm --filter @cowboy/proxy bench (CBSS_BENCH_N sets releases per case, default 10).
import { toHex } from "@cowboy/codec";
import {
  type CbssContext,
  combineShares,
  createCbssConfig,
  dealCommittee,
  openDealtShare,
  openSecret,
  publishCommittee,
  putSecret,
  registerProxy,
  sealSecret,
  secretIdentity,
  signShare,
  transportKeyPair,
} from "@cowboy/cbss";
import { createReleaseHandler, createSecretSource, stateChainView } from "@cowboy/cbss/client";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { deriveProxyKeys, serveRelease } from "../src/index.js";

const N = Number(process.env.CBSS_BENCH_N ?? 10);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function scenario(t: number, n: number): Promise<{ median: number; p90: number }> {
  const m = new Map<string, Uint8Array>();
  const state = {
    get: (k: Uint8Array) => m.get(toHex(k)),
    set: (k: Uint8Array, v: Uint8Array) => void m.set(toHex(k), v.slice()),
    delete: (k: Uint8Array) => void m.delete(toHex(k)),
  };
  const accounts = { balanceOf: () => 10n ** 30n, debit: () => {}, credit: () => {} };
  const dealer = new Uint8Array(20).fill(0xde);
  const owner = new Uint8Array(20).fill(0x0a);
  const config = createCbssConfig({ dealer, minProxyStake: 1n });
  const ctx = (sender: Uint8Array): CbssContext => ({ state, accounts, config, height: 1n, chainId: 5n, sender });
  const keys = Array.from({ length: n }, (_, i) => deriveProxyKeys(new Uint8Array(32).fill(0x70 + i)));
  for (const k of keys)
    registerProxy(ctx(k.address), { stake: 1n, blsPublicKey: k.blsPublicKey, proofOfPossession: k.proofOfPossession, transportKey: k.transport.publicKey, endpoint: "" });
  const dealing = dealCommittee(
    new Uint8Array(32).fill(0x21),
    1n,
    t,
    keys.map((k) => ({ address: k.address, transportKey: k.transport.publicKey })),
    new Uint8Array(32).fill(3),
  );
  publishCommittee(ctx(dealer), dealing);
  putSecret(
    ctx(owner),
    "k",
    sealSecret(dealing.commitments[0]!, secretIdentity({ chainId: 5n, owner, name: "k", version: 1 }), new TextEncoder().encode("bench-secret")),
    { actors: [], jobKinds: [], runnerRequires: [], maxReleases: 0n, untilBlock: 0n },
    0n,
  );
  const runnerKey = new Uint8Array(32).fill(0x61);
  const runner = addressFromPrivateKey(runnerKey);
  const transport = transportKeyPair(new Uint8Array(32).fill(0x62));
  const view = stateChainView({
    state,
    height: () => 1n,
    job: () => ({ poster: owner, kind: "http", committee: [runner], postedAt: 1n, selectedAt: 1n }),
    runner: () => ({ provides: [], providesHistory: { since: 0n, entries: [] }, transportKey: transport.publicKey, active: true }),
  });
  const servers = await Promise.all(
    keys.map((k) =>
      serveRelease(createReleaseHandler({ chainId: 5n, privateKey: k.privateKey, address: k.address, share: openDealtShare(k.transport.secretKey, dealing, k.address), view })),
    ),
  );
  const source = createSecretSource({ chainId: 5n, view, runnerKey, transportKey: transport.secretKey, proxies: servers.map((s) => s.url) });
  const times: number[] = [];
  for (let i = 0; i < N + 1; i++) {
    const job = new Uint8Array(32).fill(i);
    const t0 = performance.now();
    const v = await source.get({ owner, name: "k" }, job);
    await v.use(() => {});
    if (i > 0) times.push(performance.now() - t0); // the first warms the JIT and sockets
  }
  await Promise.all(servers.map((s) => s.close()));
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p90: sorted[Math.floor(sorted.length * 0.9)] ?? sorted.at(-1)! };
}

function baseline(): number {
  const owner = new Uint8Array(20).fill(0x0a);
  const d = dealCommittee(
    new Uint8Array(32).fill(0x21),
    1n,
    1,
    [{ address: owner, transportKey: transportKeyPair(new Uint8Array(32).fill(1)).publicKey }],
    new Uint8Array(32).fill(3),
  );
  const id = secretIdentity({ chainId: 5n, owner, name: "k", version: 1 });
  const env = sealSecret(d.commitments[0]!, id, new TextEncoder().encode("bench-secret"));
  const share = openDealtShare(new Uint8Array(32).fill(1), d, owner);
  const { key } = combineShares(d.commitments, 1, [signShare(share, id)], id);
  const times: number[] = [];
  for (let i = 0; i < N + 1; i++) {
    const t0 = performance.now();
    openSecret(key, id, env);
    if (i > 0) times.push(performance.now() - t0);
  }
  return median(times);
}

const base = baseline();
console.log(`baseline: open an envelope with a combined key (one pairing): ${base.toFixed(1)} ms (median of ${N})`);
for (const [t, n] of [
  [3, 5],
  [5, 7],
] as const) {
  const r = await scenario(t, n);
  console.log(`release t=${t} of n=${n} on loopback: median ${r.median.toFixed(1)} ms, p90 ${r.p90.toFixed(1)} ms = ${(r.median / base).toFixed(1)}x baseline`);
}
