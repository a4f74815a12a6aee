x=f'{a'
