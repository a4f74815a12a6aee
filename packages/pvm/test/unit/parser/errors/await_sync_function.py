def f():
  await x
