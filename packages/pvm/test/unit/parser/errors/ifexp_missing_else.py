x = a if b
