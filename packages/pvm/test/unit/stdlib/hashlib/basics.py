import hashlib

msgs = [b'', b'abc', b'a' * 55, b'a' * 56, b'a' * 63, b'a' * 64, b'a' * 65, b'x' * 127, b'x' * 128, b'x' * 129,
        b'y' * 135, b'y' * 136, b'y' * 137, bytes(range(256)) * 3]
for m in msgs:
    print(len(m), hashlib.sha256(m).hexdigest(), hashlib.sha3_256(m).hexdigest())
    print(' ', hashlib.blake2b(m).hexdigest())
    print(' ', hashlib.blake2b(m, digest_size=32, key=b'secret', salt=b'salty', person=b'cowboy').hexdigest())
h = hashlib.sha256()
h.update(b'hello ')
c = h.copy()
h.update(b'world')
print(h.hexdigest(), c.hexdigest(), h.digest() == hashlib.sha256(b'hello world').digest())
print(h.name, h.digest_size, h.block_size, len(h.digest()))
for name in ['sha256', 'SHA256', 'sha3_256', 'blake2b']:
    x = hashlib.new(name, b'data')
    print(name, x.name, x.digest_size, x.block_size, x.hexdigest())
b = hashlib.new('blake2b', b'data', digest_size=16)
print(b.digest_size, b.hexdigest(), type(b.digest()).__name__)
b2 = hashlib.blake2b(digest_size=20, key=b'k' * 64)
b2.update(bytearray(b'abc'))
b3 = b2.copy()
b3.update(b'def')
print(b2.hexdigest(), b3.hexdigest())
s = hashlib.sha3_256(b'part1')
s.update(b'part2')
print(s.hexdigest() == hashlib.sha3_256(b'part1part2').hexdigest(), s.digest() == s.digest())
print(sorted(hashlib.algorithms_guaranteed & {'sha256', 'sha3_256', 'blake2b'}))
for bad in [lambda: hashlib.blake2b(digest_size=0), lambda: hashlib.blake2b(digest_size=65), lambda: hashlib.blake2b(key=b'x' * 65),
            lambda: hashlib.blake2b(salt=b'x' * 17), lambda: hashlib.blake2b(person=b'x' * 17), lambda: hashlib.sha256('s'),
            lambda: hashlib.sha256(5), lambda: hashlib.sha256().update('s'), lambda: hashlib.new('md9'), lambda: hashlib.new('sha256', 's'),
            lambda: hashlib.sha3_256(1), lambda: hashlib.blake2b('x'), lambda: hashlib.blake2b(1), lambda: hashlib.new(5),
            lambda: hashlib.blake2b(digest_size='a'), lambda: hashlib.sha256().update([1])]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
