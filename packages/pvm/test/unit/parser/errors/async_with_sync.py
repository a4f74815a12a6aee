def f():
  async with x: pass
