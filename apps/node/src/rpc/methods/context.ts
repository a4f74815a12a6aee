// What every RPC namespace reads: the chain, the mempool and the node's optional parts.
import type { Transaction } from "@cowboy/types";
import type { Chain } from "../../chain/chain.js";
import type { DevAccount } from "../../chain/genesis.js";
import type { DevControl } from "../../chain/dev-control.js";
import { MempoolError } from "../../mempool/errors.js";
import type { Mempool } from "../../mempool/mempool.js";
import type { ObservationStore } from "../../index-store/observations.js";
import { QueryError } from "../../query/pool.js";
import type { ReadOnlyEnv, ReadOnlyWork } from "../../query/read-only.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { hex } from "./json.js";

/** What the consensus RPC methods read (absent when the node runs without consensus: manual mode). */
export interface ConsensusView {
  status(): {
    readonly view: bigint;
    readonly leader: number | undefined;
    readonly notarizedHeight: bigint | undefined;
    readonly finalizedHeight: bigint;
    readonly voting: boolean;
    /** The epoch whose engine runs (0 on a chain without staking). */
    readonly epoch?: bigint;
  };
  readonly validators: ReadonlyArray<{ readonly address: Uint8Array; readonly stake: bigint; readonly blsPublicKey: Uint8Array; readonly peer: string }>;
  /** Peer ids currently connected. */
  peers(): readonly string[];
  /** This node's validator index, undefined for a full node. */
  readonly self: number | undefined;
}

export interface NodeContext {
  readonly chain: Chain;
  readonly mempool: Mempool;
  /** Present on a devnet: the faucet pays from the first one. */
  readonly devAccounts?: readonly DevAccount[];
  /** Verifies signatures off the main thread; without it admission verifies them here. */
  readonly verifier?: { verify(tx: Transaction): Promise<ReadonlyArray<readonly [number, string]>> };
  readonly consensus?: ConsensusView;
  /** Called after a transaction is admitted (gossip carries it to the other nodes). */
  readonly onTransaction?: (tx: Transaction) => void;
  /** Runs read-only calls and estimates off this thread (ReadOnlyPool); without it they run here. */
  readonly queries?: ReadOnlyWork;
  /** A devnet in manual mode: the dev_* controls (mining, snapshots, balances, impersonation). */
  readonly dev?: DevControl;
  /** Logs, fire records, timer history and debug traces (outside consensus data). */
  readonly observations?: ObservationStore;
}

/**
 * Runs read-only work through the query worker when there is one, else here. A full queue is the
 * client's cue to try later (-32005).
 */
export async function readOnly<T>(ctx: NodeContext, offThread: (work: ReadOnlyWork) => Promise<T>, here: (env: ReadOnlyEnv) => T): Promise<T> {
  if (ctx.queries === undefined) return here({ state: ctx.chain.state, head: ctx.chain.head, params: ctx.chain.params, engine: ctx.chain.engine });
  try {
    return await offThread(ctx.queries);
  } catch (error) {
    if (error instanceof QueryError && error.code === "QUERY_QUEUE_FULL") throw new RpcError(RpcErrorCode.LimitExceeded, `${error.code}: ${error.message}`);
    throw error;
  }
}

export function notFound(what: string): never {
  throw new RpcError(RpcErrorCode.NotFound, `${what} not found`);
}

/**
 * Admits `tx` to the mempool and returns its hash. Signatures are verified off-thread when a
 * verifier is set; the faucet's own transactions pass `offThread = false` so their nonces stay in
 * order.
 */
export async function admit(ctx: NodeContext, tx: Transaction, offThread = true): Promise<string> {
  const signatureFailures = ctx.verifier === undefined || !offThread ? undefined : await ctx.verifier.verify(tx);
  try {
    ctx.mempool.add(tx, ctx.chain.accounts, signatureFailures);
  } catch (error) {
    if (error instanceof MempoolError) throw new RpcError(RpcErrorCode.TransactionRejected, `${error.code}: ${error.message}`);
    throw error;
  }
  ctx.onTransaction?.(tx);
  return hex(tx.digest());
}
