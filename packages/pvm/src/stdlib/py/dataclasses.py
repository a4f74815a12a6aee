
__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY', 'MISSING',
           'fields', 'asdict', 'astuple', 'make_dataclass', 'replace', 'is_dataclass']


# Functions below take parameters named repr/hash (CPython's API); they reach the builtin here.
_repr = repr


class FrozenInstanceError(AttributeError):
    pass


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


def _missing(v):
    # The PVM refuses 'is' on ints and strs, so sentinels are recognised by their type.
    return type(v) is _MISSING_TYPE


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')

_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'
_POST_INIT_NAME = '__post_init__'


class InitVar:
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            type_name = self.type.__name__
        else:
            type_name = repr(self.type)
        return 'dataclasses.InitVar[' + type_name + ']'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr', 'hash', 'init',
                 'compare', 'metadata', 'kw_only', '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field(name=' + repr(self.name) + ',type=' + repr(self.type)
                + ',default=' + repr(self.default) + ',default_factory=' + repr(self.default_factory)
                + ',init=' + repr(self.init) + ',repr=' + repr(self.repr) + ',hash=' + repr(self.hash)
                + ',compare=' + repr(self.compare) + ',metadata=' + repr(self.metadata)
                + ',kw_only=' + repr(self.kw_only) + ',_field_type=' + repr(self._field_type) + ')')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func is not None:
            func(self.default, owner, name)


class _DataclassParams:
    __slots__ = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen')

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams(init=' + repr(self.init) + ',repr=' + repr(self.repr)
                + ',eq=' + repr(self.eq) + ',order=' + repr(self.order)
                + ',unsafe_hash=' + repr(self.unsafe_hash) + ',frozen=' + repr(self.frozen) + ')')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    if not _missing(default) and not _missing(default_factory):
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _fields_in_init_order(fields):
    return (tuple(f for f in fields if f.init and not f.kw_only),
            tuple(f for f in fields if f.init and f.kw_only))


def _tuple_of(obj, fields):
    return tuple(getattr(obj, f.name) for f in fields)


def _is_classvar(a_type):
    if type(a_type) is str:
        return (a_type == 'ClassVar' or a_type.startswith('ClassVar[')
                or a_type == 'typing.ClassVar' or a_type.startswith('typing.ClassVar['))
    # typing.ClassVar and typing.ClassVar[...] carry a marker (see the PVM's typing module).
    if getattr(a_type, '_is_classvar', False):
        return True
    return getattr(getattr(a_type, '__origin__', None), '_is_classvar', False) is True


def _is_initvar(a_type):
    if type(a_type) is str:
        return (a_type == 'InitVar' or a_type.startswith('InitVar[')
                or a_type == 'dataclasses.InitVar' or a_type.startswith('dataclasses.InitVar['))
    return a_type is InitVar or type(a_type) is InitVar


def _is_kw_only(a_type):
    if type(a_type) is str:
        return a_type == 'KW_ONLY' or a_type == 'dataclasses.KW_ONLY'
    return a_type is KW_ONLY


def _get_field(cls, a_name, a_type, default_kw_only):
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    if _is_classvar(a_type):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(a_type):
        f._field_type = _FIELD_INITVAR
    if f._field_type is not _FIELD:
        if not _missing(f.default_factory):
            raise TypeError('field ' + f.name + ' cannot have a default factory')
    if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR:
        if _missing(f.kw_only):
            f.kw_only = default_kw_only
    else:
        if not _missing(f.kw_only):
            raise TypeError('field ' + f.name + ' is a ClassVar but specifies kw_only')
    # CPython tests '__hash__ is None'; the PVM's builtin list/dict/set types keep a __hash__ that
    # raises, so they are named explicitly.
    if f._field_type is _FIELD and (type(f.default).__hash__ is None
                                    or isinstance(f.default, (list, dict, set, bytearray))):
        raise ValueError('mutable default ' + str(type(f.default)) + ' for field '
                         + f.name + ' is not allowed: use default_factory')
    return f


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _set_qualname(cls, fn, name):
    fn.__qualname__ = cls.__qualname__ + '.' + name
    fn.__name__ = name
    return fn


