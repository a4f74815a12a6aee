import { encodeDeployManifest, type Requirement } from "@cowboy/runner-market";
import { decodeCbor, encodeCbor, fromHex, toHex, type CborValue } from "@cowboy/codec";
import * as interop from "./interop.js";
import type { BridgeAsset, EthOracle, EthSubscription, UnlockRequest } from "./interop.js";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import {
  actorAddress,
  canonicalizeSource,
  codeHash,
  createTransaction,
  headerFromJson,
  receiptFromJson,
  transactionFromJson,
  type Account,
  type Header,
  type Instruction,
  type PriorityTierName,
  type Receipt,
  type TimerJson,
  type Transaction,
} from "@cowboy/types";
import { resolveSigner, type Signer } from "./account.js";
import { ClientError } from "./errors.js";
import { getActorInterface, getLogs, getTimerHistory, getTrace, type ActorInterface, type FinishedTimer, type Log, type LogFilter, type Trace } from "./optional-methods.js";
import {
  getAccountProof,
  getConsensus,
  getFullBlock,
  getStorageEntry,
  getTransactionInfo,
  getValidators,
  type AccountProof,
  type ConsensusStatus,
  type FullBlock,
  type StorageEntry,
  type TransactionInfo,
  type ValidatorInfo,
} from "./reads.js";
import { getParam, getProposal, listParams, listProposals, type ParamGroupInfo, type ProposalInfo } from "./governance-reads.js";
import { getJob, listJobs, listRunners, type JobFilter, type JobInfo, type RunnerInfo } from "./runner-reads.js";
import { getRent, getValidatorRecords, type RentInfo, type ValidatorRecord } from "./standing-reads.js";
import { getVolume, listRelays, listVolumes, type OrphanVolume, type RelayInfo, type VolumeDetail, type VolumeInfo } from "./storage-reads.js";
import { subscribe, type Subscription } from "./subscribe.js";
import { httpTransport, type Request, type TransportOptions } from "./transport.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export interface IncludedReceipt extends Receipt {
  readonly transactionHash: Uint8Array;
  readonly blockHash: Uint8Array;
  readonly height: bigint;
  readonly index: number;
}

export interface BlockSummary {
  readonly header: Header;
  readonly transactionHashes: readonly Uint8Array[];
}

/** The signer (`privateKey` or a viem-style `account`, see account.ts) and the transaction's fields. */
export type SendOptions = Signer & {
  readonly instruction: Instruction;
  /** Defaults: the intrinsic cost for transfers (@cowboy/metering), else 1,000,000 / 100,000. */
  readonly cyclesLimit?: bigint;
  readonly cellsLimit?: bigint;
  /** Priority fee per unit, both meters; default 0. */
  readonly tip?: bigint;
  /** Max fee per unit = basefee × this + tip (default 2: absorbs ~70 full blocks of basefee growth). */
  readonly feeMultiplier?: bigint;
  /** Default: the account's pending nonce. */
  readonly nonce?: bigint;
  readonly metadata?: Uint8Array;
};

/** Just the signer half of an option bag (so the other fields are not passed on). */
function signerOf(options: Signer): Signer {
  return options.account === undefined ? { privateKey: options.privateKey } : { account: options.account };
}

/** Positional arguments (a list) or keyword arguments (a string-keyed object); none when omitted. */
export type ActorArgs = readonly CborValue[] | { readonly [name: string]: CborValue };

export type QueryOutcome = { ok: true; value: CborValue; cyclesUsed: bigint } | { ok: false; error: string; cyclesUsed: bigint };

/** The canonical argument bytes of cips/actors.md: empty, a list, or a map of keywords. */
export function encodeArgs(args: ActorArgs | undefined): Uint8Array {
  if (args === undefined) return new Uint8Array(0);
  return encodeCbor(Array.isArray(args) ? [...args] : (args as { [name: string]: CborValue }));
}

