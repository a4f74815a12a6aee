if x:
  a
elif:
