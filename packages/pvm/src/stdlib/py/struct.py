
class Struct:
    def __init__(self, format):
        if isinstance(format, (bytes, bytearray)):
            format = format.decode('ascii')
        elif not isinstance(format, str):
            raise TypeError(f'Struct() argument 1 must be a str or bytes object, not {type(format).__name__}')
        self._size = _calcsize(format)
        self._format = format
        self.pack, self.pack_into, self.unpack, self.unpack_from, self.iter_unpack = _bind(format)

    @property
    def format(self):
        return self._format

    @property
    def size(self):
        return self._size

    def pack(self, *v):
        return _pack(self._format, v)

    def pack_into(self, *args):
        return _pack_into(self._format, args)

    def unpack(self, buffer):
        return _unpack(self._format, buffer)

    def unpack_from(self, buffer, offset=0):
        return _unpack_from(self._format, buffer, offset)

    def iter_unpack(self, buffer):
        return _iter_unpack(self._format, buffer)

    def __repr__(self):
        return 'Struct(%r)' % (self._format,)

def iter_unpack(format, buffer):
    return _iter_unpack(format, buffer)

def calcsize(format):
    return _calcsize(format)

def pack(format, *v):
    return _pack(format, v)

def pack_into(format, *args):
    return _pack_into(format, args)

def unpack(format, buffer):
    return _unpack(format, buffer)

def unpack_from(format, buffer, offset=0):
    return _unpack_from(format, buffer, offset)

__all__ = ['calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from', 'iter_unpack', 'Struct', 'error']
