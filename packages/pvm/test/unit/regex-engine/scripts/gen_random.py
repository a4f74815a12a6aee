#!/usr/bin/env python3
"""Differential cases: random patterns over a tiny alphabet, matched by CPython 3.11.

Deterministic (seeded). Writes test/unit/regex-engine/fixtures/cpython-re-random.json in the same case format as
gen_fixture.py. Patterns that CPython rejects are kept too (they test the parser).
Run: python3 packages/pvm/test/unit/regex-engine/scripts/gen_random.py
"""
import json, os, random, re, sys, warnings

assert sys.version_info[:2] == (3, 11)
warnings.simplefilter("ignore")
rng = random.Random(20261122)
OUT = os.path.join(os.path.dirname(__file__), "..", "fixtures", "cpython-re-random.json")

def atom(depth, ngroups):
    r = rng.random()
    if depth > 2 or r < 0.35:
        return rng.choice(["a", "b", "c", ".", "[ab]", "[^a]", "\\w", "(?:)", "x"])
    if r < 0.5:
        ngroups[0] += 1
        return "(" + alt(depth + 1, ngroups) + ")"
    if r < 0.58:
        return "(?:" + alt(depth + 1, ngroups) + ")"
    if r < 0.63:
        return "(?>" + alt(depth + 1, ngroups) + ")"
    if r < 0.68:
        return rng.choice(["(?=", "(?!"]) + alt(depth + 1, ngroups) + ")"
    if r < 0.72:
        return rng.choice(["(?<=", "(?<!"]) + rng.choice(["a", "b", "ab", "(a)", "[ab]"]) + ")"
    if r < 0.8 and ngroups[0] > 0:
        return "\\%d" % rng.randint(1, ngroups[0])
    if r < 0.86 and ngroups[0] > 0:
        g = rng.randint(1, ngroups[0])
        return "(?(%d)%s|%s)" % (g, seq(depth + 1, ngroups), seq(depth + 1, ngroups))
    if r < 0.9:
        return rng.choice(["^", "$", "\\b", "\\B", "\\Z", "\\A"])
    return rng.choice(["a", "b"])

def quant():
    q = rng.choice(["", "", "", "*", "+", "?", "{2}", "{1,2}", "{,2}", "{0,}"])
    if q:
        q += rng.choice(["", "", "?", "+"])
    return q

def seq(depth, ngroups):
    out = ""
    for _ in range(rng.randint(1, 3)):
        a = atom(depth, ngroups)
        out += a + (quant() if a not in ("^", "$", "\\b", "\\B", "\\Z", "\\A") else "")
    return out

def alt(depth, ngroups):
    return "|".join(seq(depth, ngroups) for _ in range(rng.choice([1, 1, 2, 3])))

def mres(m):
    if m is None:
        return None
    return {"spans": [list(m.span(i)) for i in range(m.re.groups + 1)], "lastindex": m.lastindex}

cases = []
seen = set()
MAXDEPTH = 2
def simple():
    global MAXDEPTH
    MAXDEPTH = 1
while len(cases) < 3000:
    if len(cases) == 1500:
        simple()
    p = alt(0 if MAXDEPTH == 2 else 1, [0])
    if p in seen:
        continue
    seen.add(p)
    s = "".join(rng.choice("aabbc") for _ in range(rng.randint(0, 6 if MAXDEPTH == 2 else 12)))
    op = rng.choice(["match", "search", "fullmatch", "finditer"])
    case = {"op": op, "p": p, "b": False, "f": 0, "s": s}
    try:
        r = re.compile(p)
        if op == "finditer":
            case["x"] = [mres(m)["spans"] for m in r.finditer(s)]
        else:
            case["x"] = mres(getattr(r, op)(s))
    except re.error as e:
        case["x"] = {"error": "error", "msg": e.msg, "pos": e.pos}
    except SystemError as e:
        case["x"] = {"error": "SystemError", "msg": str(e)}
    except RecursionError:
        continue
    cases.append(case)