/** An active timer as `cowboy_getTimers` reports it (cips/actors.md "Timers"). */
export interface ActiveTimer {
  readonly id: Uint8Array;
  /** The creator: may cancel it, its cap counts the timer, the handler sees it as msg.sender. */
  readonly owner: Uint8Array;
  /** The actor whose handler runs. */
  readonly target: Uint8Array;
  readonly feePayer: Uint8Array;
  readonly handler: string;
  /** Canonical CBOR of the handler's argument (empty: the handler is called with none). */
  readonly data: Uint8Array;
  readonly nextFireHeight: bigint;
  /** Blocks between fires; 0 for a one-shot timer. */
  readonly interval: bigint;
  readonly cyclesPerFire: bigint;
  readonly cellsPerFire: bigint;
  readonly expiresAt: bigint | null;
  readonly priority: PriorityTierName | string;
  readonly maxFeePerCycle: bigint;
  readonly maxPriorityFeePerCycle: bigint;
  readonly gasBiddingAgent: Uint8Array | null;
  readonly createdAt: bigint;
}

function timerFromJson(j: TimerJson): ActiveTimer {
  return {
    id: fromHex(j.id),
    owner: fromHex(j.owner),
    target: fromHex(j.target),
    feePayer: fromHex(j.fee_payer),
    handler: j.handler,
    data: fromHex(j.data),
    nextFireHeight: BigInt(j.next_fire_height),
    interval: BigInt(j.interval),
    cyclesPerFire: BigInt(j.cycles_per_fire),
    cellsPerFire: BigInt(j.cells_per_fire),
    expiresAt: j.expires_at === null ? null : BigInt(j.expires_at),
    priority: j.priority,
    maxFeePerCycle: BigInt(j.max_fee_per_cycle),
    maxPriorityFeePerCycle: BigInt(j.max_priority_fee_per_cycle),
    gasBiddingAgent: j.gas_bidding_agent === null ? null : fromHex(j.gas_bidding_agent),
    createdAt: BigInt(j.created_at),
  };
}

export interface WaitOptions {
  readonly timeoutMs?: number;
  readonly pollMs?: number;
  /** Called on every poll while the transaction is pending (for a progress indicator). */
  readonly onPoll?: (elapsedMs: number) => void;
}

/**
 * A typed client for a Cowboy node (JSON-RPC over HTTP, subscriptions over WebSocket). Every
 * value crosses the wire in the JSON forms of @cowboy/types and comes back as the library's types.
 */
export class CowboyClient {
  readonly request: Request;
  readonly url: string;

  constructor(options: TransportOptions) {
    this.url = options.url;
    this.request = httpTransport(options);
  }

  async getChainId(): Promise<bigint> {
    return BigInt(await this.request<string>("cowboy_chainId"));
  }

  async getHead(): Promise<Header> {
    return headerFromJson(await this.request("cowboy_head"));
  }

  async getBlock(height: bigint | "latest" = "latest"): Promise<BlockSummary> {
    const json = await this.request<{ header: unknown; transactions: string[] }>("cowboy_getBlockByNumber", [height.toString(), false]);
    return { header: headerFromJson(json.header), transactionHashes: json.transactions.map(fromHex) };
  }

  async getBalance(address: Uint8Array): Promise<bigint> {
    return BigInt(await this.request<string>("cowboy_getBalance", [hex(address)]));
  }

  async getNonce(address: Uint8Array, tag: "latest" | "pending" = "latest"): Promise<bigint> {
    return BigInt(await this.request<string>("cowboy_getNonce", [hex(address), tag]));
  }

  async getAccount(address: Uint8Array): Promise<Account> {
    const j = await this.request<{ nonce: string; balance: string; code_hash: string | null; storage_bytes: string }>("cowboy_getAccount", [hex(address)]);
    return { nonce: BigInt(j.nonce), balance: BigInt(j.balance), code_hash: j.code_hash === null ? null : fromHex(j.code_hash), storage_bytes: BigInt(j.storage_bytes) };
  }

  async getBasefees(): Promise<{ cycle: bigint; cell: bigint }> {
    const j = await this.request<{ cycle: string; cell: string }>("cowboy_basefees");
    return { cycle: BigInt(j.cycle), cell: BigInt(j.cell) };
  }

