
def _bytes(data):
    if isinstance(data, str):
        raise TypeError('Strings must be encoded before hashing')
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError('object supporting the buffer API required')
    return data

class _Hash:
    def __init__(self, name, digest_size, block_size, params, data):
        self._name = name
        self._digest_size = digest_size
        self._block_size = block_size
        self._params = params
        self._buf = bytearray(_bytes(data))

    @property
    def name(self):
        return self._name

    @property
    def digest_size(self):
        return self._digest_size

    @property
    def block_size(self):
        return self._block_size

    def update(self, data):
        self._buf += _bytes(data)

    def digest(self):
        return _digest(self._name, self._buf, self._digest_size, *self._params)

    def hexdigest(self):
        return self.digest().hex()

    def copy(self):
        return _Hash(self._name, self._digest_size, self._block_size, self._params, self._buf)

    def __repr__(self):
        return '<%s _hashlib.HASH object @ %s>' % (self._name, hex(id(self)))

_NO_PARAMS = (b'', b'', b'')

def sha256(data=b'', *, usedforsecurity=True):
    return _Hash('sha256', 32, 64, _NO_PARAMS, data)

def sha3_256(data=b'', *, usedforsecurity=True):
    return _Hash('sha3_256', 32, 136, _NO_PARAMS, data)

def keccak256(data=b'', *, usedforsecurity=True):
    """Keccak-256 as Ethereum and Cowboy use it (pre-standard padding): a Cowboy extension."""
    return _Hash('keccak256', 32, 136, _NO_PARAMS, data)

def _size(v):
    if not isinstance(v, int):
        raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")
    return v

def blake2b(data=b'', *, digest_size=64, key=b'', salt=b'', person=b'', fanout=1, depth=1,
            leaf_size=0, node_offset=0, node_depth=0, inner_size=0, last_node=False,
            usedforsecurity=True):
    digest_size = _size(digest_size)
    if not 1 <= digest_size <= 64:
        raise ValueError('digest_size must be between 1 and 64 bytes')
    key = _bytes(key)
    salt = _bytes(salt)
    person = _bytes(person)
    if len(key) > 64:
        raise ValueError('maximum key length is 64 bytes')
    if len(salt) > 16:
        raise ValueError('maximum salt length is 16 bytes')
    if len(person) > 16:
        raise ValueError('maximum person length is 16 bytes')
    if (fanout, depth, leaf_size, node_offset, node_depth, inner_size, last_node) != (1, 1, 0, 0, 0, 0, False):
        raise ValueError('blake2b tree hashing parameters are not supported in the PVM')
    return _Hash('blake2b', digest_size, 128, (bytes(key), bytes(salt), bytes(person)), data)

_CONSTRUCTORS = {'sha256': sha256, 'sha3_256': sha3_256, 'blake2b': blake2b, 'keccak256': keccak256}

algorithms_guaranteed = frozenset(['sha256', 'sha3_256', 'blake2b'])
algorithms_available = frozenset(_CONSTRUCTORS)

def new(name, data=b'', **kwargs):
    if not isinstance(name, str):
        raise TypeError('name must be a string')
    f = _CONSTRUCTORS.get(name.lower())
    if f is None:
        raise ValueError('unsupported hash type ' + name)
    return f(data, **kwargs)

__all__ = ['new', 'sha256', 'sha3_256', 'blake2b', 'keccak256', 'algorithms_guaranteed', 'algorithms_available']
