case x:
  pass
