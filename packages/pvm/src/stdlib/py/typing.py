
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
_MISSING = object()


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

# The abstract collections are collections.abc's own classes, as in CPython: typing only wraps them in the bare,
# subscriptable aliases below. Only the context-manager ABC (contextlib's in CPython) is defined here.
import collections.abc as _abc
from abc import ABCMeta as _ABCMeta


class AbstractContextManager(metaclass=_ABCMeta):
    __slots__ = ()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is AbstractContextManager:
            return _abc._check_methods(C, '__enter__', '__exit__')
        return NotImplemented


AbstractContextManager.__module__ = 'contextlib'


class TypeVar:
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        if not isinstance(name, str):
            raise TypeError('TypeVar name must be a string')
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        if len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        if constraints and bound is not None:
            raise TypeError('Constraints cannot be combined with bound=...')
        msg = 'TypeVar(name, constraint, ...): constraints must be types.'
        self.__name__ = name
        self.__constraints__ = tuple([_type_check(t, msg) for t in constraints])
        self.__bound__ = None if bound is None else _type_check(bound, 'Bound must be a type.')
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)

    def __repr__(self):
        if self.__covariant__:
            return '+' + self.__name__
        if self.__contravariant__:
            return '-' + self.__name__
        return '~' + self.__name__

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass an instance of TypeVar')


def _generic_getitem(cls, params):
    params = tuple([_type_convert(p) for p in _tuple_params(params)])
    if cls is Generic or cls is Protocol:
        if not params:
            raise TypeError('Parameter list to ' + cls.__qualname__ + '[...] cannot be empty')
        for p in params:
            if not isinstance(p, TypeVar):
                raise TypeError('Parameters to ' + cls.__name__ + '[...] must all be type variables '
                                'or parameter specification variables.')
        if len(set(params)) != len(params):
            raise TypeError('Parameters to ' + cls.__name__ + '[...] must all be unique')
        return _GenericAlias(cls, params)
    expected = cls.__dict__.get('__parameters__', ())
    if not expected:
        raise TypeError(repr(cls) + ' is not a generic class')
    if len(params) != len(expected):
        raise TypeError(('Too many' if len(params) > len(expected) else 'Too few') + ' arguments for ' +
                        repr(cls) + '; actual ' + str(len(params)) + ', expected ' + str(len(expected)))
    msg = 'Parameters to generic types must be types.'
    return _GenericAlias(cls, tuple([_type_check(p, msg) for p in params]))


def _generic_init_subclass(cls):
    own = cls.__dict__
    if '__orig_bases__' in own:
        error = Generic in own['__orig_bases__']
    else:
        error = Generic in cls.__bases__ and cls.__name__ != 'Protocol'
    if error:
        raise TypeError('Cannot inherit from plain Generic')
    tvars = ()
    if '__orig_bases__' in own:
        tvars = _collect_parameters(own['__orig_bases__'])
        gvars = None
        for base in own['__orig_bases__']:
            if isinstance(base, _GenericAlias) and (base.__origin__ is Generic or base.__origin__ is Protocol):
                if gvars is not None:
                    raise TypeError('Cannot inherit from Generic[...] multiple times.')
                gvars = base.__parameters__
        if gvars is not None:
            extra = [t for t in tvars if t not in gvars]
            if extra:
                raise TypeError('Some type variables (' + ', '.join([str(t) for t in extra]) +
                                ') are not listed in Generic[' + ', '.join([str(g) for g in gvars]) + ']')
            tvars = gvars
    cls.__parameters__ = tuple(tvars)


class Generic:
    def __class_getitem__(cls, params):
        return _generic_getitem(cls, params)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _generic_init_subclass(cls)


_PROTO_EXCLUDED = frozenset(['__abstractmethods__', '__annotations__', '__weakref__', '_is_protocol',
                             '_is_runtime_protocol', '__dict__', '__args__', '__slots__',
                             '__parameters__', '__origin__', '__orig_bases__', '__doc__',
                             '__subclasshook__', '__init__', '__new__', '__module__', '__qualname__',
                             '__protocol_attrs__', '__init_subclass__', '__class_getitem__',
                             '__match_args__', '__classcell__'])


