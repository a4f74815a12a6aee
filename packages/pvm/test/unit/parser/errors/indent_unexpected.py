if x:
  a
    b
