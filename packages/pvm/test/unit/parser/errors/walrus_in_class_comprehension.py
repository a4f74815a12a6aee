class C:
  [y := 1 for x in z]
