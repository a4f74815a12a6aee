WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__annotations__', '__doc__')
WRAPPER_UPDATES = ('__dict__',)

class _Missing:
    __slots__ = ()

# Compared by type: the PVM refuses 'is' when either operand is an int, float, str or bytes.
_initial_missing = _Missing()


def reduce(function, iterable, initial=_initial_missing, /):
    it = iter(iterable)
    if type(initial) is _Missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        # Functions have no __dict__ in the PVM; instances and classes do.
        try:
            target = getattr(wrapper, attr)
            source = getattr(wrapped, attr)
        except AttributeError:
            continue
        target.update(source)
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


class partial:
    __slots__ = ('func', 'args', 'keywords')

    def __new__(cls, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if type(func) is partial:
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self = super().__new__(cls)
        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        name = type(self).__qualname__
        if type(self).__module__ == 'functools':
            name = 'functools.' + name
        return f"{name}({', '.join(parts)})"

    def __get__(self, obj, objtype=None):
        # Like CPython's C partial: not a method descriptor, stays unbound on class access.
        return self


def cmp_to_key(mycmp):
    class K(object):
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


################################################################################
# total_ordering
################################################################################

_NotImplementedType = type(NotImplemented)


def _gt_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return not op_result and self != other


def _le_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return op_result or self == other


def _ge_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return not op_result


def _ge_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return not op_result or self == other


def _lt_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return op_result and self != other


def _gt_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return not op_result


def _lt_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return not op_result and self != other


def _ge_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return op_result or self == other


def _le_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return not op_result


def _le_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return not op_result or self == other


def _gt_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return op_result and self != other


def _lt_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if type(op_result) is _NotImplementedType:
        return op_result
    return not op_result


_convert = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt), ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le), ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt), ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge), ('__lt__', _lt_from_ge)],
}


def total_ordering(cls):
    """Class decorator that fills in missing ordering methods"""
    roots = [op for op in _convert if getattr(cls, op, None) is not getattr(object, op, None)]
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(roots)       # prefer __lt__ to __le__ to __gt__ to __ge__
    for opname, opfunc in _convert[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            setattr(cls, opname, opfunc)
    return cls


################################################################################
# lru_cache and cache
################################################################################

class CacheInfo(tuple):
    """CacheInfo(hits, misses, maxsize, currsize)"""
    __slots__ = ()
    _fields = ('hits', 'misses', 'maxsize', 'currsize')

    def __new__(cls, hits, misses, maxsize, currsize):
        return tuple.__new__(cls, (hits, misses, maxsize, currsize))

    hits = property(lambda self: self[0], doc='Alias for field number 0')
    misses = property(lambda self: self[1], doc='Alias for field number 1')
    maxsize = property(lambda self: self[2], doc='Alias for field number 2')
    currsize = property(lambda self: self[3], doc='Alias for field number 3')

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __repr__(self):
        return (f"CacheInfo(hits={self[0]!r}, misses={self[1]!r}, maxsize={self[2]!r}, "
                f"currsize={self[3]!r})")


_CacheInfo = CacheInfo


def lru_cache(maxsize=128, typed=False):
    """Least-recently-used cache decorator."""
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function, maxsize = maxsize, 128
        wrapper = _lru_cache_wrapper(user_function, maxsize, typed)
        wrapper.cache_parameters = lambda: {'maxsize': maxsize, 'typed': typed}
        return update_wrapper(wrapper, user_function)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        wrapper = _lru_cache_wrapper(user_function, maxsize, typed)
        wrapper.cache_parameters = lambda: {'maxsize': maxsize, 'typed': typed}
        return update_wrapper(wrapper, user_function)

    return decorating_function


def _lru_cache_wrapper(user_function, maxsize, typed):
    if not callable(user_function):
        raise TypeError('the first argument must be callable')
    cache = {}
    hits = 0
    misses = 0

    if maxsize == 0:
        def wrapper(*args, **kwds):
            nonlocal misses
            misses += 1
            return user_function(*args, **kwds)

    elif maxsize is None:
        def wrapper(*args, **kwds):
            nonlocal hits, misses
            # _make_key is native (functools/native.ts), as CPython's C one. Hit and miss paths
            # are separate blocks: a block is charged for all its statements at entry
            # (cips/metering.md), so a hit does not pay for the miss path.
            key = _make_key(args, kwds, typed)
            if key in cache:
                hits += 1
                return cache[key]
            else:
                misses += 1
                result = user_function(*args, **kwds)
                cache[key] = result
                return result

    else:
        def wrapper(*args, **kwds):
            # The dict keeps recency order: a hit moves its key to the end, eviction takes the
            # first key.
            nonlocal hits, misses
            key = _make_key(args, kwds, typed)
            if key in cache:
                result = cache.pop(key)
                cache[key] = result
                hits += 1
                return result
            else:
                misses += 1
                result = user_function(*args, **kwds)
                if key in cache:
                    # A recursive call cached it meanwhile: keep that entry, refresh its recency.
                    cache[key] = cache.pop(key)
                else:
                    if len(cache) >= maxsize:
                        del cache[next(iter(cache))]
                    cache[key] = result
                return result

    def cache_info():
        """Report cache statistics"""
        return CacheInfo(hits, misses, maxsize, len(cache))

    def cache_clear():
        """Clear the cache and cache statistics"""
        nonlocal hits, misses
        cache.clear()
        hits = misses = 0

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    return wrapper


def cache(user_function, /):
    'Simple lightweight unbounded cache.  Sometimes called "memoize".'
    return lru_cache(maxsize=None)(user_function)


################################################################################
# cached_property
################################################################################

class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                "Cannot assign the same cached_property to two different names "
                f"({self.attrname!r} and {name!r})."
            )

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError(
                "Cannot use cached_property instance without calling __set_name__ on it.")
        val = self.func(instance)
        # Stored as an instance attribute, which shadows this non-data descriptor from now on
        # (object.__setattr__: a class's own __setattr__, e.g. a frozen dataclass, is bypassed
        # as CPython's write to __dict__ bypasses it).
        try:
            object.__setattr__(instance, self.attrname, val)
        except AttributeError:
            raise TypeError(
                f"No '__dict__' attribute on {type(instance).__name__!r} "
                f"instance to cache {self.attrname!r} property."
            ) from None
        return val