def _list_names(names):
    q = ["'" + n + "'" for n in names]
    if len(q) == 1:
        return q[0]
    if len(q) == 2:
        return q[0] + ' and ' + q[1]
    return ', '.join(q[:-1]) + ', and ' + q[-1]


def _plural(n, word):
    return str(n) + ' ' + word + ('' if n == 1 else 's')


def _make_init(cls, fields, std_fields, kw_only_fields, frozen, has_post_init):
    # Parameters in CPython's order: positional ones (with their defaults), then keyword-only.
    pos = [f for f in std_fields]
    kwo = [f for f in kw_only_fields]
    pos_names = [f.name for f in pos]
    kwo_names = [f.name for f in kwo]
    npos = len(pos)
    first_default = npos
    for i in range(npos):
        f = pos[i]
        if not _missing(f.default) or not _missing(f.default_factory):
            first_default = i
            break
    initvar_names = [f.name for f in fields if f._field_type is _FIELD_INITVAR]
    qual = cls.__qualname__ + '.__init__'
    setter = object.__setattr__ if frozen else setattr
    body_fields = [f for f in fields if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR]

    def __init__(self, *args, **kwargs):
        values = {}
        if len(args) > npos:
            ndef = npos - first_default
            if ndef > 0:
                takes = 'from ' + str(first_default + 1) + ' to ' + str(npos + 1)
            else:
                takes = str(npos + 1)
            given_kw = len([k for k in kwargs if k in kwo_names])
            if given_kw > 0:
                extra = (' positional argument' + ('' if len(args) + 1 == 1 else 's') + ' (and '
                         + _plural(given_kw, 'keyword-only argument') + ') were')
            else:
                extra = ' was' if len(args) + 1 == 1 else ' were'
            raise TypeError(qual + '() takes ' + takes + ' positional argument'
                            + ('' if takes == '1' else 's') + ' but ' + str(len(args) + 1) + extra + ' given')
        for i in range(len(args)):
            values[pos_names[i]] = args[i]
        for k in kwargs:
            if k in pos_names:
                if k in values:
                    raise TypeError(qual + "() got multiple values for argument '" + k + "'")
            elif k not in kwo_names:
                raise TypeError(qual + "() got an unexpected keyword argument '" + k + "'")
            values[k] = kwargs[k]
        missing = [pos_names[i] for i in range(first_default) if pos_names[i] not in values]
        if missing:
            raise TypeError(qual + '() missing ' + _plural(len(missing), 'required positional argument')
                            + ': ' + _list_names(missing))
        kmissing = [f.name for f in kwo
                    if f.name not in values and _missing(f.default) and _missing(f.default_factory)]
        if kmissing:
            raise TypeError(qual + '() missing ' + _plural(len(kmissing), 'required keyword-only argument')
                            + ': ' + _list_names(kmissing))
        for f in body_fields:
            name = f.name
            if f.init:
                if name in values:
                    value = values[name]
                elif not _missing(f.default_factory):
                    value = f.default_factory()
                else:
                    value = f.default
                    if f._field_type is _FIELD_INITVAR:
                        values[name] = value
            elif not _missing(f.default_factory):
                value = f.default_factory()
            else:
                continue
            if f._field_type is _FIELD:
                setter(self, name, value)
        if has_post_init:
            self.__post_init__(*[values[n] for n in initvar_names])

    return _set_qualname(cls, __init__, '__init__')


def _make_repr(cls, fields):
    shown = [f.name for f in fields if f.repr]
    active = []

    def __repr__(self):
        key = id(self)
        if key in active:
            return '...'
        active.append(key)
        try:
            parts = [n + '=' + repr(getattr(self, n)) for n in shown]
        finally:
            active.remove(key)
        return self.__class__.__qualname__ + '(' + ', '.join(parts) + ')'

    return _set_qualname(cls, __repr__, '__repr__')


def _make_eq(cls, fields):
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, fields) == _tuple_of(other, fields)
        return NotImplemented

    return _set_qualname(cls, __eq__, '__eq__')


