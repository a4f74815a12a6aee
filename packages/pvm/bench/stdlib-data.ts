// json, struct and re workloads: the PVM (metered, through ActorVm, TS sources via tsx) against
// CPython 3.11 (python3, spawned once per workload, timing its own bench() calls) in the same run.
// Each workload's result must be identical in both. Ratio = PVM time / CPython time (lower is
// better). CPython's json and struct are C accelerated; ours are native TS behind a Python facade.
// Run: pnpm exec tsx --conditions=@cowboy/source bench/stdlib-data.ts [filter]
import { ActorVm, ModuleRegistry } from "../src/index.js";
import { hashlibModule } from "../src/stdlib/hashlib.js";
import { jsonModule } from "../src/stdlib/json.js";
import { reModule } from "../src/stdlib/re.js";
import { structModule } from "../src/stdlib/struct.js";
import { compareWithCpython, type Workload } from "./vs-cpython.js";

const DOC = `
def doc(n):
    return {"id": n, "name": "item-%d" % n, "tags": ["a", "b", "é"], "price": n * 1.25,
            "ok": n % 2 == 0, "meta": {"k": None, "v": [n, -n, 2**40 + n]}}
DOCS = [doc(i) for i in range(300)]
`;

const WORKLOADS: Workload[] = [
  {
    name: "json.dumps (300 records)",
    source: `import json\n${DOC}
def bench():
    s = json.dumps(DOCS)
    return len(s), s[:60]
`,
  },
  {
    name: "json.dumps indent+sort_keys",
    source: `import json\n${DOC}
def bench():
    s = json.dumps(DOCS, indent=2, sort_keys=True)
    return len(s), s[-40:]
`,
  },
  {
    name: "json.loads (300 records)",
    source: `import json\n${DOC}
TEXT = json.dumps(DOCS)
def bench():
    v = json.loads(TEXT)
    return len(v), v[7]
`,
  },
  {
    name: "struct pack/unpack 2000 records",
    source: `import struct
S = struct.Struct('<IqdH4s?')
def bench():
    out = []
    for i in range(2000):
        b = S.pack(i, -i * 3, i / 8, i % 65536, b'abcd', i % 2 == 0)
        out.append(S.unpack(b))
    return len(out), out[-1]
`,
  },
  {
    name: "struct iter_unpack 4096 x <HHi",
    source: `import struct
BUF = b''.join(struct.pack('<HHi', i % 65536, (i * 7) % 65536, -i) for i in range(4096))
def bench():
    t = 0
    for a, b, c in struct.iter_unpack('<HHi', BUF):
        t += a + b + c
    return t
`,
  },
  {
    name: "re findall/sub/split on a 20 KB log",
    source: `import re
LOG = "\\n".join("2026-11-%02d 12:%02d:07 user%d@example.com GET /api/v1/items/%d 200 %dms" % (i % 28 + 1, i % 60, i, i * 7, i % 900) for i in range(300))
PAT = re.compile(r"(\\d{4})-(\\d{2})-(\\d{2}) \\S+ (?P<user>[\\w.]+)@([\\w.]+) (GET|POST) (\\S+) (\\d{3}) (\\d+)ms")
def bench():
    hits = PAT.findall(LOG)
    masked = re.sub(r"user(\\d+)@", lambda m: "u" + str(int(m.group(1)) % 10) + "@", LOG)
    parts = re.split(r"\\s+/api/v1/", LOG)
    slow = [m.group("user") for m in PAT.finditer(LOG) if int(m.group(9)) > 800]
    return len(hits), hits[5], len(masked), masked[:40], len(parts), slow[:3]
`,
  },
];

const modules = new ModuleRegistry().register("json", jsonModule()).register("struct", structModule()).register("hashlib", hashlibModule()).register("re", reModule());

const filter = process.argv.slice(2).find((a) => !a.startsWith("--"));
compareWithCpython("json / struct / re: PVM (metered, TS sources via tsx) vs CPython 3.11", WORKLOADS, ActorVm, modules, filter);
