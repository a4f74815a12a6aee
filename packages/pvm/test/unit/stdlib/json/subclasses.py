# json with int/str/float subclass instances (values and keys), as CPython encodes them.
import json

class I(int):
    pass

class S(str):
    pass

class F(float):
    pass

class B(bytes):
    pass

print(json.dumps({S("k"): I(3), "f": F(0.5), "l": [S("x"), I(-1)]}), json.dumps(I(7)), json.dumps(S("q")), json.loads(S("[1]")))
print(json.dumps({I(2): S("two")}, sort_keys=True), json.dumps([F(1e20), I(10**20)]))
