
__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag', 'ReprEnum',
           'auto', 'unique', 'member', 'nonmember', 'FlagBoundary', 'STRICT', 'CONFORM',
           'EJECT', 'KEEP']

_repr = repr


def _plain_function():
    pass


_FUNCTION = type(_plain_function)


def _is_descriptor(obj):
    if isinstance(obj, (_FUNCTION, property, classmethod, staticmethod)):
        return True
    return hasattr(obj, '__get__') or hasattr(obj, '__set__') or hasattr(obj, '__delete__')


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_' and name[-3] != '_'


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == '_' and name[1:2] != '_' and name[-2:-1] != '_'


def _is_single_bit(num):
    if num == 0:
        return False
    num &= num - 1
    return num == 0


def _bit_count(num):
    return bin(num).count('1')


def _bin(num, max_bits=None):
    ceiling = 2 ** num.bit_length()
    if num >= 0:
        s = bin(num + ceiling).replace('1', '0', 1)
    else:
        s = bin(~num ^ (ceiling - 1) + ceiling)
    sign = s[:3]
    digits = s[3:]
    if max_bits is not None:
        if len(digits) < max_bits:
            digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return sign + ' ' + digits


class _AutoPending:
    def __repr__(self):
        return '_auto_null'


class auto:
    def __init__(self):
        self.value = _AutoPending()

    def __repr__(self):
        return 'auto(' + _repr(self.value) + ')'


class member:
    def __init__(self, value):
        self.value = value


class nonmember:
    def __init__(self, value):
        self.value = value


class _MappingProxy:
    # CPython exposes __members__ as a read-only mappingproxy; this is the same view.
    __slots__ = ('_map',)

    def __init__(self, mapping):
        self._map = mapping

    def __getitem__(self, key):
        return self._map[key]

    def __iter__(self):
        return iter(self._map)

    def __len__(self):
        return len(self._map)

    def __contains__(self, key):
        return key in self._map

    def keys(self):
        return self._map.keys()

    def values(self):
        return self._map.values()

    def items(self):
        return self._map.items()

    def get(self, key, default=None):
        return self._map.get(key, default)

    def copy(self):
        return dict(self._map)

    def __eq__(self, other):
        if isinstance(other, _MappingProxy):
            other = other._map
        return self._map == other

    def __repr__(self):
        return 'mappingproxy(' + _repr(self._map) + ')'

    def __str__(self):
        return str(self._map)


_ALLOWED_SUNDERS = ('_order_', '_new_member_', '_generate_next_value_', '_missing_', '_ignore_', '_numeric_repr_',
                    '_iter_member_', '_iter_member_by_value_', '_iter_member_by_def_')


class _EnumDict(dict):
    def __init__(self):
        super().__init__()
        self._member_names = {}
        self._last_values = []
        self._ignore = []
        self._auto_called = False
        self._generate_next_value = None
        self._cls_name = None

    def __setitem__(self, key, value):
        if _is_sunder(key):
            if key not in _ALLOWED_SUNDERS:
                raise ValueError('_sunder_ names, such as ' + _repr(key)
                                 + ', are reserved for future Enum use')
            if key == '_generate_next_value_':
                if self._auto_called:
                    raise TypeError('_generate_next_value_ must be defined before members')
                self._generate_next_value = value.__func__ if isinstance(value, staticmethod) else value
            elif key == '_ignore_':
                if type(value) is str:
                    value = value.replace(',', ' ').split()
                else:
                    value = list(value)
                self._ignore = value
                already = [k for k in value if k in self._member_names]
                if already:
                    raise ValueError('_ignore_ cannot specify already set names: ' + _repr(already))
        elif _is_dunder(key):
            if key == '__order__':
                key = '_order_'
        elif key in self._member_names:
            raise TypeError(_repr(key) + ' already defined as ' + _repr(self[key]))
        elif key in self._ignore:
            pass
        elif isinstance(value, nonmember):
            value = value.value
        elif _is_descriptor(value) and not isinstance(value, member):
            if key in self:
                raise TypeError(_repr(key) + ' already defined as ' + _repr(self[key]))
        else:
            if key in self:
                raise TypeError(_repr(key) + ' already defined as ' + _repr(self[key]))
            if isinstance(value, member):
                value = value.value
            if isinstance(value, auto):
                if type(value.value) is _AutoPending:
                    value.value = self._generate_next_value(key, 1, len(self._member_names),
                                                            self._last_values[:])
                    self._auto_called = True
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                parts = []
                for v in value:
                    if isinstance(v, auto):
                        if type(v.value) is _AutoPending:
                            v.value = self._generate_next_value(key, 1, len(self._member_names),
                                                                self._last_values[:])
                            self._auto_called = True
                        v = v.value
                    parts.append(v)
                value = tuple(parts)
            self._member_names[key] = None
            self._last_values.append(value)
        super().__setitem__(key, value)

    def update(self, members=(), **more):
        if hasattr(members, 'keys'):
            for name in members.keys():
                self[name] = members[name]
        else:
            for name, value in members:
                self[name] = value
        for name, value in more.items():
            self[name] = value


