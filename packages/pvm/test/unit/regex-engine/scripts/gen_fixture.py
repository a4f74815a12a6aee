#!/usr/bin/env python3
"""Capture CPython 3.11 `re` behaviour into test/unit/regex-engine/fixtures/cpython-re.json.

Each case: {"p": pattern, "b": is_bytes, "f": flags, "op": ..., args..., "x": expected}.
Bytes values are stored as Latin-1 strings. Spans are code point / byte offsets.
Run: python3 packages/pvm/test/unit/regex-engine/scripts/gen_fixture.py
"""
import json, os, re, sys, warnings

assert sys.version_info[:2] == (3, 11)
warnings.simplefilter("ignore")
OUT = os.path.join(os.path.dirname(__file__), "..", "fixtures", "cpython-re.json")
cases = []

def enc(v):
    return v.decode("latin-1") if isinstance(v, bytes) else v

def err(e):
    if isinstance(e, re.error):
        return {"error": "error", "msg": e.msg, "pos": e.pos}
    return {"error": type(e).__name__, "msg": str(e)}

def mres(m):
    if m is None:
        return None
    return {"spans": [list(m.span(i)) for i in range(m.re.groups + 1)], "lastindex": m.lastindex}

def add(op, p, s=None, f=0, **kw):
    case = {"op": op, "p": enc(p), "b": isinstance(p, bytes), "f": int(f)}
    if s is not None:
        case["s"] = enc(s)
    case.update({k: enc(v) for k, v in kw.items()})
    try:
        r = re.compile(p, f)
        if op == "compile":
            x = {"groups": r.groups, "groupindex": dict(r.groupindex)}
        elif op in ("match", "fullmatch", "search"):
            x = mres(getattr(r, op)(s, **{k: v for k, v in kw.items() if k in ("pos", "endpos")}))
        elif op == "finditer":
            x = [mres(m)["spans"] for m in r.finditer(s)]
        elif op == "findall":
            x = [[enc(g) for g in v] if isinstance(v, tuple) else enc(v) for v in r.findall(s, **{k: v for k, v in kw.items() if k in ("pos", "endpos")})]
        elif op == "split":
            x = [enc(v) for v in r.split(s, kw.get("maxsplit", 0))]
        elif op == "sub":
            x = enc(r.sub(kw["repl"], s, kw.get("count", 0)))
        elif op == "subn":
            v, n = r.subn(kw["repl"], s, kw.get("count", 0))
            x = [enc(v), n]
        else:
            raise ValueError(op)
    except Exception as e:  # noqa: BLE001 - the fixture records every failure mode
        x = err(e)
    case["x"] = x
    cases.append(case)

I, M, S, X, A, U = re.I, re.M, re.S, re.X, re.A, re.U

# --- compile errors and accepted syntax --------------------------------------------------------
for p in ["(", "(a", "a)", ")", "*", "+a", "a**", "a*+*", "(?<x)", "(?<", "\\q", "\\", "a\\", "[", "[a", "[]", "[^]",
          "[a-", "[z-a]", "[\\d-z]", "[a-\\d]", "x{2,1}", "(?P<1>a)", "(?P<a>a)(?P<a>b)", "(?P=x)", "(?P<a>(?P=a))",
          "(?x", "(?i", "(?-", "(?-i", "(?i-i:a)", "(?L)a", "(?u:a)", "(?au)a", "(?-a:x)", "a(?i)b", "(?i)(?m)a", "a|(?s)b",
          "(?#comment", "(?#ok)a", "(?z)", "(?P", "(?Px", "(?P<>a)", "(?P<a", "(?(1)a|b)", "(a)(?(2)b)", "(a)(?(1)b|c|d)",
          "(?(0)a)", "(?(-1)a)", "(?(a-b)x)", "(?<=a+)b", "(?<!ab|c)d", "(?<=ab|cd)e", "(?<=(a))\\1", "(a)(?<=\\1)",
          "(?<=(?P<n>a)(?P=n))", "\\1", "(a)\\2", "(a\\1)", "\\x1", "\\x1g", "\\u12", "\\U0011ffff", "\\U0001F600", "\\N{DASH}",
          "[\\x]", "\\400", "\\777", "[\\400]", "\\08", "\\141", "\\1414", "\\8", "[\\8]", "{", "a{", "a{1", "a{1,", "a{,2}",
          "a{}", "x{,}", "a{3}{2}", "(?>a+)", "(?>)", "a++", "a*?+", "(?i:a(?-i:b))", "(?x: a b )c d", "(?x)a b # c\n d",
          "(?<a>x)", "(?'a'x)", "[[:alpha:]]", "(?P<a>a)(?P<b>b)", "(?P<é>a)", "(?P<a b>x)", "\\b*", "^*", "$+", "\\A?",
          "a|*", "(|a)*", "()", "(?:)", "a{4294967295}", "a{4294967294}", "a{1,4294967296}", "[a-z&&b]", "\\p{L}"]:
    add("compile", p)