def _protocol_attrs(cls):
    attrs = []
    for base in cls.__mro__[:-1]:
        if base is Protocol or base is Generic:
            continue
        own = base.__dict__
        names = list(own) + list(own.get('__annotations__', {}))
        for attr in names:
            if attr[:5] != '_abc_' and attr not in _PROTO_EXCLUDED and attr not in attrs:
                attrs.append(attr)
    return tuple(attrs)


# No __call__ here: the PVM runs __init_subclass__ only for metaclasses without __new__,
# __init__ or __call__, so Protocol.__new__ refuses instantiation instead.
class _ProtocolMeta(type):
    def __instancecheck__(cls, instance):
        if not cls.__dict__.get('_is_protocol', False):
            return cls in type(instance).__mro__
        if not cls.__dict__.get('_is_runtime_protocol', False):
            raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
        if cls in type(instance).__mro__ or isinstance(instance, cls.__dict__.get('_abc_builtins', ())):
            return True
        for attr in cls.__protocol_attrs__:
            val = getattr(instance, attr, _MISSING)
            if _is(val, _MISSING):
                return False
            if val is None and callable(getattr(cls, attr, None)):
                return False
        return True

    def __subclasscheck__(cls, other):
        if not isinstance(other, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if not cls.__dict__.get('_is_protocol', False):
            return cls in other.__mro__
        if not cls.__dict__.get('_is_runtime_protocol', False):
            raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
        if cls in other.__mro__ or issubclass(other, cls.__dict__.get('_abc_builtins', ())):
            return True
        for attr in cls.__protocol_attrs__:
            if not callable(getattr(cls, attr, None)):
                raise TypeError("Protocols with non-method members don't support issubclass()")
        for attr in cls.__protocol_attrs__:
            if getattr(other, attr, None) is None:
                return False
        return True


class Protocol(Generic, metaclass=_ProtocolMeta):
    _is_protocol = True
    _is_runtime_protocol = False

    def __new__(cls, *args, **kwargs):
        if cls.__dict__.get('_is_protocol', False):
            raise TypeError('Protocols cannot be instantiated')
        return object.__new__(cls)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if '_is_protocol' not in own:
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if cls._is_protocol:
            for base in cls.__mro__[1:]:
                if not (base is object or base is Generic or base.__dict__.get('_is_protocol', False)):
                    raise TypeError('Protocols can only inherit from other protocols, got ' + repr(base))
        cls.__protocol_attrs__ = _protocol_attrs(cls)


def runtime_checkable(cls):
    if not isinstance(cls, type) or not cls.__dict__.get('_is_protocol', False):
        raise TypeError('@runtime_checkable can be only applied to protocol classes, got ' + repr(cls))
    cls._is_runtime_protocol = True
    return cls


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        super().__init__(origin, (origin,), name='Annotated')
        self.__metadata__ = metadata

    def __repr__(self):
        return ('typing.Annotated[' + _type_repr(self.__origin__) + ', ' +
                ', '.join([repr(a) for a in self.__metadata__]) + ']')

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return (self.__origin__,)


class Annotated:
    def __new__(cls, *args, **kwargs):
        raise TypeError('Type Annotated cannot be instantiated.')

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError('Annotated[...] should be used with at least two arguments '
                            '(a type and an annotation).')
        origin = _type_check(params[0], 'Annotated[t, ...]: t must be a type.')
        return _AnnotatedAlias(origin, tuple(params[1:]))


def _required_getitem(self, parameters):
    item = _type_check(parameters, self._name + ' accepts only a single type.')
    return _GenericAlias(self, (item,), name=self._name)


Required = _SpecialForm('Required', _required_getitem)
NotRequired = _SpecialForm('NotRequired', _required_getitem)


class _TupleGetter:
    # Field accessor of a NamedTuple class: reads index i, refuses assignment like CPython's.
    def __init__(self, index, doc):
        self._index = index
        self.__doc__ = doc

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj[self._index]

    def __repr__(self):
        return '_tuplegetter(' + str(self._index) + ', ' + repr(self.__doc__) + ')'

    def __set__(self, obj, value):
        raise AttributeError("can't set attribute")

    def __delete__(self, obj):
        raise AttributeError("can't delete attribute")


def _args_list(names):
    quoted = ["'" + n + "'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + ' and ' + quoted[1]
    return ', '.join(quoted[:-1]) + ', and ' + quoted[-1]


def _nt_new(cls, *args, **kwargs):
    fields = cls._fields
    defaults = cls._field_defaults
    n = len(fields)
    head = cls.__name__ + '.__new__() '
    if len(args) > n:
        if defaults:
            raise TypeError(head + 'takes from ' + str(n - len(defaults) + 1) + ' to ' + str(n + 1) +
                            ' positional arguments but ' + str(len(args) + 1) + ' were given')
        raise TypeError(head + 'takes ' + str(n + 1) + ' positional argument' + ('' if n == 0 else 's') +
                        ' but ' + str(len(args) + 1) + ' were given')
    for k in kwargs:
        if k not in fields:
            raise TypeError(head + "got an unexpected keyword argument '" + k + "'")
        if fields.index(k) < len(args):
            raise TypeError(head + "got multiple values for argument '" + k + "'")
    values = list(args)
    missing = []
    for i in range(len(args), n):
        f = fields[i]
        if f in kwargs:
            values.append(kwargs[f])
        elif f in defaults:
            values.append(defaults[f])
        else:
            missing.append(f)
    if missing:
        raise TypeError(head + 'missing ' + str(len(missing)) + ' required positional argument' +
                        ('' if len(missing) == 1 else 's') + ': ' + _args_list(missing))
    return tuple.__new__(cls, values)


def _nt_make(cls, iterable):
    result = tuple.__new__(cls, iterable)
    if len(result) != len(cls._fields):
        raise TypeError('Expected ' + str(len(cls._fields)) + ' arguments, got ' + str(len(result)))
    return result


def _nt_replace(self, **kwds):
    result = self._make([kwds.pop(f, v) for f, v in zip(self._fields, self)])
    if kwds:
        raise ValueError('Got unexpected field names: ' + repr(list(kwds)))
    return result


def _nt_repr(self):
    return (self.__class__.__name__ + '(' +
            ', '.join([f + '=' + repr(v) for f, v in zip(self._fields, self)]) + ')')


def _nt_asdict(self):
    return dict(zip(self._fields, self))


def _nt_getnewargs(self):
    return tuple(self)


def _make_nmtuple(name, types, defaults, module):
    fields = tuple(types)
    for f in fields:
        if not isinstance(f, str) or not f.isidentifier():
            raise ValueError('Type names and field names must be valid identifiers: ' + repr(f))
        if f[:1] == '_':
            raise ValueError('Field names cannot start with an underscore: ' + repr(f))
    if len(set(fields)) != len(fields):
        for i, f in enumerate(fields):
            if f in fields[:i]:
                raise ValueError('Encountered duplicate field name: ' + repr(f))
    field_defaults = dict(zip(fields[len(fields) - len(defaults):], defaults))
    ns = {'__slots__': (), '__module__': module, '__qualname__': name, '_fields': fields,
          '_field_defaults': field_defaults, '__match_args__': fields,
          '__annotations__': dict(types), '__new__': staticmethod(_nt_new),
          '_make': classmethod(_nt_make), '_replace': _nt_replace, '__repr__': _nt_repr,
          '_asdict': _nt_asdict, '__getnewargs__': _nt_getnewargs}
    for i, f in enumerate(fields):
        ns[f] = _TupleGetter(i, 'Alias for field number ' + str(i))
    return type(name, (tuple,), ns)


_NT_PROHIBITED = frozenset(['__new__', '__init__', '__slots__', '__getnewargs__', '_fields',
                            '_field_defaults', '_make', '_replace', '_asdict', '_source'])
_NT_SPECIAL = frozenset(['__module__', '__name__', '__annotations__', '__qualname__', '__orig_bases__'])


class _NamedTupleMeta(type):
    def __new__(mcls, typename, bases, ns):
        if ns.get('_root', False):
            return super().__new__(mcls, typename, bases, ns)
        for base in bases:
            if base is not NamedTuple and base is not Generic:
                raise TypeError('can only inherit from a NamedTuple type and Generic')
        msg = 'NamedTuple(\'Name\', [(f0, t0), (f1, t1), ...]); each t must be a type'
        types = {}
        for k, v in ns.get('__annotations__', {}).items():
            types[k] = _type_check(v, msg)
        default_names = []
        defaults = []
        for field in types:
            if field in ns:
                default_names.append(field)
                defaults.append(ns[field])
            elif default_names:
                raise TypeError('Non-default namedtuple field ' + field + ' cannot follow default field' +
                                ('s' if len(default_names) > 1 else '') + ' ' + ', '.join(default_names))
        nt = _make_nmtuple(typename, types, defaults, ns.get('__module__', '__main__'))
        for key in ns:
            if key in _NT_PROHIBITED:
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
            if key not in _NT_SPECIAL and key not in nt._fields:
                setattr(nt, key, ns[key])
        return nt

    def __call__(cls, typename, fields=None, **kwargs):
        if cls is not NamedTuple:
            return super().__call__(typename, fields, **kwargs)
        if fields is None:
            fields = kwargs.items()
        elif kwargs:
            raise TypeError('Either list of fields or keywords can be provided to NamedTuple, not both')
        types = {}
        for n, t in fields:
            types[n] = _type_check(t, "NamedTuple('Name', [(f0, t0), (f1, t1), ...]); each t must be a type")
        return _make_nmtuple(typename, types, (), '__main__')


class NamedTuple(metaclass=_NamedTupleMeta):
    _root = True


class _TypedDictMeta(type):
    def __new__(mcls, name, bases, ns, total=True):
        if ns.get('_root', False):
            return super().__new__(mcls, name, bases, ns)
        for base in bases:
            if type(base) is not _TypedDictMeta and base is not Generic:
                raise TypeError('cannot inherit from both a TypedDict type and a non-TypedDict base class')
        msg = "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type"
        own = {}
        for k, v in ns.get('__annotations__', {}).items():
            own[k] = _type_check(v, msg)
        annotations = {}
        required = set()
        optional = set()
        for base in bases:
            if base is TypedDict or base is Generic:
                continue
            annotations.update(base.__dict__.get('__annotations__', {}))
            required.update(base.__required_keys__)
            optional.update(base.__optional_keys__)
        annotations.update(own)
        for k, tp in own.items():
            origin = tp.__origin__ if isinstance(tp, _GenericAlias) else None
            if origin is Required:
                required.add(k)
            elif origin is NotRequired:
                optional.add(k)
            elif total:
                required.add(k)
            else:
                optional.add(k)
        body = dict(ns)
        body['__annotations__'] = annotations
        tp_dict = super().__new__(mcls, name, (dict,), body)
        tp_dict.__required_keys__ = frozenset(required)
        tp_dict.__optional_keys__ = frozenset(optional)
        tp_dict.__total__ = bool(total)
        return tp_dict

    def __call__(cls, *args, **kwargs):
        if cls is not TypedDict:
            return dict(*args, **kwargs)
        if len(args) < 1 or len(args) > 2:
            raise TypeError('TypedDict() takes from 1 to 2 positional arguments but ' + str(len(args)) +
                            ' were given')
        total = kwargs.pop('total', True)
        fields = args[1] if len(args) == 2 else None
        if fields is None:
            fields = kwargs
        elif kwargs:
            raise TypeError('TypedDict takes either a dict or keyword arguments, but not both')
        ns = {'__annotations__': dict(fields), '__module__': '__main__', '__qualname__': args[0]}
        return _TypedDictMeta.__new__(_TypedDictMeta, args[0], (), ns, total=total)

    def __instancecheck__(cls, obj):
        raise TypeError('TypedDict does not support instance and class checks')

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')


class TypedDict(metaclass=_TypedDictMeta):
    _root = True


class NewType:
    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        self.__module__ = '__main__'

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass an instance of NewType. Perhaps you were looking for: ' +
                        chr(96) + self.__name__ + "Sub = NewType('" + self.__name__ + "Sub', " +
                        self.__name__ + ')' + chr(96))

    def __repr__(self):
        return self.__module__ + '.' + self.__qualname__

    def __call__(self, x):
        return x


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        'You should not call an overloaded function. A series of @overload-decorated functions '
        'outside a stub module should always be followed by an implementation that is not @overload-ed.')


