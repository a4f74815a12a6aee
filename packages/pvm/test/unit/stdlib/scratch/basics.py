# Run by CPython against the real /tmp and by the PVM (with open() from the scratch store).
P = '/tmp/_pvm_scratch_a.txt'
Q = '/tmp/_pvm_scratch_b.bin'
R = '/tmp/_pvm_scratch_c.txt'
try:
    import os
    for n in [P, Q, R]:
        try:
            os.remove(n)
        except FileNotFoundError:
            pass
except ImportError:
    pass

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

with open(P, 'w') as f:
    print(f.write('héllo\n'), f.write('wörld\r\nthird\rlast'), f.tell())
    print(repr(f), f.name, f.mode, f.closed, f.readable(), f.writable(), f.seekable())
print(f.closed)
with open(P) as f:
    print(repr(f.read()))
with open(P, newline='') as f:
    print(f.readlines())
with open(P, newline='\n') as f:
    print([line for line in f])
with open(P, newline='\r') as f:
    print(f.readlines())
with open(P) as f:
    print(repr(f.read(3)), f.tell(), repr(f.readline()), repr(f.readline(2)), repr(f.read(4)), repr(f.readline()), repr(f.read()), repr(f.read()), repr(f.readline()))
    f.seek(0)
    print(repr(f.readline()), f.seek(0, 2), repr(f.read()))
with open(P, 'rb') as f:
    print(f.read(2), f.readline(), f.readline(3), f.tell(), f.seek(-4, 2), f.read(), f.seek(1), f.seek(2, 1), f.read(3))
    print(repr(f), f.mode)
with open(P, 'a') as f:
    print(f.tell(), f.write('\nappended'))
    f.seek(0)
    print(f.write('!'), f.tell())
print(open(P).read().splitlines())
with open(Q, 'wb') as f:
    print(f.write(b'\x00\x01\x02'), f.write(bytearray(b'abc\ndef\n')), f.tell(), repr(f), f.mode)
with open(Q, 'r+b') as f:
    print(f.read(2), f.seek(0, 2), f.write(b'END'), f.seek(1), f.write(b'X'))
    f.seek(0)
    print(f.read(), list(f), repr(f), f.mode)
    f.seek(0)
    print(list(f))
    print(f.truncate(4), f.tell())
    f.seek(0)
    print(f.read())
    f.seek(10)
    f.write(b'Z')
    f.seek(0)
    print(f.read())
with open(Q, 'rb') as f:
    print([x for x in f])
with open(R, 'x') as f:
    f.writelines(['a\n', 'b\n', 'c'])
with open(R, 'r+') as f:
    print(f.read(), f.write('D'), f.tell())
    f.seek(0)
    print(f.read())
with open(R, 'w+') as f:
    print(repr(f.read()), f.write('new'), f.seek(0), f.read(), f.mode)
with open(R, 'wb+') as f:
    print(f.mode, f.read())
with open(R, 'ab+') as f:
    print(f.mode, f.write(b'q'), f.seek(0), f.read())
with open(R, 'w', newline='\r\n') as f:
    f.write('x\ny\n')
print(open(R, 'rb').read(), open(R).read(), open(R, newline='').readlines(), open(R, newline='\r\n').readlines())
with open(R, 'w', encoding='utf-8') as f:
    print(f.encoding)
c = open(P)
c.close()
c.close()
for g in [c.read, c.readline, c.tell, lambda: c.seek(0), lambda: c.write('x'), c.readable, lambda: iter(c), c.__enter__, c.flush]:
    t(g)
b = open(P, 'rb')
b.close()
for g in [b.read, b.readline, b.tell, lambda: b.seek(0), b.readable, lambda: iter(b), b.__enter__, b.flush]:
    t(g)
r = open(P)
for g in [lambda: r.write('x'), lambda: r.truncate(), lambda: r.seek(1, 1), lambda: r.seek(1, 2), lambda: r.seek(-1), lambda: r.seek(0, 3)]:
    t(g)
r.close()
w = open(P, 'a')
for g in [lambda: w.read(), lambda: w.write(b'x'), lambda: w.write(5), lambda: w.readline()]:
    t(g)
w.close()
wb = open(Q, 'rb+')
for g in [lambda: wb.write('x'), lambda: wb.seek(-1), lambda: wb.seek(-100, 2), lambda: wb.seek(0, 5), lambda: wb.write(5)]:
    t(g)
wb.close()
rb = open(Q, 'rb')
t(lambda: rb.write(b'x'))
rb.close()
for m in ['z', 'rr', 'rw', 'rt+b', '', 'r+x', '+', 'bt']:
    t(lambda: open(P, m))
for g in [lambda: open(P, 'rb', encoding='utf-8'), lambda: open(P, 'rb', newline=''), lambda: open(P, 'r', newline='x'), lambda: open(5.5),
          lambda: open('/tmp/a\x00b'), lambda: open('/tmp/_pvm_nope_dir/x', 'w'), lambda: open('/tmp', 'r'), lambda: open('/tmp/', 'w'),
          lambda: open(P, 'x'), lambda: open('/tmp/_pvm_scratch_missing'), lambda: open(P, 'r', foo=1)]:
    t(g)
try:
    open('/tmp/_pvm_scratch_missing')
except OSError as e:
    print(e.errno, e.strerror, e.filename, isinstance(e, FileNotFoundError))
