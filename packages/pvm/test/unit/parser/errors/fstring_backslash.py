x = f'{"\n".join(a)}'
