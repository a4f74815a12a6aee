#!/usr/bin/env python3
"""Differential vectors: small windows of corpus files, randomly mutated (seeded), with CPython
3.11's verdict: the AST (as cpython_ast_to_json.py encodes it) or the SyntaxError's kind, message,
line and offset. Usage: python3 gen_differential.py SEED COUNT > differential.json
"""
import sys, os, random, json, ast, warnings
warnings.simplefilter("ignore")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.chdir(os.path.dirname(os.path.abspath(__file__)))
import cpython_ast_to_json as C
PIECES = ["(", ")", "[", "]", "{", "}", ":", ",", ";", "=", "==", "+", "-", "*", "**", "/", "//", "@", "|", "&", "~", "<", ">",
  ".", "...", "->", ":=", "!=", "\n", "\n    ", " ", "\\\n", "#c\n", "'", '"', "'''", 'f"', "f'{", "}", "{x!r:>{w}}",
  "b'", "r'", "0x", "0o7", "1_0", "1e5", "3j", "0", "09", "if", "else", "elif", "for", "in", "while", "def", "class",
  "lambda", "yield", "await", "async", "return", "try", "except", "except*", "finally", "with", "as", "match", "case",
  "_", "not", "and", "or", "is", "del", "global", "nonlocal", "import", "from", "pass", "break", "continue", "raise",
  "assert", "None", "True", "x", "y", "é", "*x", "**y", "a.b", "f(x)", "[x]", ", *a", "x for x in y"]
r = random.Random(int(sys.argv[1]))
files = sorted(f for f in os.listdir("corpus") if f.endswith(".py"))
out = []
for i in range(int(sys.argv[2])):
    src = C.normalize(open("corpus/" + r.choice(files), encoding="utf-8").read())
    # Work on a window of a few lines so cases stay small.
    lines = src.split("\n")
    a = r.randrange(len(lines)); b = min(len(lines), a + 1 + r.randrange(6))
    s = "\n".join(lines[a:b]) + "\n"
    s = s.lstrip(" ")
    for _ in range(1 + r.randrange(3)):
        at = r.randrange(len(s) + 1)
        k = r.randrange(4)
        if k == 0: s = s[:at] + s[at + 1 + r.randrange(5):]
        elif k == 1: s = s[:at] + r.choice(PIECES) + s[at:]
        elif k == 2: s = s[:at] + s[at+1:at+2] + s[at:at+1] + s[at+2:]
        else: s = s[:at] + " " + s[at:]
    try:
        compile(s, "m.py", "exec")
        tree = ast.parse(s)
        res = {"source": s, "ok": True, "ast": C.Converter(s).conv(tree)}
    except SyntaxError as e:
        res = {"source": s, "ok": False, "kind": type(e).__name__, "msg": e.msg, "lineno": e.lineno, "offset": e.offset}
    except (ValueError, RecursionError, MemoryError) as e:
        continue
    out.append(res)
json.dump({"seed": int(sys.argv[1]), "python": sys.version.split()[0], "cases": out}, sys.stdout, ensure_ascii=True)
sys.stdout.write("\n")