  /** Submits a signed transaction; returns its hash. */
  async sendRawTransaction(tx: Transaction): Promise<Uint8Array> {
    return fromHex(await this.request<string>("cowboy_sendRawTransaction", [hex(tx.encode())]));
  }

  /** Fills in chain id, nonce and fees, signs with `privateKey` or `account`, submits; returns the signed transaction. */
  async sendTransaction(options: SendOptions): Promise<Transaction> {
    const signer = resolveSigner(options);
    const from = signer.from;
    const [chainId, nonce, basefees] = await Promise.all([
      this.getChainId(),
      options.nonce === undefined ? this.getNonce(from, "pending") : Promise.resolve(options.nonce),
      this.getBasefees(),
    ]);
    const tip = options.tip ?? 0n;
    const multiplier = options.feeMultiplier ?? 2n;
    const metadata = options.metadata ?? new Uint8Array(0);
    // A transfer's limits are exactly its intrinsic cost; anything else gets room to run.
    const intrinsic = options.instruction.type === "transfer" ? instructionIntrinsicCosts(options.instruction) : undefined;
    const input = {
      chainId,
      nonce,
      instruction: options.instruction,
      from,
      cyclesLimit: options.cyclesLimit ?? intrinsic?.cycles ?? 1_000_000n,
      cellsLimit: options.cellsLimit ?? (intrinsic === undefined ? 100_000n : intrinsic.cells + BigInt(metadata.length)),
      maxFeePerCycle: basefees.cycle * multiplier + tip,
      maxFeePerCell: basefees.cell * multiplier + tip,
      maxPriorityFeePerCycle: tip,
      maxPriorityFeePerCell: tip,
      metadata,
    };
    const signature = await signer.sign(createTransaction(input).signingHash());
    const tx = createTransaction({ ...input, signature });
    await this.sendRawTransaction(tx);
    return tx;
  }

  /** Sends `amount` base units to `to`. */
  transfer(options: Signer & { to: Uint8Array; amount: bigint; tip?: bigint }): Promise<Transaction> {
    return this.sendTransaction({
      ...signerOf(options),
      instruction: { type: "transfer", to: options.to, amount: options.amount },
      ...(options.tip === undefined ? {} : { tip: options.tip }),
    });
  }

  async getTransaction(hash: Uint8Array): Promise<{ status: "pending" | "included"; transaction: Transaction; height?: bigint }> {
    const j = await this.request<{ status: "pending" | "included"; transaction: unknown; height?: string }>("cowboy_getTransaction", [hex(hash)]);
    return { status: j.status, transaction: transactionFromJson(j.transaction), ...(j.height === undefined ? {} : { height: BigInt(j.height) }) };
  }

  /** The receipt, or null while the transaction is still pending. */
  async getReceipt(hash: Uint8Array): Promise<IncludedReceipt | null> {
    const j = await this.request<Record<string, unknown> | null>("cowboy_getReceipt", [hex(hash)]);
    if (j === null) return null;
    const { transaction_hash, block_hash, height, index, ...receipt } = j as Record<string, unknown> & {
      transaction_hash: string;
      block_hash: string;
      height: string;
      index: number;
    };
    return { ...receiptFromJson(receipt), transactionHash: fromHex(transaction_hash), blockHash: fromHex(block_hash), height: BigInt(height), index };
  }

