# struct with int/float/bytes subclass instances where an int, float or bytes is required.
import struct

class I(int):
    pass

class S(str):
    pass

class F(float):
    pass

class B(bytes):
    pass

print(struct.pack(">I", I(3)), struct.pack(">d", F(1.5)), struct.pack("3s", B(b"abc")), struct.unpack(">H", B(b"\x00\x05")))
print(struct.pack("<hq", I(-2), I(2**40)), struct.unpack_from("<B", B(b"\x07\x08"), I(1)))