def _make_order(cls, fields, name):
    def lt(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, fields) < _tuple_of(other, fields)
        return NotImplemented

    def le(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, fields) <= _tuple_of(other, fields)
        return NotImplemented

    def gt(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, fields) > _tuple_of(other, fields)
        return NotImplemented

    def ge(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, fields) >= _tuple_of(other, fields)
        return NotImplemented

    fn = {'__lt__': lt, '__le__': le, '__gt__': gt, '__ge__': ge}[name]
    return _set_qualname(cls, fn, name)


def _make_hash(cls, fields):
    def __hash__(self):
        return hash(_tuple_of(self, fields))

    return _set_qualname(cls, __hash__, '__hash__')


def _make_frozen(cls, fields):
    names = tuple(f.name for f in fields)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError('cannot assign to field ' + repr(name))
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError('cannot delete field ' + repr(name))
        super(cls, self).__delattr__(name)

    return (_set_qualname(cls, __setattr__, '__setattr__'), _set_qualname(cls, __delattr__, '__delattr__'))


def _type_text(t):
    if type(t) is str:
        return t
    if isinstance(t, type):
        if t.__module__ == 'builtins':
            return t.__qualname__
        return t.__module__ + '.' + t.__qualname__
    return repr(t).replace('typing.', '')


def _signature_doc(cls, std_fields, kw_only_fields):
    parts = []

    def param(f):
        s = f.name + ': ' + _type_text(f.type)
        if not _missing(f.default_factory):
            s = s + ' = <factory>'
        elif not _missing(f.default):
            s = s + ' = ' + repr(f.default)
        return s

    for f in std_fields:
        parts.append(param(f))
    if kw_only_fields:
        parts.append('*')
        for f in kw_only_fields:
            parts.append(param(f))
    return cls.__name__ + '(' + ', '.join(parts) + ')'


def _hash_set_none(cls, fields):
    return None


def _hash_add(cls, fields):
    flds = [f for f in fields if (f.compare if f.hash is None else f.hash)]
    return _make_hash(cls, flds)


def _hash_exception(cls, fields):
    raise TypeError('Cannot overwrite attribute __hash__ in class ' + cls.__name__)


def _hash_action(unsafe_hash, eq, frozen, has_explicit_hash):
    if unsafe_hash:
        return _hash_exception if has_explicit_hash else _hash_add
    if eq and not has_explicit_hash:
        return _hash_add if frozen else _hash_set_none
    return None