_BUILTIN_DATA_TYPES = (int, str, float, bytes, bytearray, tuple, list, dict, set, frozenset)


def _find_data_type(bases):
    # CPython's EnumType._find_data_type_: the first non-enum base that defines construction
    # (a builtin type or a class with __new__/__init__), or an enum base's own member type.
    for chain in bases:
        candidate = None
        for base in chain.__mro__:
            if base is object:
                continue
            if isinstance(base, EnumType):
                if base._member_type_ is not object:
                    return base._member_type_
                continue
            if base in _BUILTIN_DATA_TYPES or '__new__' in base.__dict__ or '__init__' in base.__dict__:
                return candidate or base
            candidate = candidate or base
    return object


class EnumType(type):
    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        metacls._check_for_existing_members_(cls, bases)
        enum_dict = _EnumDict()
        enum_dict._cls_name = cls
        first_enum = bases[-1] if bases else None
        if first_enum is not None:
            enum_dict._generate_next_value = getattr(first_enum, '_generate_next_value_', None)
        return enum_dict

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        if not isinstance(classdict, _EnumDict):
            converted = _EnumDict()
            for k, v in classdict.items():
                converted[k] = v
            classdict = converted
        ignore = classdict._ignore
        member_names = list(classdict._member_names)
        members = []
        body = {}
        for key in classdict:
            if key in member_names or key == '_ignore_' or key in ignore:
                continue
            body[key] = classdict[key]
        for key in member_names:
            members.append((key, classdict[key]))
        invalid = [n for n in member_names if n in ('mro', '')]
        if invalid:
            raise ValueError('invalid enum member name(s) ' + ','.join(_repr(n) for n in invalid))
        body.pop('_order_', None)
        custom_new = body.pop('__new__', None)
        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        member_type = _find_data_type(bases)
        if custom_new is not None:
            new_member = custom_new.__func__ if isinstance(custom_new, staticmethod) else custom_new
            use_args = True
        elif '_new_member_' in body:
            new_member = body['_new_member_']
            use_args = True
        else:
            new_member = None
            for base in enum_class.__mro__[1:]:
                candidate = base.__dict__.get('_new_member_')
                if candidate is not None:
                    new_member = candidate
                    break
            use_args = new_member is not None
            if new_member is None and member_type is not object:
                # Members of a data-type enum are instances of that type (int.__new__(Color, 1)).
                new_member = member_type.__new__
                use_args = True
        type.__setattr__(enum_class, '_new_member_', new_member)
        type.__setattr__(enum_class, '_use_args_', use_args)
        type.__setattr__(enum_class, '_member_names_', [])
        type.__setattr__(enum_class, '_member_map_', {})
        type.__setattr__(enum_class, '_value2member_map_', {})
        type.__setattr__(enum_class, '_unhashable_values_', [])
        type.__setattr__(enum_class, '_member_type_', member_type)
        # Flag itself is being created while the global is still None; it passes a boundary.
        is_flag = issubclass(enum_class, Flag) if Flag is not None else boundary is not None
        if is_flag:
            if boundary is None:
                boundary = getattr(enum_class, '_boundary_', None)
            type.__setattr__(enum_class, '_boundary_', boundary)
        if member_type is not object:
            metacls._fix_dunders_(enum_class, bases, body, member_type, is_flag)
        elif ReprEnum is not None and ReprEnum in bases:
            raise TypeError('ReprEnum subclasses must be mixed with a data type (i.e. int, str, float, etc.)')
        for name, value in members:
            metacls._add_member_(enum_class, name, value, is_flag)
        if is_flag:
            single_bits = 0
            multi_bits = 0
            for m in enum_class._member_map_.values():
                v = m._value_
                if _is_single_bit(v):
                    single_bits |= v
                else:
                    multi_bits |= v
            flag_mask = single_bits | multi_bits
            type.__setattr__(enum_class, '_singles_mask_', single_bits)
            type.__setattr__(enum_class, '_flag_mask_', flag_mask)
            type.__setattr__(enum_class, '_all_bits_', 2 ** flag_mask.bit_length() - 1)
        return enum_class

    def _fix_dunders_(enum_class, bases, body, member_type, is_flag):
        # The data type comes before Enum in the MRO, so its __repr__/__str__/__format__ would win:
        # put the enum's own back, as CPython's EnumType.__new__ does. ReprEnum keeps the data
        # type's str() and format() (IntEnum: str(Color.RED) == '1').
        if ReprEnum is not None and ReprEnum in bases:
            if '__format__' not in body:
                type.__setattr__(enum_class, '__format__', member_type.__format__)
                body['__format__'] = member_type.__format__
            if '__str__' not in body:
                method = member_type.__str__
                if method is object.__str__:
                    method = member_type.__repr__
                type.__setattr__(enum_class, '__str__', method)
                body['__str__'] = method
        first_enum = None
        for b in bases:
            if isinstance(b, EnumType):
                first_enum = b
        if first_enum is None:
            return
        for name in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
            if name in body:
                continue
            enum_method = getattr(first_enum, name, None)
            found_method = getattr(enum_class, name, None)
            object_method = getattr(object, name, None)
            data_type_method = getattr(member_type, name, None)
            if found_method is data_type_method or found_method is object_method:
                type.__setattr__(enum_class, name, enum_method)

    def _add_member_(enum_class, name, value, is_flag):
        args = value if isinstance(value, tuple) else (value,)
        member_type = enum_class._member_type_
        if member_type is tuple:
            args = (args,)
        new_member = enum_class._new_member_
        if new_member is None:
            enum_member = object.__new__(enum_class)
        else:
            enum_member = new_member(enum_class, *args)
        if not hasattr(enum_member, '_value_'):
            if member_type is object:
                enum_member._value_ = value
            else:
                enum_member._value_ = member_type(*args)
        value = enum_member._value_
        enum_member._name_ = name
        enum_member.__objclass__ = enum_class
        enum_member.__init__(*args)
        enum_member._sort_order_ = len(enum_class._member_names_)
        canonical = None
        for other in enum_class._member_map_.values():
            if other._value_ == value:
                canonical = other
                break
        if canonical is not None:
            enum_member = canonical
        elif not is_flag or _is_single_bit(value):
            enum_class._member_names_.append(name)
        type.__setattr__(enum_class, name, enum_member)
        enum_class._member_map_[name] = enum_member
        try:
            enum_class._value2member_map_.setdefault(value, enum_member)
        except TypeError:
            enum_class._unhashable_values_.append(enum_member)

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        if names is None:
            return cls._lookup_(value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type,
                            start=start, boundary=boundary)

    def _lookup_(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    return m
        exc = None
        try:
            result = cls._missing_(value)
        except Exception as e:
            exc = e
            result = None
        if isinstance(result, cls):
            return result
        ve_exc = ValueError(_repr(value) + ' is not a valid ' + cls.__qualname__)
        if result is None and exc is None:
            raise ve_exc
        if exc is None:
            exc = TypeError('error in ' + cls.__name__ + '._missing_: returned ' + _repr(result)
                            + ' instead of None or a valid member')
        raise exc

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        classdict = metacls.__prepare__(class_name, bases)
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original_names, names = names, []
            last_values = []
            for count, name in enumerate(original_names):
                value = cls._generate_next_value_(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        if hasattr(names, 'keys'):
            names = [(k, names[k]) for k in names.keys()]
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        classdict['__module__'] = '__main__' if module is None else module
        if qualname is not None:
            classdict['__qualname__'] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    @classmethod
    def _check_for_existing_members_(mcls, class_name, bases):
        for chain in bases:
            for base in chain.__mro__:
                if isinstance(base, EnumType) and base._member_names_:
                    raise TypeError("<enum " + _repr(class_name) + "> cannot extend " + _repr(base))

    def __bool__(cls):
        return True

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '" + type(member).__qualname__
                            + "' and '" + cls.__class__.__qualname__ + "'")
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError(cls.__name__ + ' cannot delete member ' + _repr(attr) + '.')
        super().__delattr__(attr)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return iter([cls._member_map_[name] for name in cls._member_names_])

    def __reversed__(cls):
        return iter([cls._member_map_[name] for name in reversed(cls._member_names_)])

    def __len__(cls):
        return len(cls._member_names_)

    @property
    def __members__(cls):
        return _MappingProxy(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return '<flag ' + _repr(cls.__name__) + '>'
        return '<enum ' + _repr(cls.__name__) + '>'

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {})
        if name in member_map:
            raise AttributeError('cannot reassign member ' + _repr(name))
        super().__setattr__(name, value)


EnumMeta = EnumType
Flag = None
ReprEnum = None


def _value_setter_error(name):
    raise AttributeError("<enum 'Enum'> cannot set attribute " + _repr(name))


class Enum(metaclass=EnumType):
    def __init__(self, *args, **kwds):
        pass

    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        last = last_values[-1]
        try:
            ordered = sorted(last_values)
            if last == ordered[-1]:
                return last + 1
        except TypeError:
            pass
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        return '<' + self.__class__.__name__ + '.' + self._name_ + ': ' + _repr(self._value_) + '>'

    def __str__(self):
        return self.__class__.__name__ + '.' + self._name_

    def __format__(self, format_spec):
        # 3.11: format() agrees with str(); ReprEnum overrides both to show the value.
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def _get_name(self):
        return self._name_

    def _set_name(self, value):
        _value_setter_error('name')

    def _get_value(self):
        return self._value_

    def _set_value(self, value):
        _value_setter_error('value')

    name = property(_get_name, _set_name)
    value = property(_get_value, _set_value)


class ReprEnum(Enum):
    # Only changes the repr(): str() and format() stay the mixed-in data type's (see _fix_dunders_).
    pass


def _iv(x):
    return x._value_ if isinstance(x, Enum) else x


class IntEnum(int, ReprEnum):
    pass


class StrEnum(str, ReprEnum):
    def _new_member_(cls, *values):
        if len(values) > 3:
            raise TypeError('too many arguments for str(): ' + _repr(values))
        if len(values) == 1:
            if not isinstance(values[0], str):
                raise TypeError(_repr(values[0]) + ' is not a string')
        if len(values) >= 2:
            if type(values[1]) is not str:
                raise TypeError('encoding must be a string, not ' + _repr(values[1]))
        if len(values) == 3:
            if type(values[2]) is not str:
                raise TypeError('errors must be a string, not ' + _repr(values[2]))
        value = str(values[0]) if len(values) == 1 else str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


class FlagBoundary(StrEnum):
    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT = FlagBoundary.STRICT
CONFORM = FlagBoundary.CONFORM
EJECT = FlagBoundary.EJECT
KEEP = FlagBoundary.KEEP


def _flag_operand(self, other):
    if isinstance(other, self.__class__):
        return other._value_
    if self._member_type_ is not object and isinstance(other, int):
        return _iv(other)
    return None


class Flag(Enum, boundary=STRICT):
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        try:
            high_bit = last_value.bit_length() - 1
        except Exception:
            raise TypeError('invalid flag value ' + _repr(last_value)) from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _iter_member_(cls, value):
        # Canonical members whose bit is set, in definition order.
        for name in cls._member_names_:
            m = cls._member_map_[name]
            if m._value_ & value == m._value_ and m._value_:
                yield m

    @classmethod
    def _numeric_repr_(cls, value):
        return repr(value)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError(_repr(value) + ' is not a valid ' + cls.__qualname__)
        value = _iv(value)
        flag_mask = cls._flag_mask_
        singles_mask = cls._singles_mask_
        all_bits = cls._all_bits_
        neg_value = None
        if not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask):
            if cls._boundary_ is STRICT:
                max_bits = max(value.bit_length(), flag_mask.bit_length())
                raise ValueError(_repr(cls) + ' invalid value ' + _repr(value) + '\n    given '
                                 + _bin(value, max_bits) + '\n  allowed ' + _bin(flag_mask, max_bits))
            elif cls._boundary_ is CONFORM:
                value = value & flag_mask
            elif cls._boundary_ is EJECT or cls._boundary_ is KEEP:
                if value < 0:
                    value = max(all_bits + 1, 2 ** value.bit_length()) + value
            else:
                raise ValueError('unknown flag boundary: ' + _repr(cls._boundary_))
        if value < 0:
            neg_value = value
            value = all_bits + 1 + value
        unknown = value & ~flag_mask
        aliases = value & ~singles_mask
        member_value = value & singles_mask
        if unknown and cls._boundary_ is not KEEP:
            raise ValueError(cls.__name__ + '(' + _repr(value) + ') -->  unknown values '
                             + _repr(unknown) + ' [' + bin(unknown) + ']')
        if cls._member_type_ is object:
            pseudo_member = object.__new__(cls)
        else:
            pseudo_member = cls._member_type_.__new__(cls, value)
        pseudo_member._value_ = value
        if member_value or aliases:
            members = []
            combined_value = 0
            for m in cls._iter_member_(member_value):
                members.append(m)
                combined_value |= m._value_
            if aliases:
                value = member_value | aliases
                for pv in cls._member_map_.values():
                    if pv not in members and pv._value_ and pv._value_ & value == pv._value_:
                        members.append(pv)
                        combined_value |= pv._value_
            unknown = value ^ combined_value
            pseudo_member._name_ = '|'.join([m._name_ for m in members])
            if not combined_value:
                pseudo_member._name_ = None
            elif unknown and cls._boundary_ is STRICT:
                raise ValueError(cls.__name__ + '(' + _repr(value) + ') -->  unknown values '
                                 + _repr(unknown) + ' [' + bin(unknown) + ']')
            elif unknown:
                pseudo_member._name_ += '|' + cls._numeric_repr_(unknown)
        else:
            pseudo_member._name_ = None
        if not unknown:
            pseudo_member = cls._value2member_map_.setdefault(value, pseudo_member)
            if neg_value is not None:
                cls._value2member_map_[neg_value] = pseudo_member
        return pseudo_member

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': '" + type(other).__qualname__
                            + "' and '" + self.__class__.__qualname__ + "'")
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return iter(list(self._iter_member_(self._value_)))

    def __len__(self):
        return _bit_count(self._value_)

    def __repr__(self):
        cls_name = self.__class__.__name__
        v_repr = self.__class__._numeric_repr_ if self._member_type_ is not object else repr
        if self._name_ is None:
            return '<' + cls_name + ': ' + v_repr(self._value_) + '>'
        return '<' + cls_name + '.' + self._name_ + ': ' + v_repr(self._value_) + '>'

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return cls_name + '(' + _repr(self._value_) + ')'
        return cls_name + '.' + self._name_

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        other = _flag_operand(self, other)
        if other is None:
            return NotImplemented
        return self.__class__(self._value_ | other)

    def __and__(self, other):
        other = _flag_operand(self, other)
        if other is None:
            return NotImplemented
        return self.__class__(self._value_ & other)

    def __xor__(self, other):
        other = _flag_operand(self, other)
        if other is None:
            return NotImplemented
        return self.__class__(self._value_ ^ other)

    def __invert__(self):
        if self._boundary_ is EJECT or self._boundary_ is KEEP:
            return self.__class__(~self._value_)
        return self.__class__(self._singles_mask_ & ~self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    __or__ = Flag.__or__
    __and__ = Flag.__and__
    __xor__ = Flag.__xor__
    __ror__ = Flag.__ror__
    __rand__ = Flag.__rand__
    __rxor__ = Flag.__rxor__
    __invert__ = Flag.__invert__
    __repr__ = Flag.__repr__
    __contains__ = Flag.__contains__
    __iter__ = Flag.__iter__
    __len__ = Flag.__len__
    __bool__ = Flag.__bool__


def unique(enumeration):
    duplicates = []
    for name, m in enumeration.__members__.items():
        if name != m.name:
            duplicates.append((name, m.name))
    if duplicates:
        alias_details = ', '.join([alias + ' -> ' + name for (alias, name) in duplicates])
        raise ValueError('duplicate values found in ' + _repr(enumeration) + ': ' + alias_details)
    return enumeration
