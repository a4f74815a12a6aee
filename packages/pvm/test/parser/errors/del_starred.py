del (a, *b)
