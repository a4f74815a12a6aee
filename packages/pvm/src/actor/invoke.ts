// One actor invocation (cips/actors.md "Invocation"): load the module, find the actor class, build
// or restore the instance, run the constructor or the method, encode the result, persist the
// instance's attributes — all under one Cycle, Cell and memory budget, all effects through Host.
import { AttrDict } from "../runtime/attrs.js";
import { HOST_OPS_V1, linearCost } from "@cowboy/metering";
import { ACTOR_ATTRIBUTES_TAG, MAX_METHOD_NAME, isPublicMethodName } from "@cowboy/types/actor";
import { PvmError } from "../errors.js";
import { type ParseCache, STACK_WEIGHT_LIMIT, Session, newRuntime, runCoroutine, runLimits } from "../api.js";
import { decodeValue, encodeValue } from "../canonical/index.js";
import { HostError, HostFault, type Host } from "../host.js";
import type { ModuleRegistry } from "../modules.js";
import { closestName } from "./suggest.js";
import { callValue, findNew, getAttr } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { PyDict } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import { Globals, PyFunction, PyGenerator } from "../runtime/function.js";
import { PyList, PyObject, PyTuple, PyType, type Value } from "../runtime/object.js";
import { None, T } from "../runtime/types.js";
import { Scratch, scratchOpen } from "../stdlib/scratch.js";
import { actorModules } from "./modules.js";
import type { ActorSession, SessionCache } from "./session.js";

/** Storage slot of the instance's persisted attributes; cowboy_sdk's keys start with 0x01. */
export const ATTRIBUTES_SLOT = Uint8Array.of(ACTOR_ATTRIBUTES_TAG);
/** Largest return value placed in a receipt (bytes of its canonical encoding). */
export const MAX_RETURN_BYTES = 65_536;

export interface Invocation {
  /** The actor's canonical source. */
  source: string;
  filename?: string;
  host: Host;
  /** "deploy" runs the constructor; "call" restores the instance and runs `method`. */
  kind: "deploy" | "call";
  method?: string;
  /** Canonical payload: empty, an array (positional), a text-keyed map (keywords) or (array, map). */
  args: Uint8Array;
  cyclesLimit: number;
  cellsLimit: number;
  memoryLimit?: number;
  stackLimit?: number;
  /** The whitelist; `pvm_host` and `cowboy_sdk` are added for this invocation. */
  stdlib?: ModuleRegistry;
  stdout?: (text: string) => void;
  /** Parsed modules shared across invocations (pure: any cache gives the same results). */
  parseCache?: ParseCache;
  /** Warm sessions to run on (a speed device: results are those of a new session; actor/session.ts). */
  sessions?: SessionCache;
}

export interface InvocationResult {
  ok: boolean;
  /** The canonical encoding of the return value (empty for a constructor or on failure). */
  returnData: Uint8Array;
  cycles: number;
  cells: number;
  memory: number;
  error?: PvmError;
}

/** The class marked `@actor`, else the class named `Actor`, defined by the module itself. */
export function findActorClass(globals: Globals): PyType {
  const marked: PyType[] = [];
  for (const [, b] of globals.map) {
    const v = b.v;
    if (v instanceof PyType && v.module === globals.name && v.ns.get("__cowboy_actor__") === true) marked.push(v);
  }
  if (marked.length > 1)
    throw new PvmError("InvalidActor", `the module marks ${marked.length} classes with @actor (${marked.map((c) => c.name).join(", ")}); an actor module has exactly one`);
  if (marked.length === 1) return marked[0]!;
  const plain = globals.get("Actor");
  if (plain instanceof PyType) return plain;
  throw new PvmError("InvalidActor", "the module defines no actor class: decorate one with @actor (from cowboy_sdk) or name it Actor");
}

function splitArgs(rt: Runtime, payload: Uint8Array): { args: Value[]; kwargs: Map<string, Value> | null } {
  if (payload.length === 0) return { args: [], kwargs: null };
  const v = decodeValue(rt, payload);
  const kwargsOf = (d: Value): Map<string, Value> => {
    if (!(d instanceof PyDict)) throw pyErr("TypeError", "keyword arguments must be a map");
    const m = new Map<string, Value>();
    for (const e of d.table.entries()) {
      if (typeof e.k !== "string") throw pyErr("TypeError", "keyword argument names must be strings");
      m.set(e.k, e.v);
    }
    return m;
  };
  if (v instanceof PyList) return { args: v.items.slice(), kwargs: null };
  if (v instanceof PyDict) return { args: [], kwargs: kwargsOf(v) };
  if (v instanceof PyTuple && v.items.length === 2 && v.items[0] instanceof PyList) {
    return { args: (v.items[0] as PyList).items.slice(), kwargs: kwargsOf(v.items[1]!) };
  }
  throw pyErr("TypeError", "arguments must be encoded as a list, a map of keywords, or (list, map)");
}