################################################################################
# singledispatch
################################################################################

def _is_union_type(cls):
    return type(cls).__name__ in ('UnionType', '_UnionGenericAlias') and hasattr(cls, '__args__')


def _is_valid_dispatch_type(cls):
    if isinstance(cls, type):
        return True
    return _is_union_type(cls) and all(isinstance(arg, type) for arg in cls.__args__)


def _find_impl(cls, registry):
    # The first class of the MRO with an implementation wins, object last; an ABC registered
    # in the registry that cls is a virtual subclass of comes before object (the most derived
    # such ABC; two unrelated ones are ambiguous, as in CPython).
    for t in cls.__mro__:
        if t is object:
            break
        if t in registry:
            return registry[t]
    match = None
    for t in registry:
        if t is object or t in cls.__mro__:
            continue
        if issubclass(cls, t):
            if match is None or issubclass(t, match):
                match = t
            elif not issubclass(match, t):
                raise RuntimeError(f"Ambiguous dispatch: {match} or {t}")
    if match is not None:
        return registry[match]
    return registry.get(object)


def singledispatch(func):
    """Single-dispatch generic function decorator."""
    registry = {}
    cache = {}

    def dispatch(cls):
        """generic_func.dispatch(cls) -> <function implementation>"""
        impl = cache.get(cls)
        if impl is None:
            impl = _find_impl(cls, registry)
            cache[cls] = impl
        return impl

    def register(cls, func=None):
        """generic_func.register(cls, func) -> func"""
        if _is_valid_dispatch_type(cls):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError(
                    f"Invalid first argument to \x60register()\x60. "
                    f"{cls!r} is not a class or union type."
                )
            ann = getattr(cls, '__annotations__', {})
            if not ann:
                raise TypeError(
                    f"Invalid first argument to \x60register()\x60: {cls!r}. "
                    f"Use either \x60@register(some_class)\x60 or plain \x60@register\x60 "
                    f"on an annotated function."
                )
            func = cls
            argname, cls = next(iter(ann.items()))
            if isinstance(cls, str):
                raise TypeError(
                    f"Invalid annotation for {argname!r}. {cls!r} is a string: the PVM cannot "
                    f"evaluate string annotations; use \x60@register(some_class)\x60."
                )
            if not _is_valid_dispatch_type(cls):
                if _is_union_type(cls):
                    raise TypeError(
                        f"Invalid annotation for {argname!r}. "
                        f"{cls!r} not all arguments are classes."
                    )
                else:
                    raise TypeError(
                        f"Invalid annotation for {argname!r}. "
                        f"{cls!r} is not a class."
                    )
        if _is_union_type(cls):
            for arg in cls.__args__:
                registry[arg] = func
        else:
            registry[cls] = func
        cache.clear()
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f'{funcname} requires at least 1 positional argument')
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    registry[object] = func
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    wrapper._clear_cache = cache.clear
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    """Single-dispatch generic method descriptor."""

    def __init__(self, func):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(f"{func!r} is not callable or a descriptor")
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        dispatcher = self.dispatcher

        def _method(*args, **kwargs):
            method = dispatcher.dispatch(args[0].__class__)
            get = getattr(type(method), '__get__', None)
            if get is not None:
                return get(method, obj, cls)(*args, **kwargs)
            return method(obj, *args, **kwargs)

        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method.register = self.register
        update_wrapper(_method, self.func)
        return _method

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, '__isabstractmethod__', False)


################################################################################
# partialmethod
################################################################################

class partialmethod:
    """Method descriptor with partial application of the given arguments and keywords."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(f"{func!r} is not callable or a descriptor")
        if isinstance(func, partialmethod):
            self.func = func.func
            self.args = func.args + args
            self.keywords = {**func.keywords, **keywords}
        else:
            self.func = func
            self.args = args
            self.keywords = keywords

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        return f"functools.{type(self).__qualname__}({', '.join(parts)})"

    def __get__(self, obj, cls=None):
        func = self.func
        args = self.args
        keywords = self.keywords
        if obj is None:
            def unbound(cls_or_self, /, *a, **k):
                return func(cls_or_self, *args, *a, **{**keywords, **k})
            return unbound
        return partial(func, obj, *args, **keywords)
