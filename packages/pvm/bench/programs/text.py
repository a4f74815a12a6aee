# Text processing: tokenize, count with dicts, format a report (str methods, dicts, sorting)
WORDS = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon".split()

def make_text(n):
    out = []
    x = 12345
    for i in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        w = WORDS[x % len(WORDS)]
        out.append(w.upper() if x % 7 == 0 else w)
        if x % 11 == 0:
            out.append(".")
    return " ".join(out)

def bench():
    text = make_text(6000)
    counts = {}
    lengths = {}
    for sentence in text.split("."):
        for tok in sentence.strip().split():
            w = tok.lower()
            counts[w] = counts.get(w, 0) + 1
            lengths.setdefault(len(w), []).append(w)
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    report = "\n".join(f"{w:>10}: {c:5d} {'#' * (c // 50)}" for w, c in top)
    return len(report), sorted((k, len(v)) for k, v in lengths.items())[:3]
