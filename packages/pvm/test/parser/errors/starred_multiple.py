*a, *b = c
