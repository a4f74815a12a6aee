if x:
  pass
else:
y
