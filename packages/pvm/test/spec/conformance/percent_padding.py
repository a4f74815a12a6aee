# printf-style padding by code points: width, flags, sign and 0x/0o prefixes, astral characters.
for f in ['%5s', '%-5s|', '%05d', '%+5d', '%#8x', '%#08x', '%-8o|', '% d', '%3s', '%6s', '%10s']:
    for v in ['ab', '😀x', 'é', '\ud800a' if False else 'zz', 'abcdefghijkl']:
        try: print(repr(f % v))
        except TypeError as e: print('TypeError')
    for v in [5, -5, 255]:
        try: print(repr(f % v))
        except TypeError as e: print('TypeError')
print(repr('%4s|' % '😀😀'), repr('%5s|' % '😀😀'), repr('%-6s|' % '😀a😀'))
