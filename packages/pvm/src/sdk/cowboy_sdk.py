"""cowboy_sdk: the actor developer kit (cips/sdk.md). Written over the low-level `pvm_host`."""
import pvm_host as _h

__version__ = "1.0.0"


class ActorCallError(Exception):
    """A synchronous call into another actor failed; the message is the callee's exception line."""


class ReentrancyError(Exception):
    """A @nonreentrant handler was entered while this actor already had a live frame."""


def encode(value):
    """Canonical CBOR bytes of `value` (cips/canonical-encoding.md)."""
    return _h.encode(value)


def decode(data):
    return _h.decode(data)


_MISSING = object()
_STORAGE_PREFIX = b"\x01"


class Storage:
    """This actor's persistent key-value store. Keys are str, bytes, int or tuples of them;
    values are anything canonically encodable (None, bool, int, float, str, bytes, list, tuple,
    dict, set). Every write costs Cells per byte; reads are charged on access."""

    __slots__ = ()

    def _slot(self, key):
        if not isinstance(key, (str, bytes, int, tuple)) or isinstance(key, bool):
            raise TypeError("storage keys must be str, bytes, int or tuple, not " + type(key).__name__)
        return _STORAGE_PREFIX + _h.encode(key)

    def __getitem__(self, key):
        raw = _h.storage_get(self._slot(key))
        if raw is None:
            raise KeyError(key)
        return _h.decode(raw)

    def __setitem__(self, key, value):
        _h.storage_set(self._slot(key), _h.encode(value))

    def __delitem__(self, key):
        slot = self._slot(key)
        if _h.storage_get(slot) is None:
            raise KeyError(key)
        _h.storage_delete(slot)

    def __contains__(self, key):
        return _h.storage_get(self._slot(key)) is not None

    def get(self, key, default=None):
        raw = _h.storage_get(self._slot(key))
        return default if raw is None else _h.decode(raw)

    def set(self, key, value):
        self[key] = value

    def delete(self, key):
        """Remove `key`; returns whether it was present."""
        slot = self._slot(key)
        present = _h.storage_get(slot) is not None
        if present:
            _h.storage_delete(slot)
        return present

    def setdefault(self, key, default=None):
        raw = _h.storage_get(self._slot(key))
        if raw is not None:
            return _h.decode(raw)
        self[key] = default
        return default

    def pop(self, key, default=_MISSING):
        slot = self._slot(key)
        raw = _h.storage_get(slot)
        if raw is None:
            # `is` on a number or string is refused in the PVM: only an object() can be the marker.
            if type(default) is object and default is _MISSING:
                raise KeyError(key)
            return default
        _h.storage_delete(slot)
        return _h.decode(raw)

    def __repr__(self):
        return "<Storage of 0x" + _h.address().hex() + ">"


storage = Storage()


def actor(cls):
    """Marks the module's actor class and gives it `self.storage`."""
    if not isinstance(cls, type):
        raise TypeError("@actor decorates a class, not " + type(cls).__name__)
    cls.__cowboy_actor__ = True
    cls.storage = storage
    return cls


class _Message:
    __slots__ = ()

    @property
    def sender(self):
        return _h.sender()

    @property
    def value(self):
        return _h.value()

    @property
    def origin(self):
        return _h.origin()

    @property
    def depth(self):
        return _h.depth()

    def __repr__(self):
        return "<msg sender=0x" + _h.sender().hex() + " value=" + str(_h.value()) + ">"


class _Block:
    __slots__ = ()

    @property
    def height(self):
        return _h.block_info()["height"]

    @property
    def timestamp(self):
        return _h.block_info()["timestamp"]

    @property
    def chain_id(self):
        return _h.block_info()["chain_id"]

    @property
    def cycle_basefee(self):
        return _h.block_info()["cycle_basefee"]

    @property
    def cell_basefee(self):
        return _h.block_info()["cell_basefee"]

    def info(self):
        return _h.block_info()


class _This:
    __slots__ = ()

    @property
    def address(self):
        return _h.address()

    @property
    def balance(self):
        return _h.balance()


msg = _Message()
block = _Block()
this = _This()


def _address(a):
    if isinstance(a, str):
        s = a[2:] if a.startswith("0x") else a
        a = bytes.fromhex(s)
    if not isinstance(a, bytes) or len(a) != 20:
        raise ValueError("an address is 20 bytes or a 0x-prefixed hex string of 40 digits")
    return a


def _payload(args, kwargs):
    if not kwargs:
        return _h.encode(list(args))
    if not args:
        return _h.encode(dict(kwargs))
    return _h.encode((list(args), dict(kwargs)))


def balance_of(address):
    return _h.balance(_address(address))


def transfer(to, amount):
    """Move `amount` base units from this actor to `to` now."""
    _h.transfer(_address(to), amount)


def send(to, method, *args, value=0, **kwargs):
    """Enqueue `to.method(*args, **kwargs)`, delivered after this handler; returns the message id."""
    return _h.send_message(_address(to), method, _payload(args, kwargs), value)


def call(to, method, *args, value=0, **kwargs):
    """Call `to.method(*args, **kwargs)` now and return its result (ActorCallError if it fails)."""
    ok, out = _h.call_actor(_address(to), method, _payload(args, kwargs), value)
    if not ok:
        raise ActorCallError(out)
    return _h.decode(out)


