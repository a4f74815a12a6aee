for x in y:
z
