// The hot loops of `itertools`, run natively. The Python source (py/itertools.py) validates
// arguments with CPython's messages and calls these private helpers, each returning a lazy
// iterator. Cost rule (cips/pvm-stdlib-iter.md), charged as the work happens:
//   ITER_STEP per element produced, ITER_STEP per input element drawn, one Cycle per slot of
//   every tuple built, and the ordinary call cost for each call of a user callable (its body is
//   charged by itself). So an infinite iterator costs only what is drawn from it.
import { C } from "../../runtime/costs.js";
import { callValue } from "../../runtime/call.js";
import type { Runtime } from "../../runtime/context.js";
import { pyErr } from "../../runtime/exceptions.js";
import { iterate, type NextFn, PyIterator } from "../../runtime/iter.js";
import { PyTuple, type Value } from "../../runtime/object.js";
import { binop, eq, truthy } from "../../runtime/ops.js";
import { None, T } from "../../runtime/types.js";
import { fnValue } from "../../builtins/util.js";

/** Cycles per element produced or drawn. */
const ITER_STEP = 1;
/** Bytes accounted per tuple: header plus one slot per element (cips/pvm.md memory model). */
const TUPLE_HEADER = 16;
const SLOT = 8;

function mkTuple(rt: Runtime, items: Value[]): PyTuple {
  rt.charge(items.length);
  rt.alloc(TUPLE_HEADER + SLOT * items.length);
  return new PyTuple(T.tuple, items);
}

function call(rt: Runtime, f: Value, args: Value[]): Value {
  rt.charge(C.call);
  return callValue(rt, f, args, null);
}

function asTuple(v: Value, what: string): Value[] {
  if (!(v instanceof PyTuple)) throw pyErr("TypeError", `${what} must be a tuple`);
  return v.items as Value[];
}

function asCount(v: Value, what: string): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) throw pyErr("ValueError", `${what} must be a non-negative int`);
  return v;
}

/** A counted input: each draw costs ITER_STEP. */
function drawing(rt: Runtime, next: NextFn): NextFn {
  return () => {
    rt.charge(ITER_STEP);
    return next();
  };
}

function chain(rt: Runtime, iterables: Value): PyIterator {
  const outer = drawing(rt, iterate(rt, iterables));
  let inner: NextFn | null = null;
  return new PyIterator(() => {
    for (;;) {
      if (inner === null) {
        const src = outer();
        if (src === undefined) return undefined;
        inner = drawing(rt, iterate(rt, src));
      }
      const x = inner();
      if (x !== undefined) {
        rt.charge(ITER_STEP);
        return x;
      }
      inner = null;
    }
  });
}

function islice(rt: Runtime, it: Value, startV: Value, stopV: Value, stepV: Value): PyIterator {
  const next = drawing(rt, iterate(rt, it));
  const start = asCount(startV, "start");
  const stop = stopV === None ? -1 : asCount(stopV, "stop");
  const step = asCount(stepV, "step");
  // As CPython's C islice: `cnt` counts elements drawn, `nexti` is the next index to yield.
  let cnt = 0;
  let nexti = start;
  let done = false;
  return new PyIterator(() => {
    if (done) return undefined;
    // CPython draws up to the next index even when it lies past stop (islice(it, 6, 3) draws 6).
    while (cnt < nexti) {
      if (next() === undefined) {
        done = true;
        return undefined;
      }
      cnt++;
    }
    if (stop !== -1 && cnt >= stop) {
      done = true;
      return undefined;
    }
    const x = next();
    if (x === undefined) {
      done = true;
      return undefined;
    }
    cnt++;
    nexti += step;
    if (stop !== -1 && nexti > stop) nexti = stop;
    rt.charge(ITER_STEP);
    return x;
  });
}

