def f()
  pass
