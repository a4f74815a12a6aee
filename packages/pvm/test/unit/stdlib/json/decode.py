import json

docs = [
    '', ' ', '{', '[', '[1,', '[1,]', '{"a":1,}', '{"a" 1}', '{"a":}', '{1:2}', "{'a':1}", '[1 2]', '{"a":1 "b":2}',
    '"abc', '"a\\x"', '"\\u12"', '"\\u12G4"', '"a\nb"', '"a\tb"', '[1]x', '[1] [2]', 'nul', 'tru', 'True', 'NaN', '-Infinity', 'Infinity',
    '-', '-a', '01', '1.', '1.e5', '.5', '1e', '1e+', '--1', '+1', '0x10', '1.5e400', '-0', '-0.0', '1E-7', '123456789012345678901234567890',
    '[1, 2.5, "x", true, false, null, {"k": [ ]}, {}]', '\t\n {"a" : [1 , {"b":null}] }\r\n', '"\\ud834\\udd1e"', '"\\ud834"', '"\\udd1e\\ud834"',
    '"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\u00e9\u4e2d\U0001f600"', '{"a":1,"a":2}', '[[[[[[]]]]]]', '{"":""}', '"\\u00e9"', '[1,\n2,\n  x]',
    '{\n  "a": 1,\n  "b": ?\n}', '\ufeff[1]', '1 2', '"\x7f"', '[-1e-2, 0.1, 1e22, 1e16, 100000000000000000000.0]', '  ', '[\n', '"abc\\',
    '{"a"', '{"a":1', '[1,2', '{"\\ud800": 1}', '"\x1f"', '1.0e-400', '18446744073709551616', '-9007199254740993', '5e-324', '2.5e-324',
]
for d in docs:
    try:
        r = json.loads(d)
        print(repr(d), '->', type(r).__name__, repr(r))
    except json.JSONDecodeError as e:
        print(repr(d), '-> JSONDecodeError', e, '|', e.msg, e.pos, e.lineno, e.colno, e.doc == d, isinstance(e, ValueError))
    except Exception as e:
        print(repr(d), '->', type(e).__name__, e)

print(json.loads('{"a": 1.5, "b": [2]}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"a": 1, "b": 2, "a": 3}', object_pairs_hook=lambda p: p))
print(json.loads('[1.5, 2, 1e3]', parse_float=lambda s: 'F' + s))
print(json.loads('[1.5, 2, -3]', parse_int=lambda s: 'I' + s))
print(json.loads('[NaN, Infinity, -Infinity]', parse_constant=lambda s: 'C' + s))
print(json.loads('"a\tb"', strict=False))
print(json.loads(b'{"x": "\xc3\xa9"}'))
print(json.loads(bytearray(b'[1, 2]')))
print(json.loads(b'\xff\xfe[\x001\x00.\x005\x00,\x00 \x002\x00]\x00'))
print(json.loads(b'[\x003\x00]\x00'))
print(json.loads(b'\xff\xfe\x00\x00[\x00\x00\x004\x00\x00\x00]\x00\x00\x00'))
print(json.loads(b'\x00[\x005\x00]'))
for bad in [1, None, [1], 1.5]:
    try:
        json.loads(bad)
    except TypeError as e:
        print('TypeError', e)
try:
    json.loads(b'\xff[1]')
except Exception as e:
    print(type(e).__name__, e)
try:
    json.loads('[' * 100000)
except RecursionError as e:
    print('RecursionError')
except json.JSONDecodeError as e:
    print('JSONDecodeError', e)
e = json.JSONDecodeError('Boom', 'ab\ncd', 4)
print(e, e.msg, e.pos, e.lineno, e.colno, e.doc, e.args)
x = json.loads('[1e400, -1e400, 1.7976931348623157e308]')
print(x)
