// The chain's implementation of the PVM Host for one frame (one handler invocation): storage in
// the actor's key space with the quota, value moves, messages into the transaction's queue,
// synchronous calls through the TxRun, events buffered until the frame commits.
import { toHex } from "@cowboy/codec";
import { bls, deriveRandomness, ed25519, keccak256, secp256k1, sha256 } from "@cowboy/crypto";
import {
  HostError,
  type BlockInfo,
  type CallBudget,
  type CallOutcome,
  type Host,
  type HashAlgorithm,
  type MessageContext,
  type SignatureScheme,
  type StorageQuotaInfo,
  type TimerOptions,
  type TokenHostOp,
  type TokenHostResult,
} from "@cowboy/pvm";
import { debtOf, getRentRecord, quotaOf, RENT_STATUS_NAMES, RentError, setStorageQuota, sponsorRent, trackStorage } from "@cowboy/rent";
import { SchedulerError } from "@cowboy/scheduler";
import { actorStorageKey } from "@cowboy/state";
import type { Event } from "@cowboy/types";
import { rentConfigOf, rentContext } from "../rent.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import type { Accounts } from "../world.js";
import type { TimerEnd } from "./journal.js";
import { messageId, type QueuedMessage } from "./message.js";
import { HOOK_METHOD, tokenHostCall } from "./tokenHost.js";
import { armingRefusal, cancel, hostErrorOf, schedule, schedulerOf } from "./timers.js";

const hex = toHex;

/** What a frame's host needs of the transaction it runs in (TxRun in run.ts implements it). */
export interface FrameRunner {
  readonly state: StateAccess;
  readonly env: BlockEnv;
  readonly params: ChainParams;
  readonly accounts: Accounts;
  /** The transaction's sender (msg.origin). */
  readonly origin: Uint8Array;
  /** Frames of `self` currently on the call stack (reentrancy). */
  activeFrames(self: Uint8Array): number;
  /** Counts a send against the transaction's fanout and the target's mailbox; HostError when full. */
  reserveMessage(to: Uint8Array, bytes: number): void;
  /** Moves value out of a running actor; HostError (ValueError) when its balance is short. */
  debitActor(self: Uint8Array, amount: bigint): void;
  /** A synchronous call from `caller`'s frame into `to`, in a frame of its own. */
  nestedCall(caller: ChainHost, to: Uint8Array, method: string, payload: Uint8Array, value: bigint, budget: CallBudget): CallOutcome;
  /** A child actor deployed from `caller`'s frame, its constructor in a frame of its own (cips/actors.md "Child actors"). */
  nestedDeploy(caller: ChainHost, code: Uint8Array, salt: Uint8Array, args: Uint8Array, budget: CallBudget): CallOutcome;
}

export interface FrameInfo {
  readonly self: Uint8Array;
  readonly sender: Uint8Array;
  readonly value: bigint;
  readonly depth: number;
  /** "deploy" while the actor's constructor runs (its deployment manifest may be declared only then). */
  readonly kind?: "deploy" | "call";
}

export class ChainHost implements Host {
  /** Effects that become visible only if this frame succeeds. */
  readonly events: Event[] = [];
  readonly outbox: QueuedMessage[] = [];
  /** Timers this frame cancelled (the block journal's, outside consensus). */
  readonly ended: TimerEnd[] = [];
  constructor(
    readonly run: FrameRunner,
    readonly frame: FrameInfo,
  ) {}

  context(): MessageContext {
    const f = this.frame;
    return { self: f.self, sender: f.sender, origin: this.run.origin, value: f.value, depth: f.depth, activeFrames: this.run.activeFrames(f.self) };
  }

  blockInfo(): BlockInfo {
    const env = this.run.env;
    return { height: env.height, timestamp: env.timestampMs, chainId: this.run.params.chainId, cycleBasefee: env.cycleBasefee, cellBasefee: env.cellBasefee };
  }

  balance(address: Uint8Array): bigint {
    return this.run.accounts.get(address).balance;
  }

