# Integer codes given small ints (the fast path) at and just past each range's ends, in every
# byte order, one at a time and many per call; out-of-range values raise as CPython's.
import struct

sizes = {'b': 8, 'h': 16, 'i': 32, 'l': 32, 'q': 64}
for code, bits in sizes.items():
    for signed in (True, False):
        c = code if signed else code.upper()
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
        for order in '<>!=':
            for v in (lo, lo + 1, -1, 0, 1, hi - 1, hi, lo - 1, hi + 1, 2**53 - 1, -(2**53) + 1, 2**32, -(2**32), 2**31 + 5):
                try:
                    print(order + c, v, struct.pack(order + c, v).hex())
                except struct.error as e:
                    print(order + c, v, 'error', e)
for fmt in ('@nN', '@lL', '@qQ'):
    print(fmt, struct.pack(fmt, -7, 7).hex(), struct.pack(fmt, -(2**53) + 1, 2**53 - 1).hex())
many = list(range(-50, 50)) + [2**40 + k for k in range(20)] + [-(2**45) - k for k in range(20)]
print(struct.pack('<%dq' % len(many), *many).hex())
print(struct.pack('>%dq' % len(many), *many).hex()[:200])
print(struct.unpack('<%dq' % len(many), struct.pack('<%dq' % len(many), *many)) == tuple(many))
print(struct.pack('<4B3h', 1, 2, 255, 0, -32768, 32767, 0).hex())
try:
    struct.pack('<3B', 1, 256, 2)
except struct.error as e:
    print('error', e)
