match x:
  case f'{y}': pass