  storageGet(slot: Uint8Array): Uint8Array | null {
    return this.run.state.get(actorStorageKey(this.frame.self, slot)) ?? null;
  }

  storageSet(slot: Uint8Array, value: Uint8Array): void {
    const key = actorStorageKey(this.frame.self, slot);
    const old = this.run.state.get(key);
    const delta = BigInt(slot.length + value.length) - (old === undefined ? 0n : BigInt(slot.length + old.length));
    this.#adjustStorage(delta);
    this.run.state.set(key, value);
    if (old === undefined || delta !== 0n) this.#track(slot, true, delta);
  }

  storageDelete(slot: Uint8Array): void {
    const key = actorStorageKey(this.frame.self, slot);
    const old = this.run.state.get(key);
    if (old === undefined) return;
    const delta = -BigInt(slot.length + old.length);
    this.#adjustStorage(delta);
    this.run.state.delete(key);
    this.#track(slot, false, delta);
  }

  /** Keeps rent's slot list and byte count (cips/rent.md "State layout"): eviction prunes by it. */
  #track(slot: Uint8Array, present: boolean, delta: bigint): void {
    const params = this.run.params;
    trackStorage(this.run.state, this.frame.self, slot, present, delta, rentConfigOf(params), this.run.env.height, BigInt(params.actors.storageQuotaBytes));
  }

  /** The quota is the actor's allocated one (cips/rent.md "Quotas"): the base 1 MiB, or more bought with a storage bond. */
  #adjustStorage(delta: bigint): void {
    if (delta === 0n) return;
    const accounts = this.run.accounts;
    const account = accounts.get(this.frame.self);
    const next = account.storage_bytes + delta;
    const base = BigInt(this.run.params.actors.storageQuotaBytes);
    const quota = quotaOf(this.run.state, this.frame.self, base);
    if (delta > 0n && next > quota) {
      const hint = quota < rentConfigOf(this.run.params).maxQuotaBytes ? " (a storage bond raises it: cowboy_sdk.rent.set_quota)" : "";
      throw new HostError("RuntimeError", `storage quota exceeded: ${next} bytes > ${quota}${hint}`);
    }
    accounts.put(this.frame.self, { ...account, storage_bytes: next < 0n ? 0n : next });
  }

  storageQuota(): StorageQuotaInfo {
    const self = this.frame.self;
    const record = getRentRecord(this.run.state, self);
    const base = BigInt(this.run.params.actors.storageQuotaBytes);
    return {
      quota: quotaOf(this.run.state, self, base),
      used: this.run.accounts.get(self).storage_bytes,
      bond: record?.bond ?? 0n,
      status: RENT_STATUS_NAMES[record?.status ?? 0],
      debt: record === undefined ? 0n : debtOf(record),
      prepaid: record?.prepaid ?? 0n,
    };
  }

  prepayRent(amount: bigint): bigint {
    const self = this.frame.self;
    try {
      return sponsorRent(rentContext(this.run.state, this.run.accounts, this.run.params, this.run.env.height), self, self, amount).prepaid;
    } catch (error) {
      if (error instanceof RentError) throw new HostError("ValueError", `${error.code}: ${error.message}`);
      throw error;
    }
  }

  setStorageQuota(bytes: bigint): bigint {
    try {
      return setStorageQuota(rentContext(this.run.state, this.run.accounts, this.run.params, this.run.env.height), this.frame.self, bytes);
    } catch (error) {
      if (error instanceof RentError) throw new HostError("ValueError", `${error.code}: ${error.message}`);
      throw error;
    }
  }

  /** Platform tokens (cips/tokens.md "From actors"), in tokenHost.ts; a hook runs as a synchronous call from this frame. */
  token(op: TokenHostOp, budget: CallBudget): TokenHostResult {
    return tokenHostCall(this.run.state, this.run.params, this.frame.self, op, budget, (hook, payload, b) => this.callActor(hook, HOOK_METHOD, payload, 0n, b));
  }

  transfer(to: Uint8Array, amount: bigint): void {
    this.run.debitActor(this.frame.self, amount);
    this.run.accounts.credit(to, amount);
  }

  sendMessage(to: Uint8Array, method: string, payload: Uint8Array, value: bigint): Uint8Array {
    const limits = this.run.params.actors;
    if (this.frame.depth >= limits.maxDepth) throw new HostError("RuntimeError", `message depth limit of ${limits.maxDepth} reached`);
    this.run.reserveMessage(to, method.length + payload.length);
    this.run.debitActor(this.frame.self, value);
    // The sender's message nonce is its account nonce (actors sign no transactions).
    const account = this.run.accounts.get(this.frame.self);
    this.run.accounts.put(this.frame.self, { ...account, nonce: account.nonce + 1n });
    const id = messageId(this.frame.self, account.nonce, to, method, payload, value);
    this.outbox.push({ id, from: this.frame.self, to, method, payload, value, depth: this.frame.depth + 1 });
    return id;
  }

  callActor(to: Uint8Array, method: string, payload: Uint8Array, value: bigint, budget: CallBudget): CallOutcome {
    const limits = this.run.params.actors;
    if (this.frame.depth >= limits.maxDepth) throw new HostError("RuntimeError", `call depth limit of ${limits.maxDepth} reached`);
    const r = this.run.nestedCall(this, to, method, payload, value, budget);
    return r;
  }

  deployActor(code: Uint8Array, salt: Uint8Array, args: Uint8Array, budget: CallBudget): CallOutcome {
    const limits = this.run.params.actors;
    if (this.frame.depth >= limits.maxDepth) throw new HostError("RuntimeError", `call depth limit of ${limits.maxDepth} reached`);
    return this.run.nestedDeploy(this, code, salt, args, budget);
  }

  setTimer(height: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array {
    return this.#schedule(height, 0n, handler, data, options);
  }

  setInterval(everyBlocks: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array {
    return this.#schedule(this.run.env.height + everyBlocks, everyBlocks, handler, data, options);
  }

  /** An actor's own timer: it owns it, its handler runs, it pays. The PVM has charged the host call. */
  #schedule(fireHeight: bigint, interval: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array {
    const cfg = schedulerOf(this.run.params);
    const self = this.frame.self;
    const refusal = armingRefusal(this.run.state, this.run.env, this.run.params, cfg, self, options.cyclesPerFire, options.cellsPerFire);
    if (refusal !== null) throw new HostError("ValueError", refusal.message);
    try {
      return schedule(this.run.state, this.run.env, cfg, { owner: self, target: self, feePayer: self, handler, data, fireHeight, interval, options }).id;
    } catch (error) {
      throw error instanceof SchedulerError ? hostErrorOf(error) : error;
    }
  }

  cancelTimer(id: Uint8Array): boolean {
    try {
      const record = cancel(this.run.state, this.run.env, schedulerOf(this.run.params), this.frame.self, id);
      if (record === null) return false;
      this.ended.push({ timerId: id.slice(), owner: record.owner, handler: record.handler, reason: "cancelled" });
      return true;
    } catch (error) {
      throw error instanceof SchedulerError ? hostErrorOf(error) : error;
    }
  }

  randomness(label: Uint8Array): Uint8Array {
    return deriveRandomness(this.run.env.beacon, label);
  }

  emitEvent(topic: string, data: Uint8Array): void {
    this.events.push({ emitter: this.frame.self, topic: new TextEncoder().encode(topic), data: data.slice() });
  }

  verifySignature(scheme: SignatureScheme, publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
    try {
      if (scheme === "ed25519") return ed25519.verify(signature, message, publicKey);
      if (scheme === "secp256k1") return secp256k1.verify(signature, message, publicKey);
      return bls.verify(signature, message, publicKey);
    } catch {
      return false;
    }
  }

  hash(algorithm: HashAlgorithm, data: Uint8Array): Uint8Array {
    return algorithm === "sha256" ? sha256(data) : keccak256(data);
  }

  toString(): string {
    return `ChainHost(0x${hex(this.frame.self)})`;
  }
}
