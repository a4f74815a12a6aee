x = 1
def f():
  class C:
    nonlocal x