def overload(func):
    return _overload_dummy


def cast(typ, val):
    return val


def final(f):
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    return arg


def assert_type(val, typ):
    return val


def assert_never(arg):
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError('Expected code to be unreachable, but got: ' + value)


def get_origin(tp):
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_GenericAlias, _SpecialGenericAlias)):
        return tp.__origin__
    if _is(tp, Generic):
        return Generic
    return None


def get_args(tp):
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _GenericAlias):
        res = tp.__args__
        if tp._name == 'Callable' and res and not _is(res[0], ...):
            res = (list(res[:-1]), res[-1])
        return res
    return ()


_BUILTIN_NAMES = {'int': int, 'float': float, 'str': str, 'bytes': bytes, 'bool': bool, 'list': list,
                  'dict': dict, 'set': set, 'frozenset': frozenset, 'tuple': tuple, 'object': object,
                  'type': type, 'bytearray': bytearray, 'range': range}


def _tokenize_hint(text):
    # Tokens of a string annotation: ('w', dotted name or number), ('s', string literal),
    # ('p', one of [ ] , ...). The PVM has no eval(); _HintParser covers annotation syntax.
    toks = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == ' ':
            i += 1
        elif ch in '[],':
            toks.append(('p', ch))
            i += 1
        elif text[i:i + 3] == '...':
            toks.append(('p', '...'))
            i += 3
        elif ch == "'" or ch == '"':
            j = text.find(ch, i + 1)
            if j < 0:
                raise SyntaxError('Forward reference must be an expression -- got ' + repr(text))
            toks.append(('s', text[i + 1:j]))
            i = j + 1
        else:
            j = i + 1 if ch == '-' else i
            while j < n and (text[j].isalnum() or text[j] == '_' or text[j] == '.'):
                j += 1
            if j == i or (ch == '-' and j == i + 1):
                raise SyntaxError('Forward reference must be an expression -- got ' + repr(text))
            toks.append(('w', text[i:j]))
            i = j
    return toks


