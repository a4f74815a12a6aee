def f():
  x = 1
  def g():
    nonlocal x
    nonlocal y
