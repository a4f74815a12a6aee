// Actor method calls per second of CPU time through applyBlock (signatures checked beforehand, memory state),
// for Counter.increment, a storage-heavy handler and a message cascade, with the Cycles per second they
// represent and the CPU time per million Cycles as a ratio to transfers' (issue 18: Cycles must track work);
// the baseline is a block of plain transfers applied in the same run.
import { formatRatio, printTable } from "@cowboy/bench-harness";
import { addressFromPrivateKey, keccak256, loadFastHashes } from "@cowboy/crypto";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { accountKey, MemoryBackend, StateStore } from "@cowboy/state";
import { canonicalizeSource, createTransaction, headerHash, type Block, type Header, type Instruction } from "@cowboy/types";
// The built packages (dist/), as cowboyd runs them: `pnpm bench` builds first. Through the TypeScript
// sources (tsx --conditions=@cowboy/source) actor calls run ~2x slower.
import { ActorEngine, applyBlock, applyGenesis, buildBlock, defaultChainParams } from "@cowboy/execution";

const SENDERS = 400;
const ACTORS = 40;
const hashes = await loadFastHashes();
const params = { ...defaultChainParams(7n, accountKey), hashes };
const keys = Array.from({ length: SENDERS }, (_, i) => keccak256(new TextEncoder().encode(`actor-bench${i}`)));
const addresses = keys.map((k) => addressFromPrivateKey(k));
const min = DEFAULT_FEE_MARKET_CONFIG.minBasefee;
const noVerify = (): Array<readonly [number, string]> => [];
// The importing node's interpreter, kept across blocks as cowboyd keeps its ActorEngine (one copy:
// every actor on copy 0). The proposer builds each block on a fresh default pool.
const engine = await ActorEngine.load({ copies: 1 });

const SOURCE = `from cowboy_sdk import actor, send

@actor
class Bench:
    def __init__(self):
        self.storage["count"] = 0

    def increment(self):
        self.storage["count"] += 1
        return self.storage["count"]

    def heavy(self, n):
        for i in range(n):
            self.storage[("row", i)] = {"i": i, "sq": i * i, "tag": "x" * 16}
        return n

    def fan(self, other, n):
        for i in range(n):
            send(other, "record", i)
        return n

    def record(self, i):
        self.storage["last"] = i
`;

const store = StateStore.open(new MemoryBackend());
let fork = store.fork();
let head: Header = applyGenesis(
  fork,
  { timestampMs: 1_000n, allocations: addresses.map((address) => ({ address, balance: 10n ** 15n })), cycleBasefee: min, cellBasefee: min },
  params,
);
store.commit(fork, 0n, headerHash(head));
const nonces = new Array<bigint>(SENDERS).fill(0n);

function tx(i: number, instruction: Instruction, cycles: bigint, cells = 100_000n) {
  return createTransaction({
    chainId: 7n,
    nonce: nonces[i]!++,
    instruction,
    from: addresses[i]!,
    cyclesLimit: cycles,
    cellsLimit: cells,
    maxFeePerCycle: 3n * min,
    maxFeePerCell: 3n * min,
  }).sign(keys[i]!);
}

/** Builds (not measured) then imports (measured) one block; returns seconds and total Cycles. */
function importBlock(txs: ReturnType<typeof tx>[]): { seconds: number; cycles: bigint; n: number } {
  const built = buildBlock({ state: store.fork(), parent: head, candidates: txs, params, proposer: new Uint8Array(20), timestampMs: head.timestamp_ms + 1000n });
  if (built.skipped.length > 0) throw new Error(`skipped ${built.skipped.length}: ${built.skipped[0]![1].message}`);
  const failed = built.execution.receipts.find((r) => r.status !== 0);
  if (failed !== undefined) throw new Error(`a transaction failed: ${new TextDecoder().decode(failed.return_data)}`);
  const block: Block = built.block;
  fork = store.fork();
  // CPU time of this thread, not wall time: a loaded machine distorts it less.
  const t = process.cpuUsage();
  applyBlock({ state: fork, parent: head, block, params, verifier: noVerify, interpreters: engine });
  const used = process.cpuUsage(t);
  const seconds = (used.user + used.system) / 1e6;
  store.commit(fork, block.header.height, headerHash(block.header));
  head = block.header;
  return { seconds, cycles: block.header.cycles_used, n: block.transactions.length };
}

// Deploy the actors (not measured).
const salts = Array.from({ length: ACTORS }, (_, i) => {
  const s = new Uint8Array(32);
  s[31] = i;
  return s;
});
const code = canonicalizeSource(SOURCE);
const deployed = importBlock(salts.map((salt, i) => tx(i, { type: "deploy_actor", code, salt, args: new Uint8Array(0) }, 2_000_000n)));
const receiptsOk = deployed.n === ACTORS;
if (!receiptsOk) throw new Error("deploys failed");
const { actorAddress, codeHash } = await import("@cowboy/types");
const actors = salts.map((salt, i) => actorAddress(addresses[i]!, salt, codeHash(code)));

