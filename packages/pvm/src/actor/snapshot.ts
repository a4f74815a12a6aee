// Module snapshots of a warm session (cips/pvm.md "Warm sessions", "Module snapshots"): the
// namespace `cowboy_sdk`'s body builds, kept from one run of that body and handed to later
// invocations instead of running the body again, charged the Cycles and memory the body charged.
// Restored only when running the body would provably do the same: nothing it imports is loaded,
// it would not run out of Cycles, recount memory, hit a depth limit or see a handled exception, and
// every object it built still holds exactly what it held after the body (fingerprint.ts).
import type { ModuleLoader, ImportShortcut } from "../modules.js";
import type { Runtime } from "../runtime/context.js";
import type { PyModule } from "../runtime/function.js";
import { PyObject } from "../runtime/object.js";
import { T } from "../runtime/types.js";
import { type Fingerprint, forgetSubclasses, takeFingerprint, unchanged } from "./fingerprint.js";

/** A recorded first import of one module. */
export interface Snapshot {
  readonly name: string;
  /** Every module the import loaded, in import order (`name` first). */
  readonly modules: readonly (readonly [string, PyModule])[];
  /** What the import added to the recount's roots. */
  readonly roots: readonly unknown[];
  readonly cycles: number;
  readonly memory: number;
  /** The recording began at this call depth with this much stack weight left: a restore needs as much room. */
  readonly depth: number;
  readonly stackRoom: number;
  readonly fingerprint: Fingerprint;
}

/** Room the recording leaves itself below the recursion and stack-weight limits. */
export const RECORD_DEPTH_ROOM = 32;
export const RECORD_STACK_ROOM = 1_000;

/**
 * Run `loader.import(name)` once on a restarted runtime (the caller restarts it and points its host
 * at one that refuses every call) and keep what it built, or null when the body is not a pure
 * function of nothing: it used the host, printed, charged Cells, numbered an object with id(),
 * recounted memory, raised, or built a kind of object a fingerprint cannot vouch for.
 */
export function recordImport(rt: Runtime, loader: ModuleLoader, name: string, quiet: () => boolean): Snapshot | null {
  rt.depth = Math.max(0, rt.recursionLimit - RECORD_DEPTH_ROOM);
  rt.stack = Math.max(0, rt.stackLimit - RECORD_STACK_ROOM);
  const depth = rt.depth;
  const stackRoom = rt.stackLimit - rt.stack;
  try {
    loader.import(name);
  } catch {
    return null;
  }
  if (!quiet() || rt.cells !== 0 || rt.recounts !== 0 || rt.handling.length !== 0 || rt.depth !== depth) return null;
  // id() numbers objects in the order of first request from 1: nothing may have asked yet.
  if (rt.idOf(new PyObject(T.object)) !== 1) return null;
  const modules = loader.loaded();
  if (modules.length === 0 || modules[0]![0] !== name) return null;
  const roots = rt.roots.slice();
  const fingerprint = takeFingerprint(roots);
  if (fingerprint === null) return null;
  return { name, modules, roots, cycles: rt.cyclesUsed, memory: rt.memory, depth, stackRoom, fingerprint };
}

/** The loader's shortcut over one session's snapshots. */
export class SnapshotShortcut implements ImportShortcut {
  readonly #snapshots = new Map<string, Snapshot>();
  /** Snapshots found changed since the last `take` (the session records them again). */
  readonly stale: string[] = [];
  /** Restores done (tests and benchmarks). */
  restored = 0;

  set(s: Snapshot): void {
    this.#snapshots.set(s.name, s);
  }

  has(name: string): boolean {
    return this.#snapshots.has(name);
  }

  restore(loader: ModuleLoader, name: string): PyModule | null {
    const s = this.#snapshots.get(name);
    if (s === undefined) return null;
    const rt = loader.rt;
    if (rt.handling.length !== 0 || rt.depth > s.depth || rt.stackLimit - rt.stack < s.stackRoom) return null;
    if (rt.budget + rt.reserve < s.cycles) return null;
    // No allocation of the body may reach a recount, nor be larger than the budget (a bomb's refusal).
    if (rt.memory + s.memory > rt.recountAt || s.memory > rt.memoryLimit) return null;
    for (const [n] of s.modules) if (loader.isLoaded(n)) return null;
    if (!unchanged(s.fingerprint)) {
      this.#snapshots.delete(name);
      this.stale.push(name);
      return null;
    }
    forgetSubclasses(s.fingerprint);
    rt.charge(s.cycles);
    rt.memory += s.memory;
    for (const [n, m] of s.modules) loader.adopt(n, m);
    for (const r of s.roots) rt.roots.push(r);
    this.restored++;
    return s.modules[0]![1];
  }
}
