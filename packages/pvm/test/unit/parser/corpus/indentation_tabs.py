if True:
	x = 1
	if x:
		y = 2
	else:
		y = 3
z = 4
class T:
        a = 1
        def f(self): return 1
