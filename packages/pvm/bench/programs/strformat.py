# String formatting: f-strings with format specs, str.format with names and positions, % formatting,
# padding and joining into a fixed-width report
def bench():
    lines = []
    total = 0.0
    for i in range(900):
        qty = (i * 13) % 97
        price = ((i * 7919) % 10000) / 100
        amount = qty * price
        total += amount
        name = "item" + str(i % 37)
        lines.append(f"{i:05d} {name:<8} {qty:>4} x {price:8.2f} = {amount:10.2f}")
        if i % 3 == 0:
            lines.append("{0}|{name:^12}|{1:x}|{2:+.3e}".format(i, qty * 4099, amount, name=name))
        if i % 5 == 0:
            lines.append("%-6s %3d %7.1f%%" % (name, qty, price))
    lines.append(f"total {total:,.2f} over {len(lines)} lines, mean {total / 900:.4f}")
    text = "\n".join(lines)
    return len(text), text[-60:], sum(len(l) for l in lines[:100])
