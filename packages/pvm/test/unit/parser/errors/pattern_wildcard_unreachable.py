match x:
  case 1 | _:
    pass
  case 2: pass