def deploy(code, salt, *args, **kwargs):
    """Deploy a child actor now: `code` its Python source (str or UTF-8 bytes), `salt` 32 bytes (or their 0x hex),
    the constructor's arguments as for call(). Returns the child's 20-byte address, keccak256(this actor's address ||
    salt || keccak256(code))[12:]; the child inherits this actor's inheritable requires. ActorCallError if it cannot
    be deployed or its constructor fails (nothing of it stays); reverted with this call if this call fails."""
    if isinstance(code, str):
        code = code.encode()
    if isinstance(salt, str):
        salt = bytes.fromhex(salt[2:] if salt.startswith("0x") else salt)
    if not isinstance(salt, bytes) or len(salt) != 32:
        raise ValueError("salt must be 32 bytes or a 0x-prefixed hex string of 64 digits")
    ok, out = _h.deploy_actor(code, salt, _payload(args, kwargs))
    if not ok:
        raise ActorCallError(out)
    return out


def _handler_name(handler):
    name = handler if isinstance(handler, str) else getattr(handler, "__name__", None)
    if not isinstance(name, str):
        raise TypeError("a timer handler is a method or its name")
    return name


_TIERS = {"economy": 0, "standard": 1, "fast": 2, "urgent": 3}

# Per-fire defaults: enough for a handler that reads and writes a few storage slots.
DEFAULT_TIMER_CYCLES = 100_000
DEFAULT_TIMER_CELLS = 10_000


def _timer_options(cycles, cells, expires_at, priority, max_fee_per_cycle, max_priority_fee_per_cycle, bidding_agent):
    if priority not in _TIERS:
        raise ValueError("priority must be one of 'economy', 'standard', 'fast', 'urgent'")
    agent = None if bidding_agent is None else _address(bidding_agent)
    return (cycles, cells, expires_at, _TIERS[priority], max_fee_per_cycle, max_priority_fee_per_cycle, agent)


def _timer_data(data):
    # Empty bytes mean "call the handler without an argument" (the chain's fire rule).
    return b"" if data is None else _h.encode(data)


def set_timer(height, handler, data=None, *, cycles=DEFAULT_TIMER_CYCLES, cells=DEFAULT_TIMER_CELLS,
              expires_at=None, priority="standard", max_fee_per_cycle=0, max_priority_fee_per_cycle=0,
              bidding_agent=None):
    """Call `handler(data)` on this actor at block `height`; returns the timer id (32 bytes).

    With `data` None the handler is called without an argument: `handler()`. Each fire is pre-charged `cycles` and `cells` at the block's basefees from this actor's
    balance, and the unused part refunded. A timer not fired by `expires_at` is dropped.

    Per-fire cost: cycles x the timer lane's Cycle basefee + cells x its Cell basefee; with the defaults
    at the minimum basefee (10,000 base units each) that is 1.1 CBY per fire. Arming raises ValueError
    unless this actor holds at least one fire's pre-charge now; a timer whose balance cannot cover a
    later fire is destroyed unfired (reason insufficient_funds in the node's timer history).
    """
    opts = _timer_options(cycles, cells, expires_at, priority, max_fee_per_cycle, max_priority_fee_per_cycle, bidding_agent)
    return _h.set_timer(height, _handler_name(handler), _timer_data(data), *opts)


def set_interval(every_n_blocks, handler, data=None, *, cycles=DEFAULT_TIMER_CYCLES, cells=DEFAULT_TIMER_CELLS,
                 expires_at=None, priority="standard", max_fee_per_cycle=0, max_priority_fee_per_cycle=0,
                 bidding_agent=None):
    """Call `handler(data)` every `every_n_blocks` blocks, from the block that many ahead; returns the timer id."""
    opts = _timer_options(cycles, cells, expires_at, priority, max_fee_per_cycle, max_priority_fee_per_cycle, bidding_agent)
    return _h.set_interval(every_n_blocks, _handler_name(handler), _timer_data(data), *opts)


def cancel_timer(timer_id):
    """Cancel one of this actor's pending timers; False when it already fired or never existed."""
    return _h.cancel_timer(timer_id)


class _Vrf:
    __slots__ = ()

    def random(self, label):
        """32 bytes: HKDF of the block's parent beacon with `label` (str or bytes)."""
        if isinstance(label, str):
            label = label.encode()
        return _h.randomness(label)

    def randint(self, label, a, b):
        """An int in [a, b] from random(label) (bias below 2**-200 for ranges under 2**56)."""
        if a > b:
            raise ValueError("empty range for randint(" + str(a) + ", " + str(b) + ")")
        return a + int.from_bytes(self.random(label), "big") % (b - a + 1)


vrf = _Vrf()


def emit(topic, data=b""):
    """Emit an event: bytes as they are, anything else canonically encoded."""
    _h.emit_event(topic, data if isinstance(data, bytes) else _h.encode(data))


def payable(fn):
    """Mark a public method as accepting value: a call or message that sends value to a method
    without @payable is refused (ValueError) and the value stays with the sender."""
    fn.__cowboy_payable__ = True
    return fn


def nonreentrant(fn):
    """Refuse to run `fn` while this actor already has a live frame on the call stack."""

    def guarded(*args, **kwargs):
        if _h.active_frames() > 1:
            raise ReentrancyError(fn.__name__ + " is not re-entrant")
        return fn(*args, **kwargs)

    guarded.__name__ = fn.__name__
    guarded.__qualname__ = fn.__qualname__
    guarded.__doc__ = fn.__doc__
    return guarded


class _Runner:
    """Off-chain jobs (cips/runner-market.md): submit and @continuation, from cowboy_sdk.runner."""

    __slots__ = ()

    def submit(self, *args, **kwargs):
        from cowboy_sdk.runner import submit
        return submit(*args, **kwargs)

    def continuation(self, fn):
        from cowboy_sdk.runner import continuation
        return continuation(fn)


runner = _Runner()
