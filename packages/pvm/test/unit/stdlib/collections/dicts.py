from collections import defaultdict, OrderedDict, ChainMap

dd = defaultdict(list)
dd['a'].append(1)
dd['b']
print(dd, dd.default_factory, dict(dd), 'c' in dd, len(dd))
di = defaultdict(int, {'x': 1}, y=2)
di['z'] += 5
print(di, di.copy(), type(di.copy()).__name__)
nd = defaultdict()
print(nd)
try:
    nd['missing']
except KeyError as e:
    print(type(e).__name__, e)
try:
    defaultdict(5)
except TypeError as e:
    print(type(e).__name__, e)
print(dd.get('nope'), 'nope' in dd, isinstance(dd, dict))
print(defaultdict(lambda: 'd').__missing__('k'))

od = OrderedDict()
od['b'] = 1
od['a'] = 2
od['c'] = 3
print(od, list(od), list(reversed(od)))
od.move_to_end('b')
print(od)
od.move_to_end('c', last=False)
print(od)
print(od.popitem(), od.popitem(last=False), od)
try:
    OrderedDict().popitem()
except KeyError as e:
    print(type(e).__name__, e)
try:
    od.move_to_end('zz')
except KeyError as e:
    print(type(e).__name__, e)
o1 = OrderedDict([('x', 1), ('y', 2)])
o2 = OrderedDict([('y', 2), ('x', 1)])
print(o1 == o2, o1 == dict(o2), dict(o1) == o2, o1 != o2, OrderedDict(), OrderedDict(a=1))
print(OrderedDict.fromkeys('ab', 0), o1.copy(), o1 | {'z': 3}, o1.pop('x'), o1.pop('q', 'dflt'), o1.setdefault('w', 9), o1)

base = {'a': 1, 'b': 2}
over = {'b': 20, 'c': 30}
cm = ChainMap(over, base)
print(cm, cm['a'], cm['b'], cm['c'], len(cm), list(cm), sorted(cm.items()), 'a' in cm, cm.get('zz', 'no'))
cm['a'] = 100
print(over, base)
del cm['a']
print(over)
try:
    del cm['a']
except KeyError as e:
    print(type(e).__name__, e)
try:
    cm['nope']
except KeyError as e:
    print(type(e).__name__, e)
child = cm.new_child()
child['x'] = 1
print(child, child.parents, child.maps[0], ChainMap(), bool(ChainMap({})), bool(cm))
print(cm.new_child({'q': 1}), dict(cm), cm == {'b': 20, 'c': 30, 'a': 1})
print(cm.pop('b'), cm, cm.copy())
try:
    ChainMap({}, {'a': 1}).popitem()
except KeyError as e:
    print(type(e).__name__, e)
