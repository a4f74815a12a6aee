a = 'it''s'
b = "line1\
line2"
c = '''a\
b'''
d = r'\'' r"\""
e = '\x00\x7f\xff'
f = b'\x00\x7f\xff\n\\'
g = 'N'
h = '\u2603\U0001F600'
i = rb'\x00' Rb'\n' bR'\t' BR'\r'
j = f'{a!r}' F'{b!s}' fr'\{c}' Rf'{d}\n' rF'{e}' FR'{f}'
k = f'{a}' '{literal braces}' f'{{}}'
l = f"{'a' 'b'}"
m = f"{f'{a}'}"
n = f'''{
    a
}'''
o = f"{a:{b}{c}}"
p = f"{a!r:{b}}"
q = f"{'{'}"
r = f"{x:%Y-%m-%d}"
s = f"{x:{{}}}" if False else ""
t = f"{3:{4}}"
u = '\a\b\f\v\0\1\12\123\1234'
w = """ '''inner''' """
x = ''' """inner""" '''
y = f"""{'''nested triple'''}"""
z = "\
"