class _HintParser:
    def __init__(self, text, lookup):
        self.text = text
        self.toks = _tokenize_hint(text)
        self.i = 0
        self.lookup = lookup

    def punct(self):
        if self.i < len(self.toks) and self.toks[self.i][0] == 'p':
            return self.toks[self.i][1]
        return None

    def fail(self):
        raise SyntaxError('Forward reference must be an expression -- got ' + repr(self.text))

    def items(self, close):
        out = []
        while self.punct() != close:
            out.append(self.expr())
            if self.punct() == ',':
                self.i += 1
            elif self.punct() != close:
                self.fail()
        self.i += 1
        return out

    def expr(self):
        if self.i >= len(self.toks):
            self.fail()
        kind, val = self.toks[self.i]
        self.i += 1
        if kind == 's':
            value = val
        elif kind == 'p' and val == '...':
            value = ...
        elif kind == 'p' and val == '[':
            value = self.items(']')
        elif kind == 'p':
            self.fail()
        elif val[0].isdigit() or val[0] == '-':
            value = int(val)
        elif val == 'None':
            value = None
        elif val == 'True':
            value = True
        elif val == 'False':
            value = False
        else:
            parts = val.split('.')
            value = self.lookup(parts[0])
            for part in parts[1:]:
                value = getattr(value, part)
        while self.punct() == '[':
            self.i += 1
            args = self.items(']')
            if not args:
                self.fail()
            value = value[args[0] if len(args) == 1 else tuple(args)]
        return value

    def parse(self):
        value = self.expr()
        if self.i != len(self.toks):
            self.fail()
        return value