for p in [b"(", b"\\u0041", b"(?u)a", b"(?L)a", b"(?a)a", b"\\xff", b"[\\xe9-\\xff]", b"\\\xe9", b"(?P<\xe9>a)"]:
    add("compile", p)
add("compile", "a", f=A | U)
add("compile", b"a", f=U)
add("compile", "a", f=re.L)
for p in ["(?t)a*", "(?t)(?:a|b+?)", "(?t)a", "(?t)[ab](?=c++)"]:
    add("compile", p)

# --- matching ---------------------------------------------------------------------------------
def many(op, p, strings, f=0, **kw):
    for s in strings:
        add(op, p, s, f, **kw)

many("search", "abc", ["abc", "xabcx", "ab", ""])
many("match", "a.c", ["abc", "a\nc", "ac"])
many("match", "a.c", ["a\nc"], S)
many("match", "a*", ["", "aaa", "b"])
many("match", "a*?b", ["aab", "b"])
many("match", "a+?", ["aaa"])
many("match", "a??b", ["ab", "b"])
many("fullmatch", "a{2,3}", ["a", "aa", "aaa", "aaaa"])
many("fullmatch", "a{,2}", ["", "a", "aa", "aaa"])
many("fullmatch", "a{2,}?", ["aa", "aaaaa"])
many("match", "(a|ab)(c|bcd)(d*)", ["abcd"])
many("match", "(a+)+$", ["aaaa", "aaab"])
many("match", "(a*)*", ["aaa", "b"])
many("match", "(a*)+", ["aaa", "b"])
many("match", "(a|)*", ["aa"])
many("match", "(a?)*?b", ["aab"])
many("match", "(?:(a)|b)*", ["ab", "ba", "abb"])
many("match", "(?:(a)|(b))*", ["ab", "ba"])
many("match", "(a)|b", ["b", "a"])
many("match", "((a)|b)+", ["ab", "ba"])
many("match", "(a)(?:x|y)*\\1", ["axya", "aa", "ab"])
many("match", "(?:(\\w)\\1)+", ["aabbcc", "aabc"])
many("match", "(a)?b\\1", ["b", "aba"])
many("search", "(?:(a)|b)\\1", ["ba", "aa", "bb"])
many("match", "(?P<q>['\"]).*?(?P=q)", ["'abc'", "\"a'b\"", "'abc"])
many("match", "(a)?(?(1)b|c)", ["ab", "c", "ac"])
many("match", "(?P<x>a)?(?(x)b)c", ["abc", "c", "ac"])
many("search", "(<)?\\w+(?(1)>|$)", ["<user>", "user", "<user"])
many("match", "(?>a+)b", ["aaab"])
many("match", "(?>a+)a", ["aaa"])
many("match", "(?>a|ab)c", ["abc", "ac"])
many("match", "a++a", ["aaa"])
many("match", "a*+b", ["aab"])
many("match", "(?:ab)++ab", ["ababab"])
many("match", "(?:a|b)*+c", ["ababc"])
many("fullmatch", "(ab|a)++b", ["abab", "ab"])
many("match", "(?:(a)|b)++", ["ab"])
many("match", "(?:a?)++", ["aa", ""])
many("match", "(a?){2,}+x", ["ax"])
many("match", "x(?=abc)", ["xabc", "xab"])
many("match", "x(?!abc)", ["xabc", "xab"])
many("search", "(?<=abc)x", ["abcx", "abx", "x"])
many("search", "(?<!abc)x", ["abcx", "abx", "x"])
many("search", "(?<=^)a", ["a", "ba"])
many("search", "(?<=a|b)c", ["bc", "ac", "c"])
many("search", "(?=(a+))a*b\\1", ["baaabac"])
many("match", "(?=(a))?", ["a"])
many("search", "(?<=(a))b", ["ab"])
many("search", "(?!(a)b)\\w", ["ab", "ac"])
many("search", "\\bfoo\\b", ["foo", "a foo b", "foobar", "barfoo"])
many("search", "\\Bo\\B", ["foo", "o", "zoom"])
many("search", "\\b", ["", " ", "a"])
many("search", "\\B", ["", " ", "a"])
many("search", "\\b\\w+\\b", ["été là"])
many("search", "\\b\\w+\\b", ["été là"], A)
many("search", "a$", ["a", "a\n", "a\n\n", "ab"])
many("search", "a$", ["a\nb", "a\n"], M)
many("search", "a\\Z", ["a", "a\n"])
many("search", "^b", ["ab", "a\nb"])
many("search", "^b", ["a\nb", "a\n\nb"], M)
many("search", "\\Ab", ["a\nb", "b"], M)
many("finditer", "^", ["a\nb\n"], M)
many("finditer", "$", ["a\nb\n"], M)
many("finditer", "$", ["a\nb\n"])
many("search", "\\d+", ["abc١٢٣", "x²3", "x42"])
many("search", "\\d+", ["abc١٢٣"], A)
many("search", "\\w+", ["-éxample_1-", "-\u00b2\u2160-"])
many("search", "\\s+", ["a\u00a0\u2003\x1cb", "a\u200bb"])
many("search", "\\s+", ["a\u00a0\u2003 b"], A)
many("search", "[\\w-]+", ["--a-b_c!"])
many("search", "[^\\W\\d]+", ["12abc34"])
many("search", "[\\D]+", ["12ab34"])
many("search", "[\\s\\S]+", ["a\nb"])
many("search", "[a-f0-9]+", ["xyzDEADbeef42"])
many("search", "[]a]+", ["x]a]"])
many("search", "[^]a]+", ["]a]xy"])
many("search", "[a-]+", ["x-a-"])
many("search", "[\\]\\\\]+", ["x\\]"])
many("search", "[.*+?]+", ["a.*+?b"])
# case folding
many("match", "k", ["K", "\u212a", "k"], I)
many("match", "\u212a", ["k", "K"], I)
many("match", "[k]", ["\u212a"], I)
many("match", "[a-z]+", ["\u212a\u017f"], I)
many("match", "[a-z]+", ["\u212a\u017f"], I | A)
many("match", "s", ["\u017f", "S"], I)
many("match", "\u017f", ["s", "S"], I)
many("match", "ß", ["SS", "ẞ", "ß"], I)
many("match", "ẞ", ["ß"], I)
many("match", "[ß]", ["ẞ"], I)
many("match", "i", ["I", "İ", "ı"], I)
many("match", "ı", ["I", "i"], I)
many("match", "σ", ["Σ", "ς"], I)
many("match", "[^k]", ["K", "\u212a", "x"], I)
many("match", "[^a-z]", ["K"], I)
many("match", "\u0345", ["\u03b9", "\u0399", "\u1fbe"], I)
many("match", "µ", ["Μ", "μ"], I)
many("match", "(?i)ǅ", ["ǆ", "Ǆ", "ǅ"])
many("match", "𐐀", ["𐐨"], I)
many("match", "[𐐀]", ["𐐨", "𐐀"], I)
many("match", "[𐐀-𐐂]", ["𐐩", "𐐀"], I)
many("match", "(a)\\1", ["aA"], I)
many("match", "(k)\\1", ["k\u212a"], I)
many("match", "(?i:a)b", ["Ab", "AB"])
many("match", "a(?-i:b)", ["AB", "Ab"], I)
many("match", "(?x) a b # comment\n c", ["abc"])
many("match", "a b", ["ab"], X)
many("match", "[ ]a", [" a"], X)
many("match", "a\\ b", ["a b"], X)
# escapes and literals
many("match", "\\x41\\u00e9\\U0001F600\\n\\t\\0\\101\\\\", ["A\u00e9\U0001F600\n\t\x00A\\"])
many("match", "\\^\\$\\.\\*", ["^$.*"])
many("search", "[\\x00-\\x1f]", ["ab\x07"])
many("match", "\U0001F600+", ["\U0001F600\U0001F600x"])
many("match", ".", ["\U0001F600"])
many("match", "\ud800", ["\ud800"])
many("match", "a{3}", ["aaaa"])
many("match", "(ab){2}", ["ababab"])
many("match", "(a|b){2,3}?c", ["ababc"])
many("match", "(?:a{0,2}){3}", ["aaaaaaa"])
many("match", "(a{2})*", ["aaaaa"])
many("match", "(a|ab|abc)*d", ["abcabd"])
many("match", "(?:()|a)*", ["aa"])
many("match", "(()|a)+b", ["aab"])
many("match", "(a*?)*?b", ["aab"])
many("match", "(a*)*?b", ["aab"])
many("match", "(?:a*?)+?$", ["aa"])
many("match", "(a*)+?$", ["aa"])
many("fullmatch", "(?:a|ab)(?:c|bcd)", ["abcd"])
many("fullmatch", "a*?", ["aaa"])
many("fullmatch", "(a+?)+?", ["aaa"])
# pos / endpos
add("match", "b", "ab", pos=1)
add("match", "^b", "ab", pos=1)
add("search", "\\Ab", "ab", pos=1)
add("search", "a$", "ab", endpos=1)
add("search", "a\\b", "ab", endpos=1)
add("search", "(?<=a)b", "ab", pos=1)
add("search", "b(?=c)", "abc", endpos=2)
add("fullmatch", "a", "ab", endpos=1)
add("search", "a", "ab", pos=5)
add("search", "", "ab", pos=5)
add("search", "", "ab", pos=-3)
add("search", "b", "ab", pos=-3, endpos=-1)
add("search", "$", "a\n", endpos=1)
add("match", "", "ab", pos=2, endpos=1)
# bytes
many("match", b"\\w+", [b"ab\xe9c", b"_1"])
many("match", b"\\s+", [b" \t\x1c", b"\x85"])
many("match", b"\\d+", [b"12\xb2"])
many("match", b"[a-z]+", [b"ABC\xc9"], I)
many("match", b"\xe9", [b"\xc9"], I)
many("search", b"\\bx\\b", [b"\xe9x\xe9"])
many("match", b"(?i)k", [b"K"])
many("fullmatch", b"[\\x00-\\xff]*", [b"\x00\xff"])
# finditer and empty matches
many("finditer", "x*", ["abxd", "", "xx"])
many("finditer", "a|", ["bab"])
many("finditer", "|a", ["bab"])
many("finditer", "\\b", ["ab cd"])
many("finditer", "(?=a)|a", ["aa"])
many("finditer", "a*?", ["aa"])
many("finditer", "(a)|(b)", ["ab"])
many("finditer", "(?:)", ["\U0001F600a"])
many("finditer", b"\\w*", [b"ab cd"])
# findall
many("findall", "\\w+", ["ab cd"])
many("findall", "(\\w)(\\d)?", ["a1b c2"])
many("findall", "(a)|b", ["abba"])
many("findall", "x*", ["axxb"])
add("findall", "\\w", "abcdef", pos=1, endpos=4)
many("findall", b"(\\d)", [b"a1b2"])
# split
many("split", "x*", ["axbc"])
many("split", ",", ["a,b,,c"])
many("split", "(,)", ["a,b"])
many("split", "(,)|(;)", ["a,b;c"])
many("split", "\\b", ["ab cd"])
many("split", "", ["abc"])
many("split", "a*", ["baac"])
add("split", ",", "a,b,c,d", maxsplit=2)
add("split", ",", "a,b", maxsplit=-1)
add("split", "(?=b)", "abab")
add("split", b"\\s", b"a b\tc")
# sub / subn and templates
add("sub", "x*", "abxd", repl="-")
add("sub", "a|", "bab", repl="-")
add("sub", "", "abc", repl="-")
add("sub", "(a)(b)?", "ac ab", repl="[\\1|\\2]")
add("sub", "(?P<n>\\w+)", "hi you", repl="<\\g<n>>")
add("sub", "(\\w)", "ab", repl="\\g<1>\\g<0>\\g<01>")
add("sub", "a", "aaa", repl="b", count=2)
add("sub", "a", "aaa", repl="\\n\\t\\\\\\x41")
add("sub", "a", "a", repl="\\q")
add("sub", "a", "a", repl="\\g")
add("sub", "a", "a", repl="\\g<")
add("sub", "a", "a", repl="\\g<>")
add("sub", "a", "a", repl="\\g<1")
add("sub", "a", "a", repl="\\g<x>")
add("sub", "a", "a", repl="\\g<1>")
add("sub", "a", "a", repl="\\g<-1>")
add("sub", "a", "a", repl="\\g<a b>")
add("sub", "a", "a", repl="\\1")
add("sub", "(a)", "a", repl="\\2")
add("sub", "(a)", "a", repl="\\10")
add("sub", "a", "a", repl="\\0")
add("sub", "a", "a", repl="\\08")
add("sub", "a", "a", repl="\\141")
add("sub", "a", "a", repl="\\400")
add("sub", "a", "a", repl="\\")
add("sub", "a", "a", repl="\\_")
add("sub", "a", "a", repl="\\&")
add("sub", "(a)|b", "ab", repl="<\\1>")
add("sub", "(?P<a>.)", "xy", repl="\\g<a>\\g<a>")
add("sub", "x", "x", repl="\U0001F600\\")
add("subn", "a", "banana", repl="o")
add("subn", "x*", "abc", repl="-", count=2)
add("subn", b"a", b"banana", repl=b"\\x41")
add("sub", b"(a)", b"a", repl=b"\\g<1>\\1\xff")
add("sub", b"a", b"a", repl=b"\\u0041")

with open(OUT, "w") as fh:
    json.dump({"python": sys.version.split()[0], "cases": cases}, fh, ensure_ascii=True, indent=0)
print(f"wrote {len(cases)} cases to {os.path.normpath(OUT)}")