/** A public method defined on the class (functions only: no properties, no private names). */
function methodOf(cls: PyType, name: string): Value {
  // `as unknown`: the guard would narrow `name` to never in the refusal below.
  if (!isPublicMethodName(name as unknown)) {
    throw new PvmError("InvalidMethod", `'${name.slice(0, 80)}' is not a public method name (a letter, then letters, digits or _; at most ${MAX_METHOD_NAME})`);
  }
  const m = cls.lookup(name);
  if (!(m instanceof PyFunction)) {
    const near = closestName(name, publicMethodNames(cls));
    throw new PvmError("InvalidMethod", `${cls.name} has no public method '${name}'${near === null ? "" : `; did you mean '${near}'?`}`);
  }
  return m;
}

/**
 * Value sent to a method not marked @payable (cowboy_sdk) is refused before the method runs
 * (cips/actors.md "Actor interfaces"); the frame fails, so the value stays with the sender.
 */
function refuseUnpayable(cls: PyType, method: Value, name: string, value: bigint): void {
  if (value === 0n) return;
  const marked = method instanceof PyObject && method.dict !== null && method.dict.get("__cowboy_payable__") === true;
  if (!marked)
    throw pyErr(
      "ValueError",
      `${cls.name}.${name} is not @payable: it refuses the ${value} base units sent with the call (decorate it with @payable from cowboy_sdk to accept value)`,
    );
}

/** The public methods the class and its bases define, for the "did you mean" hint. */
function publicMethodNames(cls: PyType): string[] {
  const names: string[] = [];
  for (const c of cls.mro) for (const [k, v] of c.ns) if (v instanceof PyFunction && isPublicMethodName(k as unknown) && !names.includes(k)) names.push(k);
  return names;
}

function bareInstance(rt: Runtime, cls: PyType): Value {
  if (cls.layout === "object") {
    rt.alloc(56);
    return new PyObject(cls, new AttrDict(cls));
  }
  return findNew(cls)(rt, cls, [], null);
}

/** Restore persisted attributes; returns the bytes read (to skip unchanged writes). */
function restoreAttributes(rt: Runtime, host: Host, inst: Value): Uint8Array | null {
  rt.charge(Number(linearCost(HOST_OPS_V1.storageRead)));
  const raw = host.storageGet(ATTRIBUTES_SLOT);
  if (raw === null) return null;
  rt.chargeCells(Math.ceil(raw.length / 100));
  const d = decodeValue(rt, raw);
  if (!(d instanceof PyDict) || !(inst instanceof PyObject) || inst.dict === null) throw new PvmError("InvalidActor", "the actor's persisted attributes do not fit its class");
  for (const e of d.table.entries()) inst.dict.set(e.k as string, e.v);
  return raw;
}

