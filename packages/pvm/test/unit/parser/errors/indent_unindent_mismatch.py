class A:
  def f(self):
    pass
  x
 y
