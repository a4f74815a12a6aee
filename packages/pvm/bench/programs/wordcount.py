# Word counting and tokenising: build a text from a seeded generator, split it into tokens by
# character class, normalise, count with a dict, rank and report (str methods, str building, dicts)
STEMS = ["river", "stone", "lantern", "orchard", "copper", "meadow", "harbor", "signal", "thistle", "quarry",
         "ember", "falcon", "glacier", "hollow", "juniper", "kettle", "ledger", "marble", "nectar", "outpost"]
PUNCT = [",", ".", ";", "!", "?", ""]

def make_text(n, seed):
    parts = []
    s = seed
    for i in range(n):
        s = (s * 69069 + 1) & 0xFFFFFFFF
        w = STEMS[(s >> 8) % len(STEMS)]
        if (s >> 3) % 9 == 0:
            w = w.capitalize()
        if (s >> 5) % 13 == 0:
            w = w + "s"
        parts.append(w + PUNCT[(s >> 11) % len(PUNCT)])
        if i % 17 == 16:
            parts.append("\n")
    return " ".join(parts)

def tokenize(text):
    tokens = []
    cur = []
    for ch in text:
        if ch.isalpha():
            cur.append(ch)
        else:
            if cur:
                tokens.append("".join(cur))
                cur = []
            if ch in ",.;!?":
                tokens.append(ch)
    if cur:
        tokens.append("".join(cur))
    return tokens

def bench():
    text = make_text(2500, 7)
    tokens = tokenize(text)
    counts = {}
    sentences = 0
    for t in tokens:
        if t in ".!?":
            sentences += 1
            continue
        if not t.isalpha():
            continue
        w = t.lower().rstrip("s")
        counts[w] = counts.get(w, 0) + 1
    lines = text.splitlines()
    longest = max(len(line.strip()) for line in lines)
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    report = []
    for rank, (w, c) in enumerate(ranked[:8], 1):
        report.append(str(rank).rjust(2) + ". " + w.ljust(10) + " " + str(c))
    joined = "\n".join(report)
    return len(tokens), sentences, longest, joined.count("e"), ranked[0], ranked[-1]
