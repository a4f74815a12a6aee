// The boundary between the PVM and the chain. The PVM knows nothing of state, messages or
// consensus: the execution layer implements `Host`, and Python reaches it only through the
// `pvm_host` module (hostmodule.ts), which meters every call with the §17.3 costs.
import { CowboyError, toHex } from "@cowboy/codec";
import { bls, deriveRandomness, ed25519, keccak256, secp256k1, sha256 } from "@cowboy/crypto";

export interface BlockInfo {
  height: bigint;
  /** Block timestamp in milliseconds (from the header, never the host clock). */
  timestamp: bigint;
  chainId: bigint;
  cycleBasefee: bigint;
  cellBasefee: bigint;
}

/** Who is running and why: the message being handled. */
export interface MessageContext {
  /** The actor whose handler runs. */
  self: Uint8Array;
  /** The account or actor that sent this message (the deployer for a constructor). */
  sender: Uint8Array;
  /** The signer of the transaction that started the cascade. */
  origin: Uint8Array;
  /** Value (base units) moved to `self` with this message. */
  value: bigint;
  /** Nesting depth: 1 for a transaction's own call, +1 per synchronous call or send hop. */
  depth: number;
  /** How many frames of `self` are live on the synchronous call stack (2+ means re-entered). */
  activeFrames: number;
}

export type SignatureScheme = "ed25519" | "secp256k1" | "bls";
export type HashAlgorithm = "sha256" | "keccak256";

/**
 * A refusal the actor may handle: surfaces in Python as `pyType(message)` (a builtin exception
 * name such as "ValueError"). Anything else a Host throws is the chain's business: OutOfCycles and
 * OutOfCells propagate unchanged, any other error becomes a HostFault, which Python cannot catch.
 */
const HOST_ERROR: unique symbol = Symbol.for("@cowboy/pvm:HostError");

/** The Python exception a HostError becomes. */
export type HostErrorType = "ValueError" | "RuntimeError" | "PermissionError" | "LookupError" | "OverflowError";

/** HOST_REFUSED: the host refused a call; `meta.pyType` is the exception the actor sees. */
export class HostError extends CowboyError<"HOST_REFUSED", { readonly pyType: HostErrorType }> {
  override readonly name: string = "HostError";
  /** Brand: `instanceof HostError` holds across copies of this package (see isolate.ts). */
  readonly [HOST_ERROR] = true;
  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as { [HOST_ERROR]?: unknown })[HOST_ERROR] === true;
  }
  constructor(
    readonly pyType: HostErrorType,
    message: string,
  ) {
    super("HOST_REFUSED", message, { pyType });
  }
}

const HOST_FAULT: unique symbol = Symbol.for("@cowboy/pvm:HostFault");

/**
 * HOST_FAULT: a host call failed with something other than a HostError or a meter (a bug of the chain, not of the
 * actor), or the interpreter itself failed. It is not an outcome of the actor: Python code cannot catch it and
 * invokeActor throws it instead of returning a result, so the caller decides (execution refuses the transaction;
 * cips/pvm.md "Faults"). The original exception is the `cause`, for logs; it never reaches a receipt.
 */
export class HostFault extends CowboyError<"HOST_FAULT"> {
  override readonly name: string = "HostFault";
  readonly [HOST_FAULT] = true;
  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as { [HOST_FAULT]?: unknown })[HOST_FAULT] === true;
  }
  constructor(cause: unknown, message = "a host call failed (a fault of the chain, not of the actor)") {
    super("HOST_FAULT", message, undefined, { cause });
  }
}

/** Per-fire budget and bid of a timer (cips/sdk.md "Timers"); the SDK fills in the defaults. */
export interface TimerOptions {
  /** Cycles the handler may use per fire (pre-charged from the actor at each fire). */
  cyclesPerFire: bigint;
  /** Cells the handler may use per fire. */
  cellsPerFire: bigint;
  /** Last height at which the timer may still fire, or null for never. */
  expiresAt: bigint | null;
  /** Default-GBA priority tier under the CIP-1 auction: 0 economy, 1 standard, 2 fast, 3 urgent. */
  tier: 0 | 1 | 2 | 3;
  /** CIP-1 static bid per Cycle (0 and 0: the default GBA bids). */
  maxFeePerCycle: bigint;
  maxPriorityFeePerCycle: bigint;
  /** CIP-1 Gas Bidding Agent: an actor whose `get_gas_bid(context)` bids for each fire, or null. */
  biddingAgent: Uint8Array | null;
}

/** The result of a synchronous call into another actor. */
export type CallOutcome = { ok: true; data: Uint8Array; cycles: number; cells: number } | { ok: false; error: string; cycles: number; cells: number };

