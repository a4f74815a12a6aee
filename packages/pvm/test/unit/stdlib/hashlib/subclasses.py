# hashlib over bytes subclass instances.
import hashlib

class I(int):
    pass

class S(str):
    pass

class F(float):
    pass

class B(bytes):
    pass

h = hashlib.sha256(B(b"abc"))
h.update(B(b"def"))
print(h.hexdigest(), hashlib.sha256(b"abcdef").hexdigest() == h.hexdigest(), hashlib.sha256(B(b"")).digest_size)
