// A small chain for actor tests: genesis, then blocks built by a proposer and re-applied by a
// verifier on its own fork (both must agree), committed to a memory store.
import { equalBytes, toHex } from "@cowboy/codec";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { canonicalizeSource, createTransaction, headerHash, type Header, type Instruction, type Receipt, type Transaction } from "@cowboy/types";
import {
  Accounts,
  type ActorEngine,
  applyBlock,
  applyGenesis,
  buildBlock,
  envOf,
  newActorBlockContext,
  queryActor,
  type BlockExecution,
  type ChainParams,
  type GenesisConfig,
  type QueryResult,
} from "../../src/index.js";
import { accountKey, addressOf, key, memoryState, params as defaultParams, CHAIN_ID } from "./helpers.js";
import type { StateStore } from "@cowboy/state";

export const CBY = 1_000_000_000n;
const MIN = DEFAULT_FEE_MARKET_CONFIG.minBasefee;
const PROPOSER = new Uint8Array(20).fill(0xee);

/** Minimal canonical CBOR for test arguments: ints, strings, bytes, arrays, string-keyed maps. */
export type Arg = bigint | number | string | Uint8Array | Arg[] | { [k: string]: Arg } | null | boolean;
export function cbor(v: Arg): Uint8Array {
  const out: number[] = [];
  const head = (major: number, n: bigint) => {
    const m = major << 5;
    if (n < 24n) out.push(m | Number(n));
    else if (n < 0x100n) out.push(m | 24, Number(n));
    else if (n < 0x10000n) out.push(m | 25, Number(n >> 8n), Number(n & 0xffn));
    else if (n < 0x100000000n) out.push(m | 26, ...[24n, 16n, 8n, 0n].map((s) => Number((n >> s) & 0xffn)));
    else out.push(m | 27, ...[56n, 48n, 40n, 32n, 24n, 16n, 8n, 0n].map((s) => Number((n >> s) & 0xffn)));
  };
  const go = (x: Arg): void => {
    if (x === null) out.push(0xf6);
    else if (typeof x === "boolean") out.push(x ? 0xf5 : 0xf4);
    else if (typeof x === "number" || typeof x === "bigint") {
      const n = BigInt(x);
      if (n >= 0n) head(0, n);
      else head(1, -1n - n);
    } else if (typeof x === "string") {
      const b = new TextEncoder().encode(x);
      head(3, BigInt(b.length));
      out.push(...b);
    } else if (x instanceof Uint8Array) {
      head(2, BigInt(x.length));
      out.push(...x);
    } else if (Array.isArray(x)) {
      head(4, BigInt(x.length));
      x.forEach(go);
    } else {
      const entries = Object.entries(x).map(([k, val]) => [cbor(k), cbor(val)] as const);
      entries.sort((a, b) => Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0])));
      head(5, BigInt(entries.length));
      for (const [k, val] of entries) out.push(...k, ...val);
    }
  };
  go(v);
  return new Uint8Array(out);
}

export class ActorChain {
  readonly store: StateStore;
  head: Header;
  readonly nonces = new Map<number, bigint>();
  /** The last block's execution as the proposer built it (timers report included). */
  last: BlockExecution | undefined;
  constructor(
    readonly params: ChainParams = defaultParams,
    /** Interpreter copies for the proposer's and the verifier's execution (default: fresh single ones). */
    readonly engines: { proposer?: ActorEngine; verifier?: ActorEngine } = {},
    /** Genesis validators (a chain whose params have staking needs them). */
    validators?: GenesisConfig["validators"],
    vesting?: GenesisConfig["vesting"],
    /** Epoch 0's threshold group key (consensus sets need it: downtime counts against them). */
    groupKey?: GenesisConfig["groupKey"],
  ) {
    const { store, fork } = memoryState();
    this.head = applyGenesis(
      fork,
      {
        timestampMs: 1_700_000_000_000n,
        allocations: [0, 1, 2, 3].map((i) => ({ address: addressOf(i), balance: 1_000_000n * CBY })),
        cycleBasefee: MIN,
        cellBasefee: MIN,
        ...(validators === undefined ? {} : { validators }),
        ...(vesting === undefined ? {} : { vesting }),
        ...(groupKey === undefined ? {} : { groupKey }),
      },
      params,
    );
    store.commit(fork, 0n, headerHash(this.head));
    this.store = store;
  }

