// Python source of `typing`, executed by the PVM on first import (metered like user code).
// Kept as a TS string so the package ships no data files; must not contain backticks or "${".
// Follows CPython 3.11's typing.py in behaviour (reprs, equality, get_origin/get_args, the
// error messages an author sees) with a smaller object model: one _GenericAlias class for every
// subscripted form, _SpecialForm for Any/Union/Optional/..., and self-contained stand-ins for
// the collections.abc classes (structural isinstance checks) so the module imports nothing.
export const TYPING_PY = String.raw`
__all__ = ['Annotated', 'Any', 'Callable', 'ClassVar', 'Final', 'ForwardRef', 'Generic', 'Literal',
           'Optional', 'Protocol', 'Tuple', 'Type', 'TypeVar', 'Union', 'AbstractSet', 'ByteString',
           'Container', 'Collection', 'Hashable', 'ItemsView', 'Iterable', 'Iterator', 'KeysView',
           'Mapping', 'MappingView', 'MutableMapping', 'MutableSequence', 'MutableSet', 'Sequence',
           'Sized', 'ValuesView', 'Reversible', 'Generator', 'Awaitable', 'Coroutine',
           'AsyncIterable', 'AsyncIterator', 'ContextManager', 'Counter', 'Deque', 'DefaultDict',
           'OrderedDict', 'ChainMap', 'Dict', 'FrozenSet', 'List', 'Set', 'NamedTuple', 'TypedDict',
           'Text', 'AnyStr', 'NoReturn', 'Never', 'Self', 'LiteralString', 'TypeAlias', 'cast',
           'final', 'get_args', 'get_origin', 'get_type_hints', 'NewType', 'no_type_check',
           'overload', 'runtime_checkable', 'assert_never', 'assert_type', 'reveal_type',
           'TYPE_CHECKING', 'SupportsInt', 'SupportsFloat', 'SupportsAbs', 'SupportsIndex',
           'SupportsBytes', 'SupportsRound', 'SupportsComplex']

TYPE_CHECKING = False
_NoneType = type(None)


def _plain_function():
    pass


_FUNCTION = type(_plain_function)


_NO_IDENTITY = (int, float, str, bytes)


def _is(a, b):
    # The PVM refuses 'is' on numbers and strings (cips/pvm.md); none of those is ever one of
    # the singletons compared here, so they answer False instead of raising.
    if type(a) in _NO_IDENTITY or type(b) in _NO_IDENTITY:
        return False
    return a is b


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return obj.__module__ + '.' + obj.__qualname__
    if _is(obj, ...):
        return '...'
    if isinstance(obj, _FUNCTION):
        return obj.__name__
    return repr(obj)


class ForwardRef:
    def __init__(self, arg):
        if not isinstance(arg, str):
            raise TypeError('Forward reference must be a string -- got ' + repr(arg))
        self.__forward_arg__ = arg

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(('ForwardRef', self.__forward_arg__))

    def __repr__(self):
        return 'ForwardRef(' + repr(self.__forward_arg__) + ')'


def _type_convert(arg):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


def _type_check(arg, msg):
    # CPython 3.11's rules: anything but a tuple, a plain special form or a ClassVar/Final/Generic
    # alias is accepted (List[1] is legal at run time).
    arg = _type_convert(arg)
    if isinstance(arg, _GenericAlias) and arg.__origin__ in (Generic, Protocol, ClassVar, Final):
        raise TypeError(repr(arg) + ' is not valid as type argument')
    if arg in (Any, LiteralString, NoReturn, Never, Self, TypeAlias):
        return arg
    if isinstance(arg, _SpecialForm) or arg in (Generic, Protocol):
        raise TypeError('Plain ' + repr(arg) + ' is not valid as type argument')
    if type(arg) is tuple:
        raise TypeError(msg + ' Got ' + repr(arg)[:100] + '.')
    return arg


def _collect_parameters(args):
    params = []
    for t in args:
        if isinstance(t, TypeVar):
            if t not in params:
                params.append(t)
        elif isinstance(t, (list, tuple)):
            for x in _collect_parameters(t):
                if x not in params:
                    params.append(x)
        else:
            for x in getattr(t, '__parameters__', ()):
                if isinstance(x, TypeVar) and x not in params:
                    params.append(x)
    return tuple(params)


def _deduplicate(params):
    out = []
    for p in params:
        if p not in out:
            out.append(p)
    return out


def _tuple_params(params):
    if isinstance(params, tuple):
        return params
    return (params,)


class _SpecialForm:
    def __init__(self, name, getitem, doc=''):
        self._name = name
        self._getitem = getitem
        self.__doc__ = doc

    def __repr__(self):
        return 'typing.' + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        if self._name == 'Any':
            raise TypeError('Any cannot be instantiated')
        raise TypeError('Cannot instantiate ' + repr(self))

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass ' + repr(self))

    def __instancecheck__(self, obj):
        raise TypeError(repr(self) + ' cannot be used with isinstance()')

    def __subclasscheck__(self, cls):
        raise TypeError(repr(self) + ' cannot be used with issubclass()')

    def __getitem__(self, parameters):
        if self._getitem is None:
            raise TypeError(repr(self) + ' is not subscriptable')
        return self._getitem(self, parameters)


def _any_instancecheck(obj):
    raise TypeError('typing.Any cannot be used with isinstance()')


Any = _SpecialForm('Any', None, 'Special type indicating an unconstrained type.')
NoReturn = _SpecialForm('NoReturn', None)
Never = _SpecialForm('Never', None)
Self = _SpecialForm('Self', None)
LiteralString = _SpecialForm('LiteralString', None)
TypeAlias = _SpecialForm('TypeAlias', None)


def _classvar_getitem(self, parameters):
    item = _type_check(parameters, repr(self) + ' accepts only single type.')
    return _GenericAlias(self, (item,), name=self._name)


def _final_getitem(self, parameters):
    item = _type_check(parameters, repr(self) + ' accepts only single type.')
    return _GenericAlias(self, (item,), name=self._name)


ClassVar = _SpecialForm('ClassVar', _classvar_getitem)
# dataclasses recognises ClassVar (bare or subscripted, via __origin__) by this marker.
ClassVar._is_classvar = True
Final = _SpecialForm('Final', _final_getitem)


_UnionType = type(int | str)


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    parameters = _tuple_params(parameters)
    msg = 'Union[arg, ...]: each arg must be a type.'
    flat = []
    for p in parameters:
        p = _type_check(p, msg)
        if (isinstance(p, _GenericAlias) and p.__origin__ is Union) or type(p) is _UnionType:
            flat.extend(p.__args__)
        else:
            flat.append(p)
    flat = _deduplicate(flat)
    if len(flat) == 1:
        return flat[0]
    return _GenericAlias(self, tuple(flat))


def _optional_getitem(self, parameters):
    if isinstance(parameters, tuple):
        raise TypeError('typing.Optional requires a single type. Got ' + repr(parameters) + '.')
    arg = _type_check(parameters, 'Optional[t] requires a single type.')
    return Union[arg, _NoneType]


def _literal_getitem(self, parameters):
    parameters = _tuple_params(parameters)
    flat = []
    for p in parameters:
        if isinstance(p, _GenericAlias) and p.__origin__ is Literal:
            flat.extend(p.__args__)
        else:
            flat.append(p)
    out = []
    for p in flat:
        found = False
        for q in out:
            if type(q) is type(p) and q == p:
                found = True
                break
        if not found:
            out.append(p)
    return _GenericAlias(self, tuple(out))


Union = _SpecialForm('Union', _union_getitem)
Optional = _SpecialForm('Optional', _optional_getitem)
Literal = _SpecialForm('Literal', _literal_getitem)


class _GenericAlias:
    # One class for every subscripted form: List[int] (name 'List'), Box[int] (no name),
    # Union[...] / Literal[...] (origin is the special form), ClassVar[int], Callable[[a], r].
    def __init__(self, origin, args, name=None, inst=True):
        self.__origin__ = origin
        self.__args__ = args
        self._name = name
        self._inst = inst
        self.__parameters__ = _collect_parameters(args)

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        if self.__origin__ is not other.__origin__:
            return False
        if self.__origin__ is Union or self.__origin__ is Literal:
            return set(self.__args__) == set(other.__args__)
        return self.__args__ == other.__args__

    def __hash__(self):
        if self.__origin__ is Union or self.__origin__ is Literal:
            return hash((self.__origin__, frozenset(self.__args__)))
        return hash((self.__origin__, self.__args__))

    def __repr__(self):
        origin = self.__origin__
        args = self.__args__
        if origin is Union:
            if len(args) == 2 and _is(args[1], _NoneType):
                return 'typing.Optional[' + _type_repr(args[0]) + ']'
            if len(args) == 2 and _is(args[0], _NoneType):
                return 'typing.Optional[' + _type_repr(args[1]) + ']'
            return 'typing.Union[' + ', '.join([_type_repr(a) for a in args]) + ']'
        if origin is Literal:
            return 'typing.Literal[' + ', '.join([repr(a) for a in args]) + ']'
        if self._name is not None:
            head = 'typing.' + self._name
        else:
            head = _type_repr(origin)
        if self._name == 'Callable' and len(args) > 0 and not _is(args[0], ...):
            return head + '[[' + ', '.join([_type_repr(a) for a in args[:-1]]) + '], ' + _type_repr(args[-1]) + ']'
        if len(args) == 0:
            return head + '[()]'
        return head + '[' + ', '.join([_type_repr(a) for a in args]) + ']'

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError('Type ' + self._name + ' cannot be instantiated; use ' +
                            self.__origin__.__name__ + '() instead')
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __getattr__(self, attr):
        if attr[:2] == '__' and attr[-2:] == '__':
            raise AttributeError(attr)
        if attr in ('_name', '_inst', '__origin__'):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def __mro_entries__(self, bases):
        origin = self.__origin__
        if origin is Union or origin is Literal or origin is ClassVar or origin is Final:
            raise TypeError('Cannot subclass ' + repr(self))
        if self._name is None and (origin is Generic or origin is Protocol):
            if origin is Generic and Protocol in bases:
                return ()
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _GenericAlias) and b is not self:
                    return ()
            return (origin,)
        if self._name is None:
            return (origin,)
        res = []
        if origin not in bases:
            res.append(origin)
        i = bases.index(self)
        for b in bases[i + 1:]:
            if isinstance(b, (_GenericAlias, _SpecialGenericAlias)) or (isinstance(b, type) and issubclass(b, Generic)):
                break
        else:
            res.append(Generic)
        return tuple(res)

    def __instancecheck__(self, obj):
        if self.__origin__ is Union:
            for a in self.__args__:
                if isinstance(obj, a):
                    return True
            return False
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __subclasscheck__(self, cls):
        if self.__origin__ is Union:
            for a in self.__args__:
                if issubclass(cls, a):
                    return True
            return False
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __getitem__(self, args):
        if self.__origin__ is Union or self.__origin__ is Literal:
            if not self.__parameters__:
                raise TypeError(repr(self) + ' is not a generic class')
        params = self.__parameters__
        if not params:
            raise TypeError(repr(self) + ' is not a generic class')
        args = _tuple_params(args)
        if len(args) != len(params):
            raise TypeError(('Too many' if len(args) > len(params) else 'Too few') +
                            ' arguments for ' + repr(self) + '; actual ' + str(len(args)) +
                            ', expected ' + str(len(params)))
        subst = {}
        for p, a in zip(params, args):
            subst[p] = _type_convert(a)
        new_args = tuple([_substitute(a, subst) for a in self.__args__])
        if self.__origin__ is Union:
            return Union[new_args]
        return _GenericAlias(self.__origin__, new_args, name=self._name, inst=self._inst)


def _substitute(arg, subst):
    if isinstance(arg, TypeVar):
        return subst.get(arg, arg)
    if isinstance(arg, _GenericAlias) and arg.__parameters__:
        return arg[tuple([subst.get(p, p) for p in arg.__parameters__])]
    return arg


class _SpecialGenericAlias:
    # The bare aliases List, Dict, Iterable, ...: subscript to a _GenericAlias named like them.
    def __init__(self, origin, nparams, name, inst=True, resolve=None):
        self._origin = origin
        self._resolve = resolve
        self._nparams = nparams
        self._name = name
        self._inst = inst
        self.__parameters__ = ()

    @property
    def __origin__(self):
        if self._origin is None:
            self._origin = self._resolve()
        return self._origin

    def __repr__(self):
        return 'typing.' + self._name

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self._name == other._name

    def __hash__(self):
        return hash(('typing', self._name))

    def __reduce__(self):
        return self._name

    def __getitem__(self, params):
        params = _tuple_params(params)
        if self._name == 'Callable':
            return _callable_getitem(self, params)
        if self._name == 'Tuple':
            if params == ((),):
                return _GenericAlias(tuple, (), name='Tuple', inst=False)
            if len(params) == 2 and _is(params[1], ...):
                return _GenericAlias(tuple, (_type_check(params[0], 'Tuple[t, ...]: t must be a type.'), ...),
                                     name='Tuple', inst=False)
            msg = 'Tuple[t0, t1, ...]: each t must be a type.'
            return _GenericAlias(tuple, tuple([_type_check(p, msg) for p in params]), name='Tuple', inst=False)
        msg = 'Parameters to generic types must be types.'
        params = tuple([_type_check(p, msg) for p in params])
        if len(params) != self._nparams:
            raise TypeError(('Too many' if len(params) > self._nparams else 'Too few') +
                            ' arguments for ' + repr(self) + '; actual ' + str(len(params)) +
                            ', expected ' + str(self._nparams))
        try:
            origin = self.__origin__
        except ImportError:
            # Deque, DefaultDict, ... point at collections; without it the alias stands in.
            origin = self
        return _GenericAlias(origin, params, name=self._name, inst=self._inst)

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError('Type ' + self._name + ' cannot be instantiated; use ' +
                            self.__origin__.__name__ + '() instead')
        return self.__origin__(*args, **kwargs)

    def __getattr__(self, attr):
        if attr[:2] == '__' and attr[-2:] == '__':
            raise AttributeError(attr)
        if attr in ('_origin', '_resolve', '_nparams', '_name', '_inst'):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def __mro_entries__(self, bases):
        res = []
        origin = self.__origin__
        if origin not in bases:
            res.append(origin)
        i = bases.index(self)
        for b in bases[i + 1:]:
            if isinstance(b, (_GenericAlias, _SpecialGenericAlias)) or (isinstance(b, type) and issubclass(b, Generic)):
                break
        else:
            res.append(Generic)
        return tuple(res)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        if isinstance(cls, _GenericAlias):
            raise TypeError('Subscripted generics cannot be used with class and instance checks')
        return issubclass(cls, self.__origin__)


def _callable_getitem(self, params):
    if len(params) != 2:
        raise TypeError('Callable must be used as Callable[[arg, ...], result].')
    args, result = params
    if _is(args, ...):
        return _GenericAlias(self.__origin__, (..., _type_check(result, 'Callable[..., T]: T must be a type.')),
                             name='Callable')
    # As CPython 3.11, a non-list args stands for a one-argument list (left to type checkers).
    if not isinstance(args, list):
        args = [args]
    msg = 'Callable[[arg, ...], result]: each arg must be a type.'
    flat = [_type_check(a, msg) for a in args]
    flat.append(_type_check(result, 'Callable[args, result]: result must be a type.'))
    return _GenericAlias(self.__origin__, tuple(flat), name='Callable')
`;
