x = yield = 3
