def f():
  [x async for x in y]
