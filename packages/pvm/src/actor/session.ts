// Warm actor sessions: a speed device, not consensus (cips/pvm.md, "Warm sessions").
//
// Compiling an actor's module and the modules it imports (cowboy_sdk, the stdlib's Python modules)
// into closures was most of the time of a small actor call. The closures hold their runtime, the
// builtins and their namespaces' bindings, so a session that keeps all three can run them again:
// each invocation restarts the runtime (fresh meters, no roots, id() from 1), forgets the modules
// loaded before (their bodies run again, charged as on a first import) and resets every namespace
// to the bindings its compilation made. An invocation on a warm session therefore sees exactly
// what it would see on a new one — same values, Cycles, Cells and memory figures — only sooner.
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
} from "../host.js";
import { newRuntime, type ParseCache, Session, STACK_WEIGHT_LIMIT } from "../api.js";
import type { ModuleRegistry } from "../modules.js";
import type { Runtime } from "../runtime/context.js";
import { Globals } from "../runtime/function.js";
import { standardLibrary } from "../stdlib/index.js";
import { Scratch, scratchOpen } from "../stdlib/scratch.js";
import { actorModules } from "./modules.js";
import { recordImport, SnapshotShortcut } from "./snapshot.js";

/** A Host that forwards to the invocation running now: the host module is built once per session. */
class HostSlot implements Host {
  current: Host | null = null;
  #host(): Host {
    const h = this.current;
    if (h === null) throw new Error("internal: a warm session's host was used outside an invocation");
    return h;
  }
  context(): MessageContext {
    return this.#host().context();
  }
  blockInfo(): BlockInfo {
    return this.#host().blockInfo();
  }
  balance(address: Uint8Array): bigint {
    return this.#host().balance(address);
  }
  storageGet(key: Uint8Array): Uint8Array | null {
    return this.#host().storageGet(key);
  }
  storageSet(key: Uint8Array, value: Uint8Array): void {
    this.#host().storageSet(key, value);
  }
  storageDelete(key: Uint8Array): void {
    this.#host().storageDelete(key);
  }
  transfer(to: Uint8Array, amount: bigint): void {
    this.#host().transfer(to, amount);
  }
  sendMessage(to: Uint8Array, method: string, payload: Uint8Array, value: bigint): Uint8Array {
    return this.#host().sendMessage(to, method, payload, value);
  }
  callActor(to: Uint8Array, method: string, payload: Uint8Array, value: bigint, budget: CallBudget): CallOutcome {
    return this.#host().callActor(to, method, payload, value, budget);
  }
  deployActor(code: Uint8Array, salt: Uint8Array, args: Uint8Array, budget: CallBudget): CallOutcome {
    const h = this.#host();
    if (h.deployActor === undefined) throw new HostError("RuntimeError", "this host does not deploy actors");
    return h.deployActor(code, salt, args, budget);
  }
  setTimer(height: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array {
    return this.#host().setTimer(height, handler, data, options);
  }
  setInterval(everyBlocks: bigint, handler: string, data: Uint8Array, options: TimerOptions): Uint8Array {
    return this.#host().setInterval(everyBlocks, handler, data, options);
  }
  cancelTimer(id: Uint8Array): boolean {
    return this.#host().cancelTimer(id);
  }
  randomness(label: Uint8Array): Uint8Array {
    return this.#host().randomness(label);
  }
  emitEvent(topic: string, data: Uint8Array): void {
    this.#host().emitEvent(topic, data);
  }
  verifySignature(scheme: SignatureScheme, publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
    return this.#host().verifySignature(scheme, publicKey, message, signature);
  }
  hash(algorithm: HashAlgorithm, data: Uint8Array): Uint8Array {
    return this.#host().hash(algorithm, data);
  }
  storageQuota(): StorageQuotaInfo {
    const h = this.#host();
    if (h.storageQuota === undefined) throw new HostError("RuntimeError", "storage quotas are not available on this host");
    return h.storageQuota();
  }
  token(op: TokenHostOp, budget: CallBudget): TokenHostResult {
    const h = this.#host();
    if (h.token === undefined) throw new HostError("RuntimeError", "platform tokens are not available on this host");
    return h.token(op, budget);
  }
  setStorageQuota(bytes: bigint): bigint {
    const h = this.#host();
    if (h.setStorageQuota === undefined) throw new HostError("RuntimeError", "storage quotas are not available on this host");
    return h.setStorageQuota(bytes);
  }
  prepayRent(amount: bigint): bigint {
    const h = this.#host();
    if (h.prepayRent === undefined) throw new HostError("RuntimeError", "state rent is not available on this host");
    return h.prepayRent(amount);
  }
}

/** The host of a snapshot's recording: any use voids the recording (a module body that asks the host is not snapshotted). */
function refusingHost(onUse: () => void): Host {
  return new Proxy({} as Host, {
    get: () => {
      onUse();
      throw new HostError("RuntimeError", "no host while a module snapshot is recorded");
    },
  });
}

