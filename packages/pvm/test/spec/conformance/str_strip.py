for s in ["  ab c \n", "", "   ", "\u2003x\u2003", "\U0001F600 x \U0001F600", "xxhixx"]:
    print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr(s.strip("x")), repr(s.strip("\U0001F600 ")), repr(s.rstrip("")))
try:
    "abc".strip(5)
except Exception as e:
    print(type(e).__name__, e)