function accumulate(rt: Runtime, it: Value, func: Value, initial: Value, hasInitial: boolean): PyIterator {
  const next = drawing(rt, iterate(rt, it));
  let total: Value | undefined = hasInitial ? initial : undefined;
  let started = false;
  let done = false;
  return new PyIterator(() => {
    if (done) return undefined;
    rt.charge(ITER_STEP);
    if (!started) {
      started = true;
      if (total === undefined) {
        total = next();
        if (total === undefined) {
          done = true;
          return undefined;
        }
      }
      return total;
    }
    const x = next();
    if (x === undefined) {
      done = true;
      return undefined;
    }
    total = func === None ? binop(rt, "Add", total as Value, x) : call(rt, func, [total as Value, x]);
    return total;
  });
}

function compress(rt: Runtime, data: Value, selectors: Value): PyIterator {
  const d = drawing(rt, iterate(rt, data));
  const s = drawing(rt, iterate(rt, selectors));
  return new PyIterator(() => {
    for (;;) {
      const x = d();
      if (x === undefined) return undefined;
      const sel = s();
      if (sel === undefined) return undefined;
      if (truthy(rt, sel)) {
        rt.charge(ITER_STEP);
        return x;
      }
    }
  });
}

function dropwhile(rt: Runtime, pred: Value, it: Value): PyIterator {
  const next = drawing(rt, iterate(rt, it));
  let dropping = true;
  return new PyIterator(() => {
    for (;;) {
      const x = next();
      if (x === undefined) return undefined;
      if (dropping && truthy(rt, call(rt, pred, [x]))) continue;
      dropping = false;
      rt.charge(ITER_STEP);
      return x;
    }
  });
}

function takewhile(rt: Runtime, pred: Value, it: Value): PyIterator {
  const next = drawing(rt, iterate(rt, it));
  let done = false;
  return new PyIterator(() => {
    if (done) return undefined;
    const x = next();
    if (x === undefined || !truthy(rt, call(rt, pred, [x]))) {
      done = true;
      return undefined;
    }
    rt.charge(ITER_STEP);
    return x;
  });
}

function filterfalse(rt: Runtime, pred: Value, it: Value): PyIterator {
  const next = drawing(rt, iterate(rt, it));
  return new PyIterator(() => {
    for (;;) {
      const x = next();
      if (x === undefined) return undefined;
      if (!truthy(rt, pred === None ? x : call(rt, pred, [x]))) {
        rt.charge(ITER_STEP);
        return x;
      }
    }
  });
}

function starmap(rt: Runtime, f: Value, it: Value): PyIterator {
  const next = drawing(rt, iterate(rt, it));
  return new PyIterator(() => {
    const args = next();
    if (args === undefined) return undefined;
    rt.charge(ITER_STEP + C.call);
    const list = args instanceof PyTuple ? (args.items as Value[]) : drain(rt, args);
    return callValue(rt, f, list, null);
  });
}

function drain(rt: Runtime, v: Value): Value[] {
  const next = drawing(rt, iterate(rt, v));
  const out: Value[] = [];
  for (let x = next(); x !== undefined; x = next()) out.push(x);
  rt.alloc(SLOT * out.length);
  return out;
}

function pairwise(rt: Runtime, it: Value): PyIterator {
  const next = drawing(rt, iterate(rt, it));
  let prev: Value | undefined;
  let started = false;
  return new PyIterator(() => {
    if (!started) {
      started = true;
      prev = next();
    }
    if (prev === undefined) return undefined;
    const x = next();
    if (x === undefined) {
      prev = undefined;
      return undefined;
    }
    rt.charge(ITER_STEP);
    const pair = mkTuple(rt, [prev, x]);
    prev = x;
    return pair;
  });
}

function zipLongest(rt: Runtime, iterables: Value, fill: Value): PyIterator {
  const its: (NextFn | null)[] = asTuple(iterables, "iterables").map((v) => drawing(rt, iterate(rt, v)));
  let active = its.length;
  return new PyIterator(() => {
    if (active === 0) return undefined;
    const out: Value[] = [];
    for (let i = 0; i < its.length; i++) {
      const f = its[i];
      if (f === null || f === undefined) {
        out.push(fill);
        continue;
      }
      const x = f();
      if (x === undefined) {
        active--;
        if (active === 0) return undefined;
        its[i] = null;
        out.push(fill);
      } else out.push(x);
    }
    rt.charge(ITER_STEP);
    return mkTuple(rt, out);
  });
}

