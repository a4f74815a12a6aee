  x
