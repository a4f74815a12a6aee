# list.sort and the list it sorts: key errors win over "modified during sort"; mutation during a sort is refused.
def run(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


def key_raises_after_mutating():
    xs = [3, 1, 2]

    def key(v):
        xs.append(v)
        raise KeyError("from key")

    xs.sort(key=key)
    return xs


def key_mutates():
    xs = [3, 1, 2]
    xs.sort(key=lambda v: xs.append(v) or v)
    return xs


def key_raises():
    xs = [3, 1, 2]
    xs.sort(key=lambda v: 1 // (v - 1))
    return xs


def compare_raises():
    xs = [3, "a", 2]
    xs.sort()
    return xs


def seen_empty_during_sort():
    xs = [3, 1, 2]
    seen = []
    xs.sort(key=lambda v: seen.append(len(xs)) or v)
    return xs, seen


run("key raises after mutating:", key_raises_after_mutating)
run("key mutates:", key_mutates)
run("key raises:", key_raises)
run("compare raises:", compare_raises)
run("empty during sort:", seen_empty_during_sort)
run("reverse stable:", lambda: sorted([(1, "a"), (0, "b"), (1, "c")], key=lambda p: p[0], reverse=True))
