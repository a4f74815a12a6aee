import struct

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for fmt in ['@bhiq', '@bq', '@qb', '@b0q', '=bq', '@ci?e', '@5sP', '@bnNfd', '<bhiqlLnN' if False else '<bhiqlL', '>d', '!HI', 'x', '3x', '0s', '10p',
            '@hxi', '@ii xx h', '', '@', '<', '@x0l']:
    t(lambda: struct.calcsize(fmt))
vals = [('<b', -128), ('<B', 255), ('>h', -2), ('<H', 65535), ('!i', -2**31), ('>I', 2**32 - 1), ('<l', 7), ('<L', 2**32 - 1),
        ('<q', -2**63), ('>Q', 2**64 - 1), ('@n', -5), ('@N', 2**64 - 1), ('@P', 2**63), ('@P', -1), ('<?', 2), ('<?', []), ('<c', b'z'),
        ('<e', 1.5), ('<e', -0.0), ('<e', 65504.0), ('<e', 65519.99), ('<e', 5.96e-8), ('<e', 2.9e-8), ('<e', 3e-8), ('<e', 1e-5), ('<e', float('inf')),
        ('<e', 0.1), ('<e', 3.14159), ('>e', -1234.5678), ('<f', 0.1), ('>f', float('inf')), ('<f', 3.4028235e38), ('<f', 1e-46), ('<d', 0.1), ('>d', -2.5e300),
        ('<d', 1), ('<e', True), ('<f', 2**100), ('@f', 1e39), ('@l', -1), ('@L', 2**64 - 1), ('=l', 5), ('<i', True)]
for fmt, v in vals:
    t(lambda: struct.pack(fmt, v))
    try:
        print(' ', struct.unpack(fmt, struct.pack(fmt, v)))
    except Exception as e:
        print(' ', type(e).__name__, e)
print(struct.pack('@bi', 1, 2), struct.pack('5p', b'ab'), struct.pack('3p', b'abcdef'), struct.pack('0p', b'a'), struct.pack('2s', b'abcd'))
print(struct.unpack('3p', b'\x05ab'), struct.unpack('3p', b'\x01ab'), struct.pack('300p', b'a' * 300)[:2])
print(struct.unpack('<e', b'\x00\x7e'), struct.unpack('<e', b'\x00\xfc'), struct.unpack('<e', b'\x01\x00'), struct.unpack('<e', b'\xff\x03'))
print(struct.unpack('<3sx2h?', b'abc\x00\x01\x00\xff\xff\x01'), struct.unpack(b'>Hs', bytearray(b'\x01\x02z')))
print(struct.pack('<3s2H', b'ab', 1, 2), struct.pack('>10s', b'hello'), struct.pack('<2c', b'a', b'b'))
s = struct.Struct('<ihd')
print(s.format, s.size, s.pack(1, 2, 3.5), s.unpack(s.pack(1, 2, 3.5)), s.unpack_from(b'\x00' + s.pack(-1, -2, -3.5), 1))
print(struct.Struct(b'>I').format, struct.Struct(b'>I').size)
buf = bytearray(16)
s.pack_into(buf, 0, 7, 8, 9.0)
print(buf)
struct.pack_into('>H', buf, -2, 0xabcd)
print(buf)
print(list(struct.iter_unpack('<hB', b'\x01\x00\x02\x03\x00\x04')), list(s.iter_unpack(b'')))
it = struct.iter_unpack('>B', b'\x01\x02')
print(next(it), next(it), next(it, 'done'))
print(struct.unpack_from('<i', b'abcdefgh', -5), struct.unpack_from('<h', b'abcd', offset=2))
class Idx:
    def __index__(self):
        return 7
class Flt:
    def __float__(self):
        return 2.5
print(struct.pack('<i', Idx()), struct.pack('<f', Idx()), struct.pack('<d', Flt()))
bad = [lambda: struct.pack('b', 128), lambda: struct.pack('B', -1), lambda: struct.pack('h', 1 << 15), lambda: struct.pack('H', -1),
       lambda: struct.pack('<i', 1 << 31), lambda: struct.pack('<I', -1), lambda: struct.pack('i', 1 << 31), lambda: struct.pack('I', -1),
       lambda: struct.pack('<l', 1 << 31), lambda: struct.pack('l', 1 << 63), lambda: struct.pack('L', -1), lambda: struct.pack('<q', 1 << 63),
       lambda: struct.pack('<Q', -1), lambda: struct.pack('q', 1 << 63), lambda: struct.pack('Q', 1 << 64), lambda: struct.pack('n', 1 << 63),
       lambda: struct.pack('N', -1), lambda: struct.pack('<b', 1.0), lambda: struct.pack('<b', 'a'), lambda: struct.pack('<n', 1),
       lambda: struct.pack('<P', 1), lambda: struct.pack('<c', b'ab'), lambda: struct.pack('<c', 1), lambda: struct.pack('<s', 1),
       lambda: struct.pack('<p', 'a'), lambda: struct.pack('<f', 1e39), lambda: struct.pack('<e', 1e5), lambda: struct.pack('<e', 65520.0),
       lambda: struct.pack('<d', 'x'), lambda: struct.pack('<i'), lambda: struct.pack('<i', 1, 2), lambda: struct.unpack('<i', b'ab'),
       lambda: struct.unpack_from('<i', b'ab'), lambda: struct.unpack_from('<i', b'abcdef', 4), lambda: struct.unpack_from('<i', b'ab', -1),
       lambda: struct.unpack_from('<i', b'ab', -9), lambda: struct.pack_into('<i', bytearray(5), 2, 1), lambda: struct.pack_into('<i', bytearray(5), 6, 1),
       lambda: struct.pack_into('<i', bytearray(5), -1, 1), lambda: struct.pack_into('<i', bytearray(5), -9, 1), lambda: struct.pack_into('<i', b'12345', 0, 1),
       lambda: struct.pack_into('<i', bytearray(5)), lambda: struct.pack_into('<i'), lambda: struct.pack_into('<i', bytearray(5), 0),
       lambda: struct.pack_into('<i', bytearray(5), 'a', 1), lambda: struct.iter_unpack('<i', b'abc'), lambda: struct.iter_unpack('<0i', b''),
       lambda: struct.calcsize('<z'), lambda: struct.calcsize('<3'), lambda: struct.calcsize('<99999999999999999999i'), lambda: struct.calcsize('< 2 i'),
       lambda: struct.calcsize('<2 i'), lambda: struct.calcsize(5), lambda: struct.Struct(5), lambda: struct.pack('<x', 1),
       lambda: struct.unpack('<i', 'abcd'), lambda: struct.calcsize('<i@'), lambda: struct.pack('<b', 1 << 64), lambda: struct.pack('<I', 1 << 32),
       lambda: struct.pack('<i', 1 << 64), lambda: struct.pack('<f', 10 ** 400), lambda: struct.pack('@P', 1 << 64), lambda: struct.pack('<B', 256)]
for f in bad:
    t(f)
print(isinstance(struct.error('x'), Exception), struct.error.__name__)
b2 = bytearray(b'\x11' * 6)
try:
    struct.pack_into('<hh', b2, 0, 1, 'x')
except struct.error as e:
    print('error', e)
