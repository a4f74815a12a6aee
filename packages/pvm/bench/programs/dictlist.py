# Ordinary dict and list manipulation: grouping records, inverting indexes, merging, filtering
# with comprehensions, sorting with keys and slicing
def bench():
    rows = []
    x = 99
    for i in range(1500):
        x = (x * 214013 + 2531011) % 4294967296
        rows.append({"id": i, "group": "g" + str(x % 23), "score": x % 1000, "flags": [x % 2, x % 3, x % 5]})
    groups = {}
    for r in rows:
        groups.setdefault(r["group"], []).append(r)
    stats = {}
    for g, members in groups.items():
        scores = [m["score"] for m in members]
        stats[g] = (len(scores), sum(scores) // len(scores), max(scores))
    index = {}
    for r in rows:
        for f in r["flags"]:
            index.setdefault(f, set()).add(r["id"])
    merged = dict(stats)
    merged.update({k: v for k, v in stats.items() if v[0] > 60})
    top = sorted(rows, key=lambda r: (r["score"], r["id"]))[-10:]
    evens = [r["id"] for r in rows if r["score"] % 2 == 0 and r["flags"][1] == 0]
    pairs = list(zip(evens[::2], evens[1::2]))
    inverted = {v[2]: k for k, v in merged.items()}
    chunks = [rows[i:i + 50] for i in range(0, len(rows), 50)]
    widths = [sum(1 for r in c if r["flags"][0]) for c in chunks]
    keys = sorted(k for k in merged if k.endswith("1") or k.endswith("7"))
    return len(groups), sorted(stats.items())[:2], len(index[0]), top[0]["id"], len(pairs), len(inverted), widths[:5], keys
