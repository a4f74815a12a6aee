import json

vals = [None, True, False, 0, -7, 2**70, -(2**64), 1.5, 0.1, 1e22, 1e16, 1e-7, -0.0, 5e-324, 1.7976931348623157e308,
        float('nan'), float('inf'), float('-inf'), '', 'abc', 'a"b\\c', '\n\r\t\b\f\x00\x1f\x7f', 'é中😀', '\ud834',
        [], {}, (), [1, [2, [3, []]]], (1, 'x'), {'a': 1, 'b': [1, 2], 'c': {}}, [{}, [], ''], {'k': (1, 2)}]
for v in vals:
    print(json.dumps(v), ascii(json.dumps(v, ensure_ascii=False)))
d = {'b': 1, 'a': [1, 2, {'z': None, 'y': 1.25}], 'c': {}, 'd': []}
print(json.dumps(d, indent=2))
print(json.dumps(d, indent='\t', sort_keys=True))
print(json.dumps(d, indent=0))
print(json.dumps(d, indent=''))
print(json.dumps(d, separators=(',', ':')))
print(json.dumps(d, indent=1, separators=(', ', ' = ')))
print(json.dumps([1, [2]], indent=3))
print(json.dumps({1: 'a', 2.5: 'b', True: 'c', None: 'd', False: 'e', -3: 'f'}))
print(json.dumps({float('nan'): 1, float('inf'): 2}))
print(json.dumps({(1, 2): 3, 'x': 4}, skipkeys=True))
print(json.dumps({'é': 'ü'}, ensure_ascii=False), json.dumps({'é': 'ü'}))
print(json.dumps({'b': 1, 'a': 2, 'c': 3}, sort_keys=True))
class P:
    def __init__(self, x):
        self.x = x
print(json.dumps([P(1), {'p': P(2)}], default=lambda o: {'P': o.x}))
print(json.dumps(P(3), default=lambda o: [o.x, 'nested']))
print(json.dumps({1, 2} if False else [1], default=list))
for bad in [lambda: json.dumps(P(1)), lambda: json.dumps({(1, 2): 3}), lambda: json.dumps(float('nan'), allow_nan=False),
            lambda: json.dumps([float('inf')], allow_nan=False, indent=2), lambda: json.dumps({float('inf'): 1}, allow_nan=False),
            lambda: json.dumps({1: 2, 'a': 3}, sort_keys=True), lambda: json.dumps(b'x'), lambda: json.dumps({1, 2}),
            lambda: json.dumps(1, foo=1), lambda: json.dumps(1, indent=1.5), lambda: json.loads('1', foo=1)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
a = []
a.append(a)
try:
    json.dumps(a)
except ValueError as e:
    print('ValueError', e)
d = {}
d['self'] = d
try:
    json.dumps(d)
except ValueError as e:
    print('ValueError', e)
try:
    json.dumps(P(1), default=lambda o: o)
except ValueError as e:
    print('ValueError', e)
x = [1]
print(json.dumps([x, x, {'a': x}]))
big = {'list': list(range(20)), 'nested': [[i, str(i), i / 4] for i in range(5)], 'text': 'x' * 30}
s = json.dumps(big, sort_keys=True, indent=1)
print(json.loads(s) == big, len(s))
for v in vals[:25]:
    if v == v:
        assert json.loads(json.dumps(v)) == (list(v) if isinstance(v, tuple) else v), v
print(json.loads(json.dumps(vals[15])), json.loads(json.dumps({'n': [float('-inf')]})))
print(json.dumps("\u2028\u2029"), json.dumps('\U0010ffff'))
