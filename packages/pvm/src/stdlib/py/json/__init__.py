
class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        ValueError.__init__(self, '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

def _no_cls(cls):
    if cls is not None:
        raise TypeError('json: custom encoder/decoder classes (cls=) are not supported in the PVM')

def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    _no_cls(cls)
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
    else:
        if not isinstance(s, (bytes, bytearray)):
            raise TypeError(f'the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}')
        s = _decode_bytes(s)
    strict = True
    for k in kw:
        if k != 'strict':
            raise TypeError(f"JSONDecoder.__init__() got an unexpected keyword argument '{k}'")
        strict = kw[k]
    if not parse_float or parse_float is float:
        parse_float = None
    if not parse_int or parse_int is int:
        parse_int = None
    if not parse_constant:
        parse_constant = None
    return _scan(s, JSONDecodeError, bool(strict), object_hook, object_pairs_hook,
                 parse_float, parse_int, parse_constant)

def _sorted_items(d):
    return sorted(d.items())

def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
          cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw):
    _no_cls(cls)
    for k in kw:
        raise TypeError(f"JSONEncoder.__init__() got an unexpected keyword argument '{k}'")
    if indent is not None and not isinstance(indent, str):
        if not isinstance(indent, int):
            raise TypeError(f"can't multiply sequence by non-int of type '{type(indent).__name__}'")
        indent = ' ' * indent
    if separators is not None:
        item_separator, key_separator = separators
    elif indent is not None:
        item_separator, key_separator = ',', ': '
    else:
        item_separator, key_separator = ', ', ': '
    return _encode(obj, bool(skipkeys), bool(ensure_ascii), bool(check_circular), bool(allow_nan),
                   indent, item_separator, key_separator, default,
                   _sorted_items if sort_keys else None)

__all__ = ['dumps', 'loads', 'JSONDecodeError']