function pools(v: Value): Value[][] {
  return asTuple(v, "pools").map((p) => asTuple(p, "pool"));
}

function product(rt: Runtime, poolsV: Value): PyIterator {
  const ps = pools(poolsV);
  const n = ps.length;
  const idx = new Array<number>(n).fill(0);
  let first = true;
  let done = ps.some((p) => p.length === 0);
  return new PyIterator(() => {
    if (done) return undefined;
    if (!first) {
      // Odometer: advance the rightmost index that can move, reset the ones after it.
      let i = n - 1;
      for (; i >= 0; i--) {
        rt.charge(ITER_STEP);
        if (++(idx[i] as number) < (ps[i] as Value[]).length) break;
        idx[i] = 0;
      }
      if (i < 0) {
        done = true;
        return undefined;
      }
    }
    first = false;
    rt.charge(ITER_STEP);
    return mkTuple(
      rt,
      idx.map((j, k) => (ps[k] as Value[])[j] as Value),
    );
  });
}

function combinations(rt: Runtime, poolV: Value, rV: Value): PyIterator {
  const pool = asTuple(poolV, "pool");
  const r = asCount(rV, "r");
  const n = pool.length;
  const idx = Array.from({ length: r }, (_, i) => i);
  let first = true;
  let done = r > n;
  return new PyIterator(() => {
    if (done) return undefined;
    if (!first) {
      let i = r - 1;
      while (i >= 0 && idx[i] === i + n - r) {
        rt.charge(ITER_STEP);
        i--;
      }
      if (i < 0) {
        done = true;
        return undefined;
      }
      (idx[i] as number)++;
      for (let j = i + 1; j < r; j++) idx[j] = (idx[j - 1] as number) + 1;
    }
    first = false;
    rt.charge(ITER_STEP);
    return mkTuple(
      rt,
      idx.map((j) => pool[j] as Value),
    );
  });
}

function combinationsWithReplacement(rt: Runtime, poolV: Value, rV: Value): PyIterator {
  const pool = asTuple(poolV, "pool");
  const r = asCount(rV, "r");
  const n = pool.length;
  const idx = new Array<number>(r).fill(0);
  let first = true;
  let done = n === 0 && r > 0;
  return new PyIterator(() => {
    if (done) return undefined;
    if (!first) {
      let i = r - 1;
      while (i >= 0 && idx[i] === n - 1) {
        rt.charge(ITER_STEP);
        i--;
      }
      if (i < 0) {
        done = true;
        return undefined;
      }
      const v = (idx[i] as number) + 1;
      for (let j = i; j < r; j++) idx[j] = v;
    }
    first = false;
    rt.charge(ITER_STEP);
    return mkTuple(
      rt,
      idx.map((j) => pool[j] as Value),
    );
  });
}

function permutations(rt: Runtime, poolV: Value, rV: Value): PyIterator {
  const pool = asTuple(poolV, "pool");
  const r = asCount(rV, "r");
  const n = pool.length;
  const idx = Array.from({ length: n }, (_, i) => i);
  const cycles = Array.from({ length: r }, (_, i) => n - i);
  let first = true;
  let done = r > n;
  return new PyIterator(() => {
    if (done) return undefined;
    if (!first) {
      // CPython's algorithm: rotate or swap at the rightmost position whose cycle is not spent.
      let i = r - 1;
      for (; i >= 0; i--) {
        rt.charge(ITER_STEP);
        const c = (cycles[i] as number) - 1;
        cycles[i] = c;
        if (c === 0) {
          const head = idx[i] as number;
          idx.copyWithin(i, i + 1);
          idx[n - 1] = head;
          cycles[i] = n - i;
        } else {
          const j = n - c;
          const t = idx[i] as number;
          idx[i] = idx[j] as number;
          idx[j] = t;
          break;
        }
      }
      if (i < 0 || n === 0) {
        done = true;
        return undefined;
      }
    }
    first = false;
    rt.charge(ITER_STEP);
    const out: Value[] = new Array<Value>(r);
    for (let k = 0; k < r; k++) out[k] = pool[idx[k] as number] as Value;
    return mkTuple(rt, out);
  });
}

