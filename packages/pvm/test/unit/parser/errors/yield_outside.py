yield x
