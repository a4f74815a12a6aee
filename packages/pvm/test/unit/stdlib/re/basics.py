import re

m = re.search(r"(?P<user>\w+)@(?P<host>[\w.]+)", "mail Bob@Example.com now")
print(m)
print(m.group(), m.group(1), m.group("host"), m.group(0, 1, "user"))
print(m.groups(), m.groupdict(), m.span(), m.span(2), m.start("host"), m.end())
print(m.lastindex, m.lastgroup, m.pos, m.endpos, m.string, m.re)
print(m[0], m[1], m["host"], m.regs)
print(m.expand(r"\g<host>/\1"))
print(re.match("a", "ba"), re.match("b", "ba", re.I))
print(re.fullmatch(r"\d+", "123"), re.fullmatch(r"\d+", "123a"))
print(re.findall(r"\d+", "a1b22c333"))
print(re.findall(r"(\w)(\d)", "a1 b2 c"))
print(re.findall(r"(\w)\d", "a1 b2 c"))
print([x.span() for x in re.finditer(r"x*", "axxb")])
print(re.split(r"[,;]\s*", "a, b;c,d"))
print(re.split(r"(,)|(;)", "a,b;c"))
print(re.split(r"\s+", "a b  c d", maxsplit=2))
print(re.sub(r"x*", "-", "abxd"))
print(re.sub(r"(\w+) (\w+)", r"\2 \1", "hello world foo bar"))
print(re.sub(r"(?P<a>a)", r"<\g<a>\g<0>>", "banana"))
print(re.subn(r"a", "o", "banana", count=2))
print(re.sub(r"\d", lambda m: str(int(m.group()) * 2), "a1b2c3"))
print(re.sub(r"a", lambda m: None, "banana"))
print(re.escape("a.b*c?d e"))
print(re.escape(b"1+1=2"))
p = re.compile(r"(a)(b)?", re.I | re.M)
print(p, p.pattern, p.flags, p.groups, p.groupindex)
print(p.match("xAB", 1), p.search("xxab", 0, 3), p.match("AB").groups(), p.match("A").groups("-"))
print(re.compile(b"a+"), re.compile("a", re.A), re.compile("a", re.S | re.X))
mb = re.search(rb"(\d+)", b"abc 123 def")
print(mb, mb.group(1), mb.span(1))
print(re.sub(rb"\d", b"#", b"a1b2"))
print(re.I, re.I | re.M, re.A | re.I, ~re.I, re.NOFLAG, re.I | 1024)
print(re.I == 2, re.I & 2, 2 | re.M, re.I + 1, int(re.DOTALL), re.IGNORECASE is re.I)
print(re.compile("abc") is re.compile("abc"), re.compile("abc") == re.compile("abc"))
print(re.match(r"(a)|b", "b").groups(), re.match(r"(a)|b", "b").group(1), re.match(r"(a)|b", "b").span(1))
print(repr(re.match("a*", "a" * 100)))
print(re.match("", "").span(), re.search("$", "ab\n").span())
for bad in ["(a", "a)", "[a", "a**", "(?P<1>a)", "\\", "a{2,1}", "(?<=a+)b", "x\n(y"]:
    try:
        re.compile(bad)
    except re.error as e:
        print(type(e).__name__, e, "|", e.msg, e.pos, e.lineno, e.colno)
try:
    re.sub("(a)", r"\2", "a")
except re.error as e:
    print(type(e).__name__, e)
try:
    re.sub("(a)", r"\g<zz>", "a")
except IndexError as e:
    print(type(e).__name__, e)
for g in [3, "nope", -1]:
    try:
        re.match("(a)", "a").group(g)
    except IndexError as e:
        print(type(e).__name__, e)
for args in [("a", b"a"), (b"a", "a"), ("a", 5)]:
    try:
        re.match(*args)
    except TypeError as e:
        print(type(e).__name__, e)
try:
    re.compile(re.compile("a"), re.I)
except ValueError as e:
    print(type(e).__name__, e)
try:
    re.sub("a", lambda m: 1, "a")
except TypeError as e:
    print(type(e).__name__, e)
print(isinstance(re.compile("a"), re.Pattern), isinstance(re.match("a", "a"), re.Match), issubclass(re.error, Exception))
print(re.search(r"\bfoo\b", "a foo b").span(), re.findall(r"(?i)straße", "STRASSE straße"))
print(re.sub(r"(?m)^", "> ", "a\nb"))
print(re.findall("é+", "ééé a é"), re.search("😀+", "x😀😀y").span())
