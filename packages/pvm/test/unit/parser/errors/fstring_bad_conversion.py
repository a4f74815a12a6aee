x = f'{a!x}'