def _eval_hint(value, globalns, localns):
    if value is None:
        return _NoneType
    if isinstance(value, str):
        value = ForwardRef(value)
    if not isinstance(value, ForwardRef):
        return value

    def lookup(name):
        for ns in (localns, globalns):
            if ns is not None and name in ns:
                return ns[name]
        if name in _BUILTIN_NAMES:
            return _BUILTIN_NAMES[name]
        if name == 'typing':
            return _TYPING_MODULE
        if name in _TYPING_NAMES:
            return _TYPING_NAMES[name]
        raise NameError("name '" + name + "' is not defined")

    return _eval_nested(_eval_hint(_HintParser(value.__forward_arg__, lookup).parse(), globalns, localns),
                        globalns, localns)


def _eval_nested(t, globalns, localns):
    # Dict[str, 'Tree'] holds a ForwardRef: evaluate it too, rebuilding the alias around it.
    t = _type_convert(t)
    if isinstance(t, ForwardRef):
        return _eval_hint(t, globalns, localns)
    if not isinstance(t, _GenericAlias) or t.__origin__ is Literal:
        return t
    if isinstance(t, _AnnotatedAlias):
        return _AnnotatedAlias(_eval_nested(t.__origin__, globalns, localns), t.__metadata__)
    args = tuple([_eval_nested(a, globalns, localns) if isinstance(a, (ForwardRef, _GenericAlias)) else a
                  for a in t.__args__])
    if args == t.__args__:
        return t
    if t.__origin__ is Union:
        return Union[args]
    return _GenericAlias(t.__origin__, args, name=t._name, inst=t._inst)