/**
 * groupby as CPython's C implementation: the outer iterator skips what is left of the current
 * group; each group iterator draws lazily and goes dead once the outer one has moved on.
 */
function groupby(rt: Runtime, it: Value, keyfn: Value): PyIterator {
  const next = drawing(rt, iterate(rt, it));
  let tgtkey: Value | undefined;
  let currkey: Value | undefined;
  let currvalue: Value | undefined;
  let current: object | null = null;
  const step = (): boolean => {
    const v = next();
    if (v === undefined) return false;
    const k = keyfn === None ? v : call(rt, keyfn, [v]);
    currvalue = v;
    currkey = k;
    return true;
  };
  return new PyIterator(() => {
    current = null;
    for (;;) {
      if (currkey !== undefined) {
        if (tgtkey === undefined || !eq(rt, tgtkey, currkey)) break;
      }
      if (!step()) return undefined;
    }
    const key = currkey as Value;
    tgtkey = key;
    const token = {};
    current = token;
    const grouper = new PyIterator(() => {
      if (current !== token) return undefined;
      if (currvalue === undefined && !step()) return undefined;
      if (!eq(rt, key, currkey as Value)) return undefined;
      const r = currvalue as Value;
      currvalue = undefined;
      rt.charge(ITER_STEP);
      return r;
    });
    rt.charge(ITER_STEP);
    return mkTuple(rt, [key, grouper]);
  });
}

/** The private helpers bound into the itertools module before its source runs. */
export function itertoolsNatives(): Map<string, Value> {
  const m = new Map<string, Value>();
  const def = (name: string, arity: number, fn: (rt: Runtime, a: Value[]) => Value) =>
    m.set(
      name,
      fnValue(name, (rt, a) => {
        if (a.length !== arity) throw pyErr("TypeError", `${name}() takes ${arity} arguments (${a.length} given)`);
        return fn(rt, a);
      }),
    );
  const v = (a: Value[], i: number) => a[i] as Value;
  def("_chain", 1, (rt, a) => chain(rt, v(a, 0)));
  def("_islice", 4, (rt, a) => islice(rt, v(a, 0), v(a, 1), v(a, 2), v(a, 3)));
  def("_accumulate", 4, (rt, a) => accumulate(rt, v(a, 0), v(a, 1), v(a, 2), v(a, 3) === true));
  def("_compress", 2, (rt, a) => compress(rt, v(a, 0), v(a, 1)));
  def("_dropwhile", 2, (rt, a) => dropwhile(rt, v(a, 0), v(a, 1)));
  def("_takewhile", 2, (rt, a) => takewhile(rt, v(a, 0), v(a, 1)));
  def("_filterfalse", 2, (rt, a) => filterfalse(rt, v(a, 0), v(a, 1)));
  def("_starmap", 2, (rt, a) => starmap(rt, v(a, 0), v(a, 1)));
  def("_pairwise", 1, (rt, a) => pairwise(rt, v(a, 0)));
  def("_groupby", 2, (rt, a) => groupby(rt, v(a, 0), v(a, 1)));
  def("_zip_longest", 2, (rt, a) => zipLongest(rt, v(a, 0), v(a, 1)));
  def("_product", 1, (rt, a) => product(rt, v(a, 0)));
  def("_combinations", 2, (rt, a) => combinations(rt, v(a, 0), v(a, 1)));
  def("_combinations_with_replacement", 2, (rt, a) => combinationsWithReplacement(rt, v(a, 0), v(a, 1)));
  def("_permutations", 2, (rt, a) => permutations(rt, v(a, 0), v(a, 1)));
  return m;
}
