# str.splitlines at every boundary CPython 3.11 recognises, with and without keepends.
for s in ['abc\ndef', 'a\r\nb\rc\n', '\n\n', '', 'x', 'a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i', 'a\r', '\r\n\r\n', 'a\n\rb', 'é\n😀\r\nz']:
    print(s.splitlines(), s.splitlines(True))