  /** Polls until the transaction is included; throws ClientError("TIMEOUT") after `timeoutMs` (default 60 s). */
  async waitForReceipt(hash: Uint8Array, options: WaitOptions = {}): Promise<IncludedReceipt> {
    const timeoutMs = options.timeoutMs ?? 60_000;
    const pollMs = options.pollMs ?? 250;
    const start = Date.now();
    for (;;) {
      const receipt = await this.getReceipt(hash);
      if (receipt !== null) return receipt;
      const elapsed = Date.now() - start;
      if (elapsed >= timeoutMs) throw new ClientError("TIMEOUT", `transaction ${hex(hash)} was not included within ${timeoutMs} ms`);
      options.onPoll?.(elapsed);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /**
   * Deploys an actor: `source` (Python) is canonicalised, constructor `args` canonically encoded.
   * Returns the signed transaction and the address the actor will have (spec §1.2).
   */
  async deployActor(
    options: Signer & {
      source: string | Uint8Array;
      salt?: Uint8Array;
      args?: ActorArgs;
      /**
       * The deploy manifest's requires (cips/actors.md "Deploy manifests"): entitlement names, or {name, inheritable}
       * (children deployed by the actor inherit the inheritable ones). Sent only when given, as
       * deploy_actor_with_manifest; without it the deploy is a plain deploy_actor.
       */
      requires?: readonly (string | Requirement)[];
      cyclesLimit?: bigint;
      cellsLimit?: bigint;
    },
  ): Promise<{ tx: Transaction; address: Uint8Array }> {
    const code = canonicalizeSource(options.source);
    const salt = options.salt ?? new Uint8Array(32);
    const address = actorAddress(resolveSigner(options).from, salt, codeHash(code));
    const args = encodeArgs(options.args);
    const requires = options.requires?.map((r) => (typeof r === "string" ? { name: r, inheritable: false } : r));
    const tx = await this.sendTransaction({
      ...signerOf(options),
      instruction:
        requires === undefined ? { type: "deploy_actor", code, salt, args } : { type: "deploy_actor_with_manifest", code, salt, args, manifest: encodeDeployManifest(requires) },
      cyclesLimit: options.cyclesLimit ?? 2_000_000n,
      cellsLimit: options.cellsLimit ?? BigInt(code.length) + 100_000n,
    });
    return { tx, address };
  }

  /** Sends a transaction calling `to.method(*args)` with `value` base units attached. */
  callActor(
    options: Signer & {
      to: Uint8Array;
      method: string;
      args?: ActorArgs;
      value?: bigint;
      cyclesLimit?: bigint;
      cellsLimit?: bigint;
      tip?: bigint;
    },
  ): Promise<Transaction> {
    return this.sendTransaction({
      ...signerOf(options),
      instruction: { type: "call_actor", target: options.to, method: options.method, args: encodeArgs(options.args), value: options.value ?? 0n },
      ...(options.cyclesLimit === undefined ? {} : { cyclesLimit: options.cyclesLimit }),
      ...(options.cellsLimit === undefined ? {} : { cellsLimit: options.cellsLimit }),
      ...(options.tip === undefined ? {} : { tip: options.tip }),
    });
  }

  /** Runs `to.method(*args)` read-only at the head; the result is decoded, or the Python error given. */
  async queryActor(options: { to: Uint8Array; method: string; args?: ActorArgs; from?: Uint8Array; cyclesLimit?: bigint }): Promise<QueryOutcome> {
    const j = await this.request<{ ok: boolean; result?: string; error?: string; cycles_used: string }>("cowboy_call", [
      {
        to: hex(options.to),
        method: options.method,
        ...(options.args === undefined ? {} : { args: hex(encodeArgs(options.args)) }),
        ...(options.from === undefined ? {} : { from: hex(options.from) }),
        ...(options.cyclesLimit === undefined ? {} : { cycles_limit: options.cyclesLimit.toString() }),
      },
    ]);
    const cyclesUsed = BigInt(j.cycles_used);
    return j.ok ? { ok: true, value: decodeCbor(fromHex(j.result!)), cyclesUsed } : { ok: false, error: j.error ?? "", cyclesUsed };
  }

  /** An actor's canonical source and code hash, or null for an address without code. */
  async getCode(address: Uint8Array): Promise<{ codeHash: Uint8Array; source: string } | null> {
    const j = await this.request<{ code_hash: string; source: string } | null>("cowboy_getCode", [hex(address)]);
    return j === null ? null : { codeHash: fromHex(j.code_hash), source: j.source };
  }

  /** A raw storage slot of an actor (0x00: its attributes; 0x01‖canonical(key): storage[key]); null when unset. */
  async getStorage(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array | null> {
    const j = await this.request<{ value: string | null }>("cowboy_getStorage", [hex(address), hex(slot)]);
    return j.value === null ? null : fromHex(j.value);
  }

  /** The active timers `owner` created, in creation order ([] on a chain without timers). */
  async getTimers(owner: Uint8Array): Promise<ActiveTimer[]> {
    const j = await this.request<TimerJson[]>("cowboy_getTimers", [hex(owner)]);
    if (!Array.isArray(j)) throw new ClientError("BAD_RESPONSE", "cowboy_getTimers: expected an array");
    return j.map(timerFromJson);
  }

  /** Devnet only: asks the faucet for `amount` base units; returns the transaction hash. */
  async faucet(address: Uint8Array, amount?: bigint): Promise<Uint8Array> {
    return fromHex(await this.request<string>("cowboy_faucet", amount === undefined ? [hex(address)] : [hex(address), amount.toString()]));
  }

  /**
   * Calls `onHeader` for every new head (WebSocket subscription on the same host and port).
   * Returns a function that stops watching.
   */
  async watchBlocks(onHeader: (header: Header) => void, onError: (error: Error) => void = () => {}): Promise<() => void> {
    const subscription = await this.subscribe(
      "newHeads",
      (value) => {
        try {
          onHeader(headerFromJson(value));
        } catch (error) {
          onError(error as Error);
        }
      },
      { onError },
    );
    return () => subscription.close();
  }

  /**
   * Subscribes to a topic the node publishes ("newHeads", "receipts"; "logs" with a filter where served) over a
   * WebSocket on the same host and port: in Node and in a browser. `onValue` gets each notification's JSON.
   */
  subscribe(topic: string, onValue: (value: unknown) => void, options: { params?: readonly unknown[]; onError?: (error: Error) => void } = {}): Promise<Subscription> {
    return subscribe({ url: this.url, topic, onValue, ...options });
  }

  /** A block by height, "latest" or hash, with its hash and transaction bodies; null when there is none. */
  getFullBlock(at: bigint | "latest" | Uint8Array): Promise<FullBlock | null> {
    return getFullBlock(this.request, at);
  }

  /** A transaction with its status (pending, included with its place, dropped with the reason); null when unknown. */
  getTransactionInfo(hash: Uint8Array): Promise<TransactionInfo | null> {
    return getTransactionInfo(this.request, hash);
  }

  /** How many transactions the node's mempool holds. */
  async getPendingCount(): Promise<number> {
    return Number(await this.request<number>("cowboy_pendingCount"));
  }

  /** Consensus view, leader and heights; undefined on a node without consensus (manual block production). */
  getConsensus(): Promise<ConsensusStatus | undefined> {
    return getConsensus(this.request);
  }

  /** The active validator set; undefined on a node without consensus. */
  getValidators(): Promise<ValidatorInfo[] | undefined> {
    return getValidators(this.request);
  }

  /** A storage slot with its value, JSON form and state proof (see getStorage for the slot layout). */
  getStorageEntry(address: Uint8Array, slot: Uint8Array): Promise<StorageEntry> {
    return getStorageEntry(this.request, address, slot);
  }

  /** An account's state proof against the head's state root. */
  getAccountProof(address: Uint8Array): Promise<AccountProof> {
    return getAccountProof(this.request, address);
  }

  /** Events of transactions and timer fires; undefined where the node does not serve cowboy_getLogs. */
  getLogs(filter: LogFilter): Promise<Log[] | undefined> {
    return getLogs(this.request, filter);
  }

  /** A transaction's debug trace; null when the node has none, undefined where it does not serve cowboy_getTrace. */
  getTrace(txHash: Uint8Array): Promise<Trace | null | undefined> {
    return getTrace(this.request, txHash);
  }

  /** An actor's public methods; undefined where the node does not serve cowboy_getActorInterface. */
  getActorInterface(address: Uint8Array): Promise<ActorInterface | null | undefined> {
    return getActorInterface(this.request, address);
  }

  /** Finished and destroyed timers of `address`; undefined where the node does not serve cowboy_getTimerHistory. */
  getTimerHistory(address: Uint8Array): Promise<FinishedTimer[] | undefined> {
    return getTimerHistory(this.request, address);
  }

  /** Ethereum interop reads (cips/interop.md "RPC"); each undefined where the node has no interop namespace. */
  getEthSubscription(id: Uint8Array): Promise<EthSubscription | null | undefined> {
    return interop.getEthSubscription(this.request, id);
  }
  listEthSubscriptions(subscriber?: Uint8Array): Promise<EthSubscription[] | undefined> {
    return interop.listEthSubscriptions(this.request, subscriber);
  }
  listEthOracles(): Promise<EthOracle[] | undefined> {
    return interop.listEthOracles(this.request);
  }
  getEthOracle(address: Uint8Array): Promise<EthOracle | null | undefined> {
    return interop.getEthOracle(this.request, address);
  }
  listBridgeAssets(): Promise<BridgeAsset[] | undefined> {
    return interop.listBridgeAssets(this.request);
  }
  getBridgeAsset(token: bigint): Promise<BridgeAsset | null | undefined> {
    return interop.getBridgeAsset(this.request, token);
  }
  listUnlockRequests(range: { from?: bigint; limit?: bigint } = {}): Promise<UnlockRequest[] | undefined> {
    return interop.listUnlockRequests(this.request, range);
  }

  /** Every runner of the runner market, active first; undefined on a chain without the market. */
  listRunners(): Promise<RunnerInfo[] | undefined> {
    return listRunners(this.request);
  }

  /** Open and recent jobs, newest first (filtered by poster, committee member or status); undefined without the market. */
  listJobs(filter?: JobFilter): Promise<JobInfo[] | undefined> {
    return listJobs(this.request, filter);
  }

  /** One job with its settlement; null when unknown, undefined without the market. */
  getJob(id: Uint8Array): Promise<JobInfo | null | undefined> {
    return getJob(this.request, id);
  }

  /** The newest proposals first; undefined on a chain without governance. */
  listProposals(): Promise<ProposalInfo[] | undefined> {
    return listProposals(this.request);
  }

  /** One proposal; null when unknown, undefined on a chain without governance. */
  getProposal(id: bigint): Promise<ProposalInfo | null | undefined> {
    return getProposal(this.request, id);
  }

  /** Every parameter registry group with its tier and value; undefined on a chain without governance. */
  listParams(): Promise<ParamGroupInfo[] | undefined> {
    return listParams(this.request);
  }

  /** One registry group with its last amendments; undefined on a chain without governance. */
  getParam(key: string): Promise<ParamGroupInfo | undefined> {
    return getParam(this.request, key);
  }

  /** CBFS volumes anchored at 0x0A, newest first; undefined where the node does not serve cowboy_listVolumes. */
  listVolumes(filter?: { owner?: Uint8Array; limit?: number }): Promise<VolumeInfo[] | undefined> {
    return listVolumes(this.request, filter);
  }

  /** One volume with its stripe layout and placement (or a replaced root's release height); null when unknown. */
  getVolume(root: Uint8Array): Promise<VolumeDetail | OrphanVolume | null | undefined> {
    return getVolume(this.request, root);
  }

  /** Every CBFS relay registered at 0x0B with its heartbeat age and liveness. */
  listRelays(): Promise<RelayInfo[] | undefined> {
    return listRelays(this.request);
  }

  /** An actor's rent record; null when rent does not track it, undefined where the node does not serve cowboy_getRent. */
  getRent(address: Uint8Array): Promise<RentInfo | null | undefined> {
    return getRent(this.request, address);
  }

  /** The validators with every field the node reports (staking status, jailing, missed votes where tracked). */
  getValidatorRecords(): Promise<ValidatorRecord[] | undefined> {
    return getValidatorRecords(this.request);
  }
}

export function createClient(options: TransportOptions): CowboyClient {
  return new CowboyClient(options);
}