/** The modules a session keeps a snapshot of (cips/pvm.md "Module snapshots"). */
export const SNAPSHOT_MODULES: readonly string[] = ["cowboy_sdk"];
/** Cycles a recording may use (a module body needing more is not snapshotted). */
const RECORDING_CYCLES = 10_000_000;
/** Recordings a session makes of one module at most (a snapshot found changed is recorded again). */
const MAX_RECORDINGS = 8;

/** One actor module's interpreter state, reusable by one invocation at a time. */
export class ActorSession {
  readonly rt: Runtime;
  readonly session: Session;
  /** The actor module's namespace. */
  readonly globals: Globals;
  readonly scratch = new Scratch();
  readonly #host = new HostSlot();
  #stdout: (text: string) => void = () => {};
  /** Module snapshots restored instead of running their bodies. */
  readonly snapshots = new SnapshotShortcut();
  readonly #recordings = new Map<string, number>();

  constructor(
    /** The cache key of its module (filename and source). */
    readonly key: string,
    filename: string,
    readonly stdlib: ModuleRegistry,
    parseCache: ParseCache | null,
  ) {
    this.rt = newRuntime({}, (text) => this.#stdout(text));
    this.session = new Session(this.rt, actorModules(this.#host, stdlib), parseCache, true);
    this.session.builtins.set("open", scratchOpen(this.scratch));
    this.globals = new Globals(filename.replace(/\.py$/, ""), filename);
    this.session.loader.shortcut = this.snapshots;
  }

  /** Record a snapshot of each module that has none (first use, or found changed), within MAX_RECORDINGS. */
  #record(memoryLimit: number): void {
    const stale = this.snapshots.stale.splice(0);
    for (const name of stale.length > 0 ? stale : SNAPSHOT_MODULES) {
      const n = this.#recordings.get(name) ?? 0;
      if (this.snapshots.has(name) || n >= MAX_RECORDINGS) continue;
      this.#recordings.set(name, n + 1);
      let quiet = true;
      this.#host.current = refusingHost(() => {
        quiet = false;
      });
      this.#stdout = () => {
        quiet = false;
      };
      const loader = this.session.loader;
      const shortcut = loader.shortcut;
      loader.shortcut = null;
      this.rt.restart({ cyclesLimit: RECORDING_CYCLES, memoryLimit, cellsLimit: 0, stackLimit: STACK_WEIGHT_LIMIT }, this.rt.stdout);
      loader.beginInvocation();
      try {
        const s = recordImport(this.rt, loader, name, () => quiet);
        if (s !== null) this.snapshots.set(s);
      } finally {
        loader.shortcut = shortcut;
        this.end();
      }
    }
  }

  /** Point the session at a new invocation: its host, its output, fresh meters and namespaces. */
  begin(host: Host, stdout: (text: string) => void, limits: { cyclesLimit: number; memoryLimit: number; cellsLimit: number; stackLimit: number }): void {
    this.#record(limits.memoryLimit);
    this.#host.current = host;
    this.#stdout = stdout;
    this.rt.restart(limits, this.rt.stdout);
    this.session.loader.beginInvocation();
    this.session.resetGlobals(this.globals);
  }

  /** After an invocation: nothing of it stays reachable through the session's slots. */
  end(): void {
    this.#host.current = null;
    this.#stdout = () => {};
    this.scratch.wipe();
    this.rt.roots.length = 0;
    this.rt.top = null;
  }
}

/**
 * Idle warm sessions by actor module (filename and source), a few per module so a re-entrant
 * call finds one; bounded, least recently used dropped first. Holds no consensus state.
 */
export class SessionCache {
  readonly #idle = new Map<string, ActorSession[]>();
  constructor(
    readonly capacity = 64,
    readonly perModule = 4,
    readonly parseCache: ParseCache | null = null,
  ) {}

  /** An idle session for this module (removed from the cache until `release`), or a new one. */
  acquire(source: string, filename: string, stdlib: ModuleRegistry | undefined): ActorSession {
    const key = filename + "\0" + source;
    const wanted = stdlib ?? defaultStdlib();
    const list = this.#idle.get(key);
    if (list !== undefined) {
      // Most recently used module last: re-insert on every hit.
      this.#idle.delete(key);
      this.#idle.set(key, list);
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i]!.stdlib === wanted) return list.splice(i, 1)[0]!;
      }
    }
    return new ActorSession(key, filename, wanted, this.parseCache);
  }

  /** Return a session after its invocation, to be found again by `acquire` of the same module. */
  release(s: ActorSession): void {
    const key = s.key;
    let list = this.#idle.get(key);
    if (list === undefined) {
      if (this.#idle.size >= this.capacity) this.#idle.delete(this.#idle.keys().next().value!);
      list = [];
      this.#idle.set(key, list);
    }
    if (list.length < this.perModule) list.push(s);
  }
}

let stdlibDefault: ModuleRegistry | null = null;
/** The registry an invocation without `stdlib` uses, built once (it holds definitions, not state). */
function defaultStdlib(): ModuleRegistry {
  stdlibDefault ??= standardLibrary();
  return stdlibDefault;
}
