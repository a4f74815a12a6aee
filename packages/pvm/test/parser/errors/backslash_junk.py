x = \ a
