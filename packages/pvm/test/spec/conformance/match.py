def describe(v):
    match v:
        case None:
            return "none"
        case True | False:
            return f"bool {v}"
        case 0:
            return "zero"
        case int(n) if n < 0:
            return f"negative {n}"
        case int() | float():
            return f"number {v}"
        case "":
            return "empty str"
        case str(s):
            return f"str {s!r}"
        case []:
            return "empty list"
        case [x]:
            return f"one {x}"
        case [x, y, *rest]:
            return f"first {x} {y} rest {rest}"
        case {"type": "point", "x": px, "y": py}:
            return f"point {px},{py}"
        case {"type": t, **others}:
            return f"typed {t} {sorted(others)}"
        case Point(x=0, y=0):
            return "origin"
        case Point(px, py) if px == py:
            return f"diagonal {px}"
        case Point(x=px):
            return f"point x={px}"
        case (a, b) as pair:
            return f"unreachable {pair}"
        case _:
            return "other"

class Point:
    __match_args__ = ("x", "y")
    def __init__(self, x, y):
        self.x = x
        self.y = y

for v in [None, True, 0, -5, 7, 2.5, "", "hi", [], [1], [1, 2, 3, 4], (5, 6), {"type": "point", "x": 1, "y": 2}, {"type": "circle", "r": 3, "c": 0}, Point(0, 0), Point(3, 3), Point(1, 2), {1: 2}]:
    print(describe(v))

def command(cmd):
    match cmd.split():
        case ["go", ("north" | "south") as direction]:
            return f"going {direction}"
        case ["take", *items] if items:
            return f"taking {', '.join(items)}"
        case [verb, *_]:
            return f"unknown verb {verb}"
        case _:
            return "nothing"
for c in ["go north", "go west", "take a b", "take", ""]:
    print(command(c))
