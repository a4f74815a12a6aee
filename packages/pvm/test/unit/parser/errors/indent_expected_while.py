while x:
y
