a = *b