def _process_class(cls, init, add_repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots):
    fields = {}
    setattr(cls, _PARAMS, _DataclassParams(init, add_repr, eq, order, unsafe_hash, frozen))

    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if getattr(b, _PARAMS).frozen:
                any_frozen_base = True

    cls_annotations = cls.__dict__.get('__annotations__', {})
    cls_fields = []
    kw_only_seen = False
    for name, type_ in cls_annotations.items():
        if _is_kw_only(type_):
            if kw_only_seen:
                raise TypeError(repr(name) + ' is KW_ONLY, but KW_ONLY has already been specified')
            kw_only_seen = True
            kw_only = True
        else:
            cls_fields.append(_get_field(cls, name, type_, kw_only))

    for f in cls_fields:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if _missing(f.default):
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(repr(name) + ' is a field but has no type annotation')

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    setattr(cls, _FIELDS, fields)

    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (_missing(class_hash) or (class_hash is None and '__eq__' in cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    all_init_fields = [f for f in fields.values() if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR]
    std_init_fields, kw_only_init_fields = _fields_in_init_order(all_init_fields)

    if init:
        seen_default = False
        for f in std_init_fields:
            if not (_missing(f.default) and _missing(f.default_factory)):
                seen_default = True
            elif seen_default:
                raise TypeError('non-default argument ' + repr(f.name) + ' follows default argument')
        has_post_init = hasattr(cls, _POST_INIT_NAME)
        _set_new_attribute(cls, '__init__',
                           _make_init(cls, all_init_fields, std_init_fields, kw_only_init_fields,
                                      frozen, has_post_init))

    field_list = [f for f in fields.values() if f._field_type is _FIELD]

    if add_repr:
        _set_new_attribute(cls, '__repr__', _make_repr(cls, field_list))

    cmp_fields = [f for f in field_list if f.compare]
    if eq:
        _set_new_attribute(cls, '__eq__', _make_eq(cls, cmp_fields))

    if order:
        for name in ('__lt__', '__le__', '__gt__', '__ge__'):
            if _set_new_attribute(cls, name, _make_order(cls, cmp_fields, name)):
                raise TypeError('Cannot overwrite attribute ' + name + ' in class ' + cls.__name__
                                + '. Consider using functools.total_ordering')

    if frozen:
        setter, deleter = _make_frozen(cls, field_list)
        if _set_new_attribute(cls, '__setattr__', setter):
            raise TypeError('Cannot overwrite attribute __setattr__ in class ' + cls.__name__)
        if _set_new_attribute(cls, '__delattr__', deleter):
            raise TypeError('Cannot overwrite attribute __delattr__ in class ' + cls.__name__)

    action = _hash_action(bool(unsafe_hash), bool(eq), bool(frozen), has_explicit_hash)
    if action is not None:
        cls.__hash__ = action(cls, field_list)

    if not cls.__dict__.get('__doc__'):
        cls.__doc__ = _signature_doc(cls, std_init_fields, kw_only_init_fields)

    if match_args:
        _set_new_attribute(cls, '__match_args__', tuple(f.name for f in std_init_fields))

    if slots:
        cls = _add_slots(cls, frozen)

    return cls


def _add_slots(cls, is_frozen):
    cls_dict = dict(cls.__dict__)
    field_names = tuple(f.name for f in fields(cls))
    cls_dict['__slots__'] = field_names
    for field_name in field_names:
        cls_dict.pop(field_name, None)
    cls_dict.pop('__dict__', None)
    cls_dict.pop('__weakref__', None)
    qualname = getattr(cls, '__qualname__', None)
    cls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if qualname is not None:
        cls.__qualname__ = qualname
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash,
                              frozen, match_args, kw_only, slots)

    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    try:
        fields = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in fields.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def _is_namedtuple(obj):
    return isinstance(obj, tuple) and hasattr(obj, '_fields')


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        result = []
        for f in fields(obj):
            value = _asdict_inner(getattr(obj, f.name), dict_factory)
            result.append((f.name, value))
        return dict_factory(result)
    elif _is_namedtuple(obj):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    elif isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    elif isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory))
                         for k, v in obj.items())
    else:
        return _copy_leaf(obj)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        result = []
        for f in fields(obj):
            value = _astuple_inner(getattr(obj, f.name), tuple_factory)
            result.append(value)
        return tuple_factory(result)
    elif _is_namedtuple(obj):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    elif isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    elif isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    else:
        return _copy_leaf(obj)


def _copy_leaf(obj):
    # CPython deep-copies leaves; the PVM has no copy module, so sets and bytearrays are copied
    # here and other objects are shared (cips/pvm-stdlib-classes.md).
    if isinstance(obj, (set, frozenset, bytearray)):
        return type(obj)(obj)
    return obj


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError('field ' + f.name + ' is declared with init=False, it cannot be specified with replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and _missing(f.default):
                raise ValueError('InitVar ' + repr(f.name) + ' must be specified with replace()')
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True,
                   repr=True, eq=True, order=False, unsafe_hash=False,
                   frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False, module=None):
    if namespace is None:
        namespace = {}
    seen = []
    annotations = {}
    defaults = {}
    for item in fields:
        if type(item) is str:
            name = item
            tp = 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            defaults[name] = spec
        else:
            raise TypeError('Invalid field: ' + _repr(item))
        if type(name) is not str or not name.isidentifier():
            raise TypeError('Field names must be valid identifiers: ' + _repr(name))
        if name in seen:
            raise TypeError('Field name duplicated: ' + _repr(name))
        seen.append(name)
        annotations[name] = tp
    ns = dict(namespace)
    ns.update(defaults)
    ns['__annotations__'] = annotations
    cls = type(cls_name, tuple(bases), ns)
    if module is not None:
        cls.__module__ = module
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                     frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots)
