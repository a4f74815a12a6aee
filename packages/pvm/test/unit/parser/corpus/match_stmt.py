match command:
    case "quit":
        pass
    case ["go", direction]:
        go(direction)
    case ["drop", *objects]:
        pass
    case [*_, last]:
        pass
    case {"x": x, "y": y, **rest}:
        pass
    case {}:
        pass
    case Point(x=0, y=0):
        pass
    case Point(1, 2, z=3):
        pass
    case Point():
        pass
    case a.b.C(x):
        pass
    case 1 | 2 | 3:
        pass
    case -1:
        pass
    case 1 + 2j:
        pass
    case -1.5 - 2j:
        pass
    case None:
        pass
    case True | False:
        pass
    case (a, b) as pair:
        pass
    case [a, b] if a > b:
        pass
    case (1 | 2) as x:
        pass
    case Color.RED:
        pass
    case x, y:
        pass
    case x, *y:
        pass
    case (x) if x:
        pass
    case ():
        pass
    case []:
        pass
    case b"bytes" | "str" "concat":
        pass
    case {1: _, "k": [x, *_], C.D: y}:
        pass
    case _:
        pass

match x, y:
    case _: pass

match (x):
    case _: pass

match = 1
match.x = 2
match(x)
case = 3
_ = 4
print(match, case, _)
match -x:
    case _: pass
match *a, b:
    case _: pass
