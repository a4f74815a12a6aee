a = 'single'
b = "double"
c = '''triple
single'''
d = """triple
double"""
e = r'raw\n\t'
f = b'bytes\x00\xff'
g = rb'raw bytes\n'
h = Br"raw bytes 2\d"
i = u'unicode'
j = 'esc \\ \' \" \a \b \f \n \r \t \v \x41 \u00e9 \U0001F600 \101 \0 \777'
k = 'adjacent' "concat" '''ation'''
l = b'a' b'b' rB'\c'
m = 'unknown \d escape'
n = 'line \
continuation'
o = "é ☃ 😀"
p = ''
q = b''
r = U'x' 'y'
s = 'x' u'y'
t = R'\''
u = """quote " inside ' """
v = '\ud800'