function persistAttributes(rt: Runtime, host: Host, inst: Value, before: Uint8Array | null): void {
  if (!(inst instanceof PyObject) || inst.dict === null) return;
  if (inst.dict.size === 0) {
    if (before !== null) {
      rt.charge(Number(linearCost(HOST_OPS_V1.storageDelete)));
      host.storageDelete(ATTRIBUTES_SLOT);
    }
    return;
  }
  const entries = inst.dict.entries();
  // `self.__dict__[1] = ...` makes a non-str key no attribute name can reach: refuse to drop it.
  if (entries.length !== inst.dict.size) throw pyErr("TypeError", "actor attribute names must be str");
  const d = new PyDict();
  for (const [k, v] of entries) d.set(rt, k, v);
  const bytes = encodeValue(rt, d);
  if (before !== null && equal(before, bytes)) return;
  rt.charge(Number(linearCost(HOST_OPS_V1.storageWrite)));
  rt.chargeCells(ATTRIBUTES_SLOT.length + bytes.length);
  host.storageSet(ATTRIBUTES_SLOT, bytes);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Runs one invocation; never throws for anything the actor does (the result says what failed). A fault of the chain
 * or of the interpreter (a host exception that is no HostError, an interpreter bug) throws HostFault.
 */
export function invokeActor(inv: Invocation): InvocationResult {
  const filename = inv.filename ?? "actor.py";
  const stdout = inv.stdout ?? (() => {});
  if (inv.sessions === undefined) return invokeOn(inv, freshSession(inv, filename, stdout));
  const limits = runLimits({ cyclesLimit: inv.cyclesLimit, cellsLimit: inv.cellsLimit, memoryLimit: inv.memoryLimit });
  const stackLimit = inv.stackLimit === undefined ? STACK_WEIGHT_LIMIT : Math.max(0, Math.min(STACK_WEIGHT_LIMIT, inv.stackLimit));
  const warm = inv.sessions.acquire(inv.source, filename, inv.stdlib);
  warm.begin(inv.host, stdout, { ...limits, stackLimit });
  try {
    return invokeOn(inv, warm);
  } finally {
    warm.end();
    inv.sessions.release(warm);
  }
}

/** A session for this invocation alone. */
function freshSession(inv: Invocation, filename: string, stdout: (text: string) => void): Pick<ActorSession, "rt" | "session" | "globals" | "scratch"> {
  const rt = newRuntime({ cyclesLimit: inv.cyclesLimit, cellsLimit: inv.cellsLimit, memoryLimit: inv.memoryLimit }, stdout);
  if (inv.stackLimit !== undefined) rt.stackLimit = Math.max(0, Math.min(rt.stackLimit, inv.stackLimit));
  const session = new Session(rt, actorModules(inv.host, inv.stdlib), inv.parseCache ?? null);
  // open() reaches only this invocation's /tmp scratch space (256 KiB, Cells per byte written).
  const scratch = new Scratch();
  session.builtins.set("open", scratchOpen(scratch));
  return { rt, session, globals: new Globals(filename.replace(/\.py$/, ""), filename), scratch };
}

function invokeOn(inv: Invocation, on: Pick<ActorSession, "rt" | "session" | "globals" | "scratch">): InvocationResult {
  const { rt, session, globals, scratch } = on;
  globals.set("__name__", globals.name);
  const done = (ok: boolean, returnData: Uint8Array, error?: PvmError): InvocationResult => ({
    ok,
    returnData,
    cycles: rt.cyclesUsed,
    cells: rt.cells,
    memory: rt.memory,
    ...(error === undefined ? {} : { error }),
  });
  try {
    session.execModule(inv.source, globals);
    const cls = findActorClass(globals);
    const { args, kwargs } = splitArgs(rt, inv.args);
    // Held by this function, not by a frame: roots of the live-heap recount (cips/pvm.md).
    rt.roots.push(args);
    if (kwargs !== null) rt.roots.push(kwargs);
    let inst: Value;
    let before: Uint8Array | null = null;
    let result: Value = None;
    if (inv.kind === "deploy") {
      inst = callValue(rt, cls, args, kwargs);
      rt.roots.push(inst);
    } else {
      const method = methodOf(cls, inv.method ?? "");
      refuseUnpayable(cls, method, inv.method ?? "", inv.host.context().value);
      inst = bareInstance(rt, cls);
      rt.roots.push(inst);
      before = restoreAttributes(rt, inv.host, inst);
      result = callValue(rt, method, [inst, ...args], kwargs);
      rt.roots.push(result);
      if (result instanceof PyGenerator && result.cls === T.coroutine) result = runCoroutine(rt, result);
      rt.roots.push(result);
    }
    const returnData = inv.kind === "deploy" ? new Uint8Array(0) : encodeValue(rt, result);
    if (returnData.length > MAX_RETURN_BYTES) throw pyErr("ValueError", `return value is ${returnData.length} bytes encoded; the limit is ${MAX_RETURN_BYTES}`);
    rt.chargeCells(returnData.length);
    persistAttributes(rt, inv.host, inst, before);
    return done(true, returnData);
  } catch (e) {
    if (e instanceof HostFault) throw e;
    if (e instanceof HostError) return done(false, new Uint8Array(0), new PvmError("PythonException", `${e.pyType}: ${e.message}`, e.pyType, e.message));
    const error = session.toError(e);
    // A failure of the interpreter is no outcome of the actor's (its text, even its occurrence, may differ between
    // machines): the caller gets a fault, never a result (cips/pvm.md "Faults").
    if (error.code === "InternalError") throw new HostFault(e, `the interpreter failed: ${error.message}`);
    return done(false, new Uint8Array(0), error);
  } finally {
    scratch.wipe();
  }
}

export { getAttr };