def _strip_annotations(t):
    if isinstance(t, _AnnotatedAlias):
        return _strip_annotations(t.__origin__)
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get('__annotations__', {})
            for name, value in ann.items():
                hints[name] = _eval_hint(value, globalns, base.__dict__ if localns is None else localns)
    else:
        ann = getattr(obj, '__annotations__', None)
        if ann is None:
            raise TypeError(repr(obj) + ' is not a module, class, method, or function.')
        for name, value in ann.items():
            hints[name] = _eval_hint(value, globalns, localns)
    if include_extras:
        return hints
    return {k: _strip_annotations(t) for k, t in hints.items()}


def _deque():
    import collections
    return collections.deque


def _defaultdict():
    import collections
    return collections.defaultdict


def _ordereddict():
    import collections
    return collections.OrderedDict


def _counter():
    import collections
    return collections.Counter


def _chainmap():
    import collections
    return collections.ChainMap


Text = str
AnyStr = TypeVar('AnyStr', bytes, str)
Hashable = _SpecialGenericAlias(_abc.Hashable, 0, 'Hashable')
Sized = _SpecialGenericAlias(_abc.Sized, 0, 'Sized')
Awaitable = _SpecialGenericAlias(_abc.Awaitable, 1, 'Awaitable')
Coroutine = _SpecialGenericAlias(_abc.Coroutine, 3, 'Coroutine')
AsyncIterable = _SpecialGenericAlias(_abc.AsyncIterable, 1, 'AsyncIterable')
AsyncIterator = _SpecialGenericAlias(_abc.AsyncIterator, 1, 'AsyncIterator')
Iterable = _SpecialGenericAlias(_abc.Iterable, 1, 'Iterable')
Iterator = _SpecialGenericAlias(_abc.Iterator, 1, 'Iterator')
Reversible = _SpecialGenericAlias(_abc.Reversible, 1, 'Reversible')
Container = _SpecialGenericAlias(_abc.Container, 1, 'Container')
Collection = _SpecialGenericAlias(_abc.Collection, 1, 'Collection')
Callable = _SpecialGenericAlias(_abc.Callable, 2, 'Callable')
AbstractSet = _SpecialGenericAlias(_abc.Set, 1, 'AbstractSet')
MutableSet = _SpecialGenericAlias(_abc.MutableSet, 1, 'MutableSet')
Mapping = _SpecialGenericAlias(_abc.Mapping, 2, 'Mapping')
MutableMapping = _SpecialGenericAlias(_abc.MutableMapping, 2, 'MutableMapping')
Sequence = _SpecialGenericAlias(_abc.Sequence, 1, 'Sequence')
MutableSequence = _SpecialGenericAlias(_abc.MutableSequence, 1, 'MutableSequence')
ByteString = _SpecialGenericAlias(_abc.ByteString, 0, 'ByteString')
Tuple = _SpecialGenericAlias(tuple, -1, 'Tuple', inst=False)
List = _SpecialGenericAlias(list, 1, 'List', inst=False)
Deque = _SpecialGenericAlias(None, 1, 'Deque', resolve=_deque)
Set = _SpecialGenericAlias(set, 1, 'Set', inst=False)
FrozenSet = _SpecialGenericAlias(frozenset, 1, 'FrozenSet', inst=False)
MappingView = _SpecialGenericAlias(_abc.MappingView, 1, 'MappingView')
KeysView = _SpecialGenericAlias(_abc.KeysView, 1, 'KeysView')
ItemsView = _SpecialGenericAlias(_abc.ItemsView, 2, 'ItemsView')
ValuesView = _SpecialGenericAlias(_abc.ValuesView, 1, 'ValuesView')
ContextManager = _SpecialGenericAlias(AbstractContextManager, 1, 'ContextManager')
Dict = _SpecialGenericAlias(dict, 2, 'Dict', inst=False)
DefaultDict = _SpecialGenericAlias(None, 2, 'DefaultDict', resolve=_defaultdict)
OrderedDict = _SpecialGenericAlias(None, 2, 'OrderedDict', resolve=_ordereddict)
Counter = _SpecialGenericAlias(None, 1, 'Counter', resolve=_counter)
ChainMap = _SpecialGenericAlias(None, 2, 'ChainMap', resolve=_chainmap)
Generator = _SpecialGenericAlias(_abc.Generator, 3, 'Generator')
Type = _SpecialGenericAlias(type, 1, 'Type')