/** What a synchronous call may spend, from what the caller has left. */
export interface CallBudget {
  cycles: number;
  cells: number;
  stack: number;
}

export interface Host {
  context(): MessageContext;
  blockInfo(): BlockInfo;
  balance(address: Uint8Array): bigint;
  storageGet(key: Uint8Array): Uint8Array | null;
  storageSet(key: Uint8Array, value: Uint8Array): void;
  storageDelete(key: Uint8Array): void;
  /** Move `amount` from this actor to any address, now. */
  transfer(to: Uint8Array, amount: bigint): void;
  /** Enqueue a message (delivered after this handler, never re-entrantly); returns its id. */
  sendMessage(to: Uint8Array, method: string, payload: Uint8Array, value: bigint): Uint8Array;
  /** Synchronous call into another actor within the block (the host bounds depth). */
  callActor(to: Uint8Array, method: string, payload: Uint8Array, value: bigint, budget: CallBudget): CallOutcome;
  /** A one-shot timer calling `handler(data)` on this actor at `height`; returns its 32-byte id. */
  setTimer(height: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array;
  /** A timer firing every `everyBlocks` blocks from the next one due; returns its id. */
  setInterval(everyBlocks: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array;
  /** Cancels one of this actor's timers: false when no such timer is pending. */
  cancelTimer(id: Uint8Array): boolean;
  /** HKDF(R, label) of the execution-readable beacon (spec §3.4). */
  randomness(label: Uint8Array): Uint8Array;
  emitEvent(topic: string, data: Uint8Array): void;
  verifySignature(scheme: SignatureScheme, publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
  hash(algorithm: HashAlgorithm, data: Uint8Array): Uint8Array;
  /** This actor's storage quota and rent standing (cips/rent.md "Quotas"); a host without rent leaves it out. */
  storageQuota?(): StorageQuotaInfo;
  /** Sets this actor's storage quota, locking or returning the storage bond; returns the bond now locked. */
  setStorageQuota?(bytes: bigint): bigint;
  /** Pays `amount` of this actor's balance toward its own rent (debt and catch-up fee first); returns the part prepaid. */
  prepayRent?(amount: bigint): bigint;
  /**
   * Deploys a child of this actor (cips/actors.md "Child actors"): `data` is its 20-byte address on success; the
   * outcome's Cycles and Cells include the deploy's price. A host without child deploys leaves it out.
   */
  deployActor?(code: Uint8Array, salt: Uint8Array, args: Uint8Array, budget: CallBudget): CallOutcome;
  /** A platform-token operation at 0x06 (cips/tokens.md); a host without tokens leaves it out. */
  token?(op: TokenHostOp, budget: CallBudget): TokenHostResult;
}

/** The token operations an actor may ask for (`cowboy_sdk.token`), the actor being the caller. */
export type TokenHostOp =
  | { op: "create"; name: string; symbol: string; decimals: number; initialSupply: bigint; maxSupply: bigint | null; hook: Uint8Array | null }
  | { op: "transfer"; token: bigint; to: Uint8Array; amount: bigint }
  | { op: "transfer_from"; token: bigint; owner: Uint8Array; to: Uint8Array; amount: bigint }
  | { op: "approve"; token: bigint; spender: Uint8Array; amount: bigint }
  | { op: "balance_of"; token: bigint; holder: Uint8Array }
  | { op: "mint"; token: bigint; to: Uint8Array; amount: bigint }
  | { op: "burn"; token: bigint; amount: bigint };

/**
 * A token operation's result: the new token's id, a balance, or 0; with the Cycles and Cells a validation hook
 * used (charged to the caller whether or not the operation succeeded). A refusal is `ok: false` with its text.
 */
export type TokenHostResult = { ok: true; value: bigint; cycles: number; cells: number } | { ok: false; error: string; cycles: number; cells: number };

/** What `cowboy_sdk.rent.quota()` returns (cips/rent.md "Quotas"). */
export interface StorageQuotaInfo {
  /** The allocated quota in bytes. */
  quota: bigint;
  /** Bytes of storage held. */
  used: bigint;
  /** The storage bond locked for the quota above the base. */
  bond: bigint;
  /** "current", "overdue", "warning" or "dormant". */
  status: string;
  /** Rent debt principal. */
  debt: bigint;
  /** Rent paid ahead. */
  prepaid: bigint;
}

export interface MemoryHostOptions {
  block?: Partial<BlockInfo>;
  context?: Partial<MessageContext>;
  /** The beacon R for randomness(); 32 zero bytes by default. */
  beacon?: Uint8Array;
  balances?: Map<string, bigint>;
}

const ZERO_ADDRESS = new Uint8Array(20);

/** An in-memory Host for tests and `cowboy pvm run`: storage is a Map, effects are recorded. */
export class MemoryHost implements Host {
  readonly storage = new Map<string, Uint8Array>();
  readonly messages: { to: Uint8Array; method: string; payload: Uint8Array; value: bigint }[] = [];
  readonly transfers: { to: Uint8Array; amount: bigint }[] = [];
  readonly events: { topic: string; data: Uint8Array }[] = [];
  readonly timers = new Map<string, { height: bigint; every: bigint; handler: string; data: Uint8Array; options: TimerOptions }>();
  /** Balances by address hex; `self` starts with whatever the test puts here. */
  readonly balances: Map<string, bigint>;
  /** Actors reachable by callActor: address hex → handler. */
  readonly actors = new Map<string, (method: string, payload: Uint8Array, value: bigint) => Uint8Array>();
  #nextTimer = 1;
  readonly #block: BlockInfo;
  ctx: MessageContext;
  readonly #beacon: Uint8Array;

  constructor(opts: MemoryHostOptions = {}) {
    this.#block = { height: 1n, timestamp: 0n, chainId: 1n, cycleBasefee: 10_000n, cellBasefee: 10_000n, ...opts.block };
    this.ctx = { self: new Uint8Array(20).fill(0xac), sender: ZERO_ADDRESS, origin: ZERO_ADDRESS, value: 0n, depth: 1, activeFrames: 1, ...opts.context };
    this.#beacon = opts.beacon ?? new Uint8Array(32);
    this.balances = opts.balances ?? new Map();
  }
  context(): MessageContext {
    return { ...this.ctx };
  }
  blockInfo(): BlockInfo {
    return { ...this.#block };
  }
  balance(address: Uint8Array): bigint {
    return this.balances.get(toHex(address)) ?? 0n;
  }
  storageGet(key: Uint8Array): Uint8Array | null {
    return this.storage.get(toHex(key))?.slice() ?? null;
  }
  storageSet(key: Uint8Array, value: Uint8Array): void {
    this.storage.set(toHex(key), value.slice());
  }
  storageDelete(key: Uint8Array): void {
    this.storage.delete(toHex(key));
  }
  #debit(amount: bigint): void {
    const self = toHex(this.ctx.self);
    const have = this.balances.get(self) ?? 0n;
    if (amount < 0n) throw new HostError("ValueError", "amount must not be negative");
    if (have < amount) throw new HostError("ValueError", `insufficient balance: ${have} < ${amount}`);
    this.balances.set(self, have - amount);
  }
  transfer(to: Uint8Array, amount: bigint): void {
    this.#debit(amount);
    this.balances.set(toHex(to), (this.balances.get(toHex(to)) ?? 0n) + amount);
    this.transfers.push({ to: to.slice(), amount });
  }
  sendMessage(to: Uint8Array, method: string, payload: Uint8Array, value: bigint): Uint8Array {
    this.#debit(value);
    this.messages.push({ to: to.slice(), method, payload: payload.slice(), value });
    return keccak256(new TextEncoder().encode(`memory message ${this.messages.length}`));
  }
  callActor(to: Uint8Array, method: string, payload: Uint8Array, value: bigint): CallOutcome {
    const a = this.actors.get(toHex(to));
    if (a === undefined) return { ok: false, error: `LookupError: no actor at 0x${toHex(to)}`, cycles: 0, cells: 0 };
    return { ok: true, data: a(method, payload, value), cycles: 0, cells: 0 };
  }
  #timer(height: bigint, every: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array {
    if (height <= this.#block.height) throw new HostError("ValueError", `timer height ${height} is not after the current block ${this.#block.height}`);
    const id = keccak256(new TextEncoder().encode(`memory timer ${this.#nextTimer++}`));
    this.timers.set(toHex(id), { height, every, handler, data: data.slice(), options: { ...options } });
    return id;
  }
  setTimer(height: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array {
    return this.#timer(height, 0n, handler, data, options);
  }
  setInterval(everyBlocks: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array {
    return this.#timer(this.#block.height + everyBlocks, everyBlocks, handler, data, options);
  }
  cancelTimer(id: Uint8Array): boolean {
    return this.timers.delete(toHex(id));
  }
  randomness(label: Uint8Array): Uint8Array {
    return deriveRandomness(this.#beacon, label);
  }
  emitEvent(topic: string, data: Uint8Array): void {
    this.events.push({ topic, data: data.slice() });
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
}
