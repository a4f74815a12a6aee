import re

p = re.compile(r"(?P<word>[a-z]+)(?P<num>\d+)?")
s = "abc12 de fgh3"
for m in p.finditer(s):
    print(m.span(), m.group("word"), m.group("num"), m.lastindex, m.lastgroup, m.groupdict("0"))
print([m.group() for m in p.finditer(s, 3)], [m.group() for m in p.finditer(s, 0, 7)])
print(p.findall(s), p.findall(s, 6), p.search(s, 5), p.match(s, 6), p.fullmatch(s, 9, 13))
print(p.match(s, pos=6, endpos=8), p.search(string=s, pos=-5), p.search(s, 100))
print(p.split(s), p.sub(r"[\g<num>]", s), p.subn(lambda m: m.group("word").upper(), s, 2))
print(p.sub(r"\g<2>-\g<1>", s), p.sub("", s, count=1))
m = re.match(r"(a)(b)?(c)?", "ac")
print(m.groups(), m.groups(""), m.span(2), m.start(2), m.end(3), m.lastindex, m[3], m.regs)
print(m.expand(r"[\1|\2|\3]"), m.expand(r"\g<0>\n"))
print(bool(re.match("x*", "")), re.match("x*", "") is not None)
print(re.sub("a|(b)", r"[\1]", "abc"))
print(re.split("x*", "axbc"), re.split("(?=b)", "abab"), re.split(r"\b", "a b"))
print(re.split(",", "a,b,c", 1), re.split(",", "a,b,c", maxsplit=-1), re.split("(,)", "a,b", 0))
print(re.findall(r"(a)|(b)", "ab"), re.findall("", "ab"), re.findall(r"\w+", "héllo wörld"))
print(re.search(r"(?i)ǅ", "ǆ"), re.search(r"(?i)k", "\u212a"), re.search(r"(?a)\w+", "héllo").group())
print(re.search(r"^b", "a\nb", re.M).span(), re.search(r"a.b", "a\nb", re.S).span(), re.search(r"a.b", "a\nb"))
print(re.search(r"""a  # letter a
   b # letter b""", "xab", re.X).span(), re.search(r"(?x) a b", "ab").span())
print(re.sub(r"(?<=a)b", "X", "abab cb"), re.sub(r"(?<!a)b", "X", "abcb"), re.findall(r"\d+(?=px)", "10px 20em 30px"))
print(re.match(r"(?P<q>['\"]).*?(?P=q)", "'hi' there").group(), re.match(r"(a)?(?(1)b|c)", "c").group())
print(re.match(r"(?>a+)b", "aaab").group(), re.match(r"a++b", "aab").group(), re.match(r"a{2,3}?", "aaaa").group())
print(re.fullmatch(r"[^\W\d_]+", "abcé"), re.fullmatch(r"[\s\S]*", "a\nb").span())
print(re.escape("ä€ x.y"), re.escape(""), re.escape("\t\n"))
mb = re.match(rb"(?P<k>\w+)=(?P<v>\w*)", b"key=val;")
print(mb, mb.groupdict(), mb.expand(rb"\g<v>:\g<k>"), mb.string, mb.re.pattern)
print(re.findall(rb"[a-z]+", b"ab cd"), re.split(rb"\s", b"a b"), re.subn(rb"b", rb"\\", b"abba"))
print(re.sub(rb"(?i)A", b"-", b"aAbB"), re.search(rb"\xff", b"a\xff").span())
print(re.match(r"\d+", "٣٤٥"), re.match(r"(?a)\d+", "٣٤٥"), re.match(rb"\d+", b"123").group())
e = re.error("custom", "pat", 1)
print(type(e).__name__, e, e.msg, e.pos, e.pattern, e.lineno, e.colno)
try:
    raise re.error("boom")
except re.error as err:
    print("caught", err, err.pos)
for bad in ["(?P<a>x)(?P<a>y)", "(?<=a|bc)", "[z-a]", "(?i", "a{1", "\\k", "(?P=zz)", "[]", "*a", "(?#"]:
    try:
        re.compile(bad)
        print("ok", bad)
    except re.error as err:
        print("error", err)
for tpl in [r"\g<-1>", r"\g<a", r"\9", r"\g<>"]:
    try:
        re.sub("(a)", tpl, "a")
    except (re.error, IndexError) as err:
        print(type(err).__name__, err)
try:
    re.compile("a", re.L)
except ValueError as err:
    print("ValueError", err)
try:
    re.match("a", "a").group(1)
except IndexError as err:
    print("IndexError", err)
try:
    re.sub("a", "b", "aaa", -1)
    print(re.sub("a", "b", "aaa", -1))
except ValueError as err:
    print("ValueError", err)
print(re.purge(), re.compile("x", re.I | re.M).flags == re.I | re.M | re.U, re.compile(b"x").flags)
print(re.compile("(?i)x").flags, re.compile("(a)(?P<b>b)").groupindex, re.compile("a") != re.compile("b"))
print(len({re.compile("a"), re.compile("a")}), re.I.value, re.M.name, (re.I | re.M).value)
print(re.match("(a)(b)", "ab")[0:1] if False else re.match("(a)(b)", "ab")[2])
# findall pieces: astral subjects, groups that did not take part, pos/endpos, bytearray, long pieces
print(re.findall(r"(x)|(😀+)", "a😀😀xb😀"), re.compile(r"(é)(\d)?").findall("é1é😀é2", 1, 6))
print(re.findall(rb"(a)(b)?", bytearray(b"ab a")), type(re.findall(rb"a+", bytearray(b"aa"))[0]).__name__)
print([len(w) for w in re.findall(r"\w+", ("ab" * 40 + " ") * 3)], re.findall(r"w(\d+)", ",".join("w%06d" % i for i in range(5))))
ba = bytearray(b"ab a")
print(re.match(rb"(a)(b)?", ba).group(0, 1, 2), re.split(rb" ", ba), re.sub(rb"z", b"x", ba), re.subn(rb"a", b"x", ba), re.match(rb"(a)", ba).expand(rb"<\1>"))
print(next(re.finditer(rb"\w+", ba)).group(), re.search(rb"(?P<n>b)", ba).groupdict(), re.fullmatch(rb"a", bytearray(b"a"))[0])