@runtime_checkable
class SupportsInt(Protocol):
    # Builtin types expose no dunder attributes in the PVM: the ones CPython's check finds.
    _abc_builtins = (int, float, bool)

    def __int__(self): ...


@runtime_checkable
class SupportsFloat(Protocol):
    _abc_builtins = (int, float, bool)

    def __float__(self): ...


@runtime_checkable
class SupportsComplex(Protocol):
    def __complex__(self): ...


@runtime_checkable
class SupportsBytes(Protocol):
    _abc_builtins = (bytes,)

    def __bytes__(self): ...


@runtime_checkable
class SupportsIndex(Protocol):
    _abc_builtins = (int, bool)

    def __index__(self): ...


@runtime_checkable
class SupportsAbs(Protocol):
    _abc_builtins = (int, float, bool)

    def __abs__(self): ...


@runtime_checkable
class SupportsRound(Protocol):
    _abc_builtins = (int, float, bool)

    def __round__(self, ndigits=0): ...


class _TypingNamespace:
    # typing.X inside a string annotation: attribute access on the names below.
    def __getattr__(self, name):
        if name in _TYPING_NAMES:
            return _TYPING_NAMES[name]
        raise AttributeError("module 'typing' has no attribute '" + name + "'")


_TYPING_MODULE = _TypingNamespace()
_TYPING_NAMES = {'Any': Any, 'Optional': Optional, 'Union': Union, 'List': List, 'Dict': Dict, 'Set': Set,
                 'Tuple': Tuple, 'FrozenSet': FrozenSet, 'Callable': Callable, 'Iterable': Iterable,
                 'Iterator': Iterator, 'Sequence': Sequence, 'Mapping': Mapping, 'Type': Type,
                 'ClassVar': ClassVar, 'Final': Final, 'Literal': Literal, 'Annotated': Annotated,
                 'MutableMapping': MutableMapping, 'MutableSequence': MutableSequence,
                 'AbstractSet': AbstractSet, 'MutableSet': MutableSet, 'Collection': Collection,
                 'Container': Container, 'Generator': Generator, 'Hashable': Hashable, 'Sized': Sized,
                 'Deque': Deque, 'DefaultDict': DefaultDict, 'OrderedDict': OrderedDict,
                 'Counter': Counter, 'ChainMap': ChainMap, 'NoReturn': NoReturn, 'Never': Never,
                 'Text': Text, 'AnyStr': AnyStr, 'Required': Required, 'NotRequired': NotRequired}


# PEP 604: \`X | Y\` between typing objects and classes builds a Union (CPython 3.11's __or__/__ror__).
def _union_or(self, right):
    return Union[self, right]


def _union_ror(self, left):
    return Union[left, self]


for _cls in (_GenericAlias, _SpecialGenericAlias, _SpecialForm, TypeVar):
    _cls.__or__ = _union_or
    _cls.__ror__ = _union_ror
del _cls