# Flags, a wider alphabet, and split/sub: case folding, categories, anchors, empty-match rules.
def atom2(depth, ngroups):
    r = rng.random()
    if depth > 1 or r < 0.5:
        return rng.choice(["a", "A", "k", "K", "s", "\u017f", "\u212a", "\xe9", "\xc9", "\d", "\w", "\s", "\W", ".", "[a-z]",
                           "[^a-z]", "[\w\s]", "[K-k]", "[\d\u0660-\u0669]", "\n", "1", "^", "$", "\\b", "\\B", "(?i:k)", "(?-i:s)"])
    if r < 0.75:
        ngroups[0] += 1
        return "(" + "|".join(seq2(depth + 1, ngroups) for _ in range(rng.choice([1, 2]))) + ")"
    if r < 0.85 and ngroups[0]:
        return "\\%d" % rng.randint(1, ngroups[0])
    return "(?:" + "|".join(seq2(depth + 1, ngroups) for _ in range(rng.choice([1, 2]))) + ")"

def seq2(depth, ngroups):
    out = ""
    for _ in range(rng.randint(1, 3)):
        a = atom2(depth, ngroups)
        out += a + (quant() if a not in ("^", "$", "\\b", "\\B") else "")
    return out

ALPHA2 = "aAkKs\u017f\u212a\xe9\xc9\n 1\u0661_-"
for i in range(1500):
    p = seq2(0, [0])
    f = rng.choice([0, re.I, re.M, re.S, re.I | re.M, re.A, re.I | re.A, re.X | re.I])
    s = "".join(rng.choice(ALPHA2) for _ in range(rng.randint(0, 10)))
    op = rng.choice(["search", "match", "finditer", "split", "sub"])
    case = {"op": op, "p": p, "b": False, "f": int(f), "s": s}
    try:
        r = re.compile(p, f)
        if op == "finditer":
            case["x"] = [mres(m)["spans"] for m in r.finditer(s)]
        elif op == "split":
            case["x"] = r.split(s)
        elif op == "sub":
            case["repl"] = rng.choice(["-", "<\\g<0>>", "[\\1]" if r.groups else "()", "\\n"])
            case["x"] = r.sub(case["repl"], s)
        else:
            case["x"] = mres(getattr(r, op)(s))
    except re.error as e:
        case["x"] = {"error": "error", "msg": e.msg, "pos": e.pos}
    except SystemError as e:
        case["x"] = {"error": "SystemError", "msg": str(e)}
    except RecursionError:
        continue
    cases.append(case)
    if rng.random() < 0.15:
        bp = p.encode("ascii", "ignore") if "\\u" not in p else None
        if bp is not None and not f & re.A:
            bcase = {"op": op if op != "sub" else "search", "p": bp.decode("latin-1"), "b": True, "f": int(f), "s": s.encode("latin-1", "ignore").decode("latin-1")}
            try:
                r = re.compile(bp, f)
                bs = bcase["s"].encode("latin-1")
                if bcase["op"] == "finditer":
                    bcase["x"] = [mres(m)["spans"] for m in r.finditer(bs)]
                elif bcase["op"] == "split":
                    bcase["x"] = [None if v is None else v.decode("latin-1") for v in r.split(bs)]
                else:
                    bcase["x"] = mres(getattr(r, bcase["op"])(bs))
            except re.error as e:
                bcase["x"] = {"error": "error", "msg": e.msg, "pos": e.pos}
            except (RecursionError, SystemError):
                continue
            cases.append(bcase)

# Syntax fuzz: random strings over the metacharacters, compiled by CPython (error or group count).
POOL = list("()[]{}?*+|^$.\\-,:=!<>#PiaxmsLu0123489abgdwDWsSbBAZxuUNn_ ") + ["(?", "(?P<", "(?P=", "(?<", "(?(", "\\x", "{1,", "]"]
syntax = set()
while len(syntax) < 1500:
    p = "".join(rng.choice(POOL) for _ in range(rng.randint(1, 10)))
    if p in syntax:
        continue
    syntax.add(p)
    for flags in ([0, re.X] if rng.random() < 0.2 else [0]):
        case = {"op": "compile", "p": p, "b": False, "f": flags}
        try:
            r = re.compile(p, flags)
            case["x"] = {"groups": r.groups, "groupindex": dict(r.groupindex)}
        except re.error as e:
            case["x"] = {"error": "error", "msg": e.msg, "pos": e.pos}
        except (OverflowError, ValueError, RecursionError) as e:
            case["x"] = {"error": type(e).__name__, "msg": str(e)}
        cases.append(case)

with open(OUT, "w") as fh:
    json.dump({"python": sys.version.split()[0], "cases": cases}, fh, ensure_ascii=True, indent=0)
print(f"wrote {len(cases)} cases")