const transfers = importBlock(addresses.map((_, i) => tx(i, { type: "transfer", to: addresses[(i + 1) % SENDERS]!, amount: 1n }, 21_000n, 0n)));
const incrementBlock = () =>
  importBlock(addresses.map((_, i) => tx(i, { type: "call_actor", target: actors[i % ACTORS]!, method: "increment", args: new Uint8Array(0), value: 0n }, 200_000n)));
// The first block after the deploys, then the best of three more (the interpreter warm).
const firstIncrements = incrementBlock();
// ACTORS_PROFILE=FILE: a CPU profile of the three warm blocks (bench/actors-profile.ts summarises it).
const profiling = process.env.ACTORS_PROFILE === undefined ? null : await startProfile();
const increments = [incrementBlock(), incrementBlock(), incrementBlock()].reduce((a, b) => (a.seconds <= b.seconds ? a : b));
if (profiling !== null) await profiling(process.env.ACTORS_PROFILE!);
const heavyArgs = Uint8Array.of(0x81, 0x14); // [20] (canonical: 20 fits the head byte)
const heavy = importBlock(
  addresses.slice(0, 200).map((_, i) => tx(i, { type: "call_actor", target: actors[i % ACTORS]!, method: "heavy", args: heavyArgs, value: 0n }, 2_000_000n, 1_000_000n)),
);

// A message cascade: each call sends 10 messages to another actor, delivered after it in the same transaction.
const fanArgs = (i: number) => Uint8Array.of(0x82, 0x54, ...actors[(i + 1) % ACTORS]!, 0x0a); // [bytes20 address, 10]
const cascade = importBlock(
  addresses.slice(0, 100).map((_, i) => tx(i, { type: "call_actor", target: actors[i % ACTORS]!, method: "fan", args: fanArgs(i), value: 0n }, 2_000_000n, 200_000n)),
);

async function startProfile(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import("node:inspector");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 100 });
  await post("Profiler.start");
  return async (file) => {
    const { profile } = (await post("Profiler.stop")) as { profile: unknown };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

const rate = (r: { seconds: number; n: number }) => r.n / r.seconds;
/** CPU milliseconds per million Cycles. */
const msPerMillion = (r: { seconds: number; cycles: bigint }) => (r.seconds * 1e9) / Number(r.cycles);
const base = rate(transfers);
printTable("actor calls through applyBlock (memory state, signatures pre-verified)", [
  ["case", "per second", "vs transfers", "Cycles/s", "ms per 1M Cycles", "per Cycle vs transfers"],
  [
    "plain transfers (baseline)",
    Math.round(base).toLocaleString("en-US"),
    "1.00x",
    Math.round(Number(transfers.cycles) / transfers.seconds).toLocaleString("en-US"),
    msPerMillion(transfers).toFixed(1),
    "1.00x",
  ],
  [
    "Counter.increment (first block)",
    Math.round(rate(firstIncrements)).toLocaleString("en-US"),
    formatRatio(rate(firstIncrements) / base),
    Math.round(Number(firstIncrements.cycles) / firstIncrements.seconds).toLocaleString("en-US"),
    msPerMillion(firstIncrements).toFixed(1),
    formatRatio(msPerMillion(firstIncrements) / msPerMillion(transfers)),
  ],
  [
    "Counter.increment (warm)",
    Math.round(rate(increments)).toLocaleString("en-US"),
    formatRatio(rate(increments) / base),
    Math.round(Number(increments.cycles) / increments.seconds).toLocaleString("en-US"),
    msPerMillion(increments).toFixed(1),
    formatRatio(msPerMillion(increments) / msPerMillion(transfers)),
  ],
  [
    "heavy(20): 20 storage writes of a small dict",
    Math.round(rate(heavy)).toLocaleString("en-US"),
    formatRatio(rate(heavy) / base),
    Math.round(Number(heavy.cycles) / heavy.seconds).toLocaleString("en-US"),
    msPerMillion(heavy).toFixed(1),
    formatRatio(msPerMillion(heavy) / msPerMillion(transfers)),
  ],
  [
    "fan(10): a call and its 10 deliveries",
    Math.round(rate(cascade)).toLocaleString("en-US"),
    formatRatio(rate(cascade) / base),
    Math.round(Number(cascade.cycles) / cascade.seconds).toLocaleString("en-US"),
    msPerMillion(cascade).toFixed(1),
    formatRatio(msPerMillion(cascade) / msPerMillion(transfers)),
  ],
]);