  #nonce(i: number): bigint {
    const n = this.nonces.get(i) ?? 0n;
    this.nonces.set(i, n + 1n);
    return n;
  }

  tx(from: number, instruction: Instruction, limits: { cycles?: bigint; cells?: bigint } = {}): Transaction {
    return createTransaction({
      chainId: CHAIN_ID,
      nonce: this.#nonce(from),
      instruction,
      from: addressOf(from),
      cyclesLimit: limits.cycles ?? 5_000_000n,
      cellsLimit: limits.cells ?? 200_000n,
      maxFeePerCycle: 2n * MIN,
      maxFeePerCell: 2n * MIN,
      maxPriorityFeePerCycle: 0n,
      maxPriorityFeePerCell: 0n,
    }).sign(key(from));
  }

  deployTx(from: number, source: string, args: Arg[] = [], salt = 0, limits = {}): Transaction {
    const s = new Uint8Array(32);
    s[31] = salt;
    return this.tx(from, { type: "deploy_actor", code: canonicalizeSource(source), salt: s, args: args.length === 0 ? new Uint8Array(0) : cbor(args) }, limits);
  }

  callTx(from: number, target: Uint8Array, method: string, args: Arg[] = [], opts: { value?: bigint; cycles?: bigint; cells?: bigint } = {}): Transaction {
    return this.tx(from, { type: "call_actor", target, method, args: args.length === 0 ? new Uint8Array(0) : cbor(args), value: opts.value ?? 0n }, opts);
  }

  /**
   * Builds a block of `txs`, re-applies it on a second fork, checks both agree, commits. With
   * `verify: false` the proposer's fork is committed as built (long runs whose agreement other
   * tests already check).
   */
  block(txs: Transaction[], { verify = true, certificate }: { verify?: boolean; certificate?: Uint8Array } = {}): Receipt[] {
    const proposer = this.store.fork();
    const engine = this.engines.proposer;
    const built = buildBlock({
      state: proposer,
      parent: this.head,
      candidates: txs,
      params: this.params,
      proposer: PROPOSER,
      timestampMs: this.head.timestamp_ms + 1000n,
      ...(engine === undefined ? {} : { interpreters: engine }),
      ...(certificate === undefined ? {} : { certificate }),
    });
    if (built.skipped.length > 0) throw new Error(`skipped: ${built.skipped.map(([, r]) => r.message).join("; ")}`);
    if (verify) {
      const verifier = this.store.fork();
      const applied = applyBlock({ state: verifier, parent: this.head, block: built.block, params: this.params, interpreters: this.engines.verifier });
      if (!equalBytes(applied.stateRoot, built.block.header.state_root)) throw new Error("verifier disagrees");
      this.store.commit(verifier, built.block.header.height, headerHash(built.block.header));
    } else this.store.commit(proposer, built.block.header.height, headerHash(built.block.header));
    this.head = built.block.header;
    this.last = built.execution;
    // Receipts in the order of the submitted transactions.
    const byDigest = new Map(built.block.transactions.map((tx, i) => [toHex(tx.digest()), built.execution.receipts[i]!]));
    return txs.map((tx) => byDigest.get(toHex(tx.digest()))!);
  }

  transferTx(from: number, to: Uint8Array, amount: bigint): Transaction {
    return this.tx(from, { type: "transfer", to, amount }, { cycles: 21_000n, cells: 0n });
  }

  query(target: Uint8Array, method: string, args: Arg[] = []): QueryResult {
    const fork = this.store.fork();
    return queryActor(fork, envOf(this.head, newActorBlockContext()), this.params, {
      from: addressOf(0),
      target,
      method,
      args: args.length === 0 ? new Uint8Array(0) : cbor(args),
      cyclesLimit: 1_000_000n,
    });
  }

  account(address: Uint8Array) {
    return new Accounts(this.store.fork(), accountKey).get(address);
  }

  root(): string {
    return toHex(this.head.state_root);
  }
}

export const text = (b: Uint8Array): string => new TextDecoder().decode(b);
