def f():
  [(yield x) for y in z]
