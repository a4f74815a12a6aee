data = [y for x in (y := f(x))]
