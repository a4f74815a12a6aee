"""cowboy_sdk for IDEs and type checkers (cips/sdk.md).

On the chain, actors import the PVM's own `cowboy_sdk` (packages/pvm/src/sdk/cowboy_sdk.py, over the
native `pvm_host`). This module has the same names and signatures, typed, so that an actor file
imports under plain Python: editors complete it, mypy/pyright check it, pytest collects a module
that imports it. The decorators work as on the chain; everything that needs the chain (storage,
`msg`, `block`, transfers, timers, events) raises `OutsideChainError` here. To run an actor, deploy
it to a devnet (the `chain` fixture of cowboy-py's pytest plugin).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

__version__ = "1.0.0"

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

Address = bytes
"""Addresses are 20-byte `bytes`; `send`, `call`, `transfer` and `balance_of` also take "0x…" strings."""

# Per-fire defaults of set_timer / set_interval.
DEFAULT_TIMER_CYCLES = 100_000
DEFAULT_TIMER_CELLS = 10_000


class OutsideChainError(RuntimeError):
    """A cowboy_sdk call that only an actor running in the PVM can make."""


def _outside(what: str) -> NoReturn:
    raise OutsideChainError(f"cowboy_sdk.{what} runs only inside an actor on a Cowboy chain (deploy it to a devnet to run it)")


class ActorCallError(Exception):
    """A synchronous call into another actor failed; the message is the callee's exception line."""


class ReentrancyError(Exception):
    """A @nonreentrant handler was entered while this actor already had a live frame."""


def encode(value: Any) -> bytes:
    """Canonical CBOR bytes of `value` (cips/canonical-encoding.md)."""
    _outside("encode")


def decode(data: bytes) -> Any:
    """The value of canonical CBOR bytes."""
    _outside("decode")


class Storage:
    """This actor's persistent key-value store. Keys are str, bytes, int or tuples of them; values
    anything canonically encodable. No iteration (keep an index in a value if you need one)."""

    def __getitem__(self, key: Any) -> Any:
        _outside("storage[key]")

    def __setitem__(self, key: Any, value: Any) -> None:
        _outside("storage[key] = value")

    def __delitem__(self, key: Any) -> None:
        _outside("del storage[key]")

    def __contains__(self, key: Any) -> bool:
        _outside("key in storage")

    def get(self, key: Any, default: Any = None) -> Any:
        _outside("storage.get")

    def set(self, key: Any, value: Any) -> None:
        _outside("storage.set")

    def delete(self, key: Any) -> bool:
        """Deletes `key`; True when it was present."""
        _outside("storage.delete")

    def setdefault(self, key: Any, default: Any = None) -> Any:
        _outside("storage.setdefault")

    def pop(self, key: Any, default: Any = ...) -> Any:
        _outside("storage.pop")


storage = Storage()


def actor(cls: type[T]) -> type[T]:
    """Marks the module's actor class and gives it `self.storage`."""
    if not isinstance(cls, type):
        raise TypeError("@actor decorates a class, not " + type(cls).__name__)
    cls.__cowboy_actor__ = True  # type: ignore[attr-defined]
    cls.storage = storage  # type: ignore[attr-defined]
    return cls


def payable(fn: F) -> F:
    """Marks a public method as accepting value: a call or message that sends value to a method
    without @payable is refused (ValueError) and the value stays with the sender."""
    fn.__cowboy_payable__ = True  # type: ignore[attr-defined]
    return fn


class _Message:
    @property
    def sender(self) -> Address:
        """Who sent the message being handled (20 bytes)."""
        _outside("msg.sender")

    @property
    def value(self) -> int:
        """Base units sent with the message."""
        _outside("msg.value")

    @property
    def origin(self) -> Address:
        _outside("msg.origin")

    @property
    def depth(self) -> int:
        _outside("msg.depth")


class _Block:
    @property
    def height(self) -> int:
        _outside("block.height")

    @property
    def timestamp(self) -> int:
        """Milliseconds since the epoch."""
        _outside("block.timestamp")

    @property
    def chain_id(self) -> int:
        _outside("block.chain_id")

    @property
    def cycle_basefee(self) -> int:
        _outside("block.cycle_basefee")

    @property
    def cell_basefee(self) -> int:
        _outside("block.cell_basefee")

    def info(self) -> dict[str, Any]:
        _outside("block.info")


class _This:
    @property
    def address(self) -> Address:
        _outside("this.address")

    @property
    def balance(self) -> int:
        _outside("this.balance")


msg = _Message()
block = _Block()
this = _This()


def balance_of(address: Address | str) -> int:
    _outside("balance_of")


def transfer(to: Address | str, amount: int) -> None:
    """Move `amount` base units from this actor to `to` now."""
    _outside("transfer")


def send(to: Address | str, method: str, *args: Any, value: int = 0, **kwargs: Any) -> bytes:
    """Enqueue `to.method(*args, **kwargs)`, delivered after this handler; returns the message id."""
    _outside("send")


def call(to: Address | str, method: str, *args: Any, value: int = 0, **kwargs: Any) -> Any:
    """Call `to.method(*args, **kwargs)` now and return its result (ActorCallError if it fails)."""
    _outside("call")


def deploy(code: str | bytes, salt: bytes | str, *args: Any, **kwargs: Any) -> bytes:
    """Deploy a child actor now: `code` its Python source (str or UTF-8 bytes), `salt` 32 bytes (or their 0x hex),
    the constructor's arguments as for call(). Returns the child's 20-byte address, keccak256(this actor's address ||
    salt || keccak256(code))[12:]; the child inherits this actor's inheritable requires. ActorCallError if it cannot
    be deployed or its constructor fails (nothing of it stays); reverted with this call if this call fails."""
    _outside("deploy")


def set_timer(
    height: int,
    handler: Callable[..., Any] | str,
    data: Any = None,
    *,
    cycles: int = DEFAULT_TIMER_CYCLES,
    cells: int = DEFAULT_TIMER_CELLS,
    expires_at: int | None = None,
    priority: str = "standard",
    max_fee_per_cycle: int = 0,
    max_priority_fee_per_cycle: int = 0,
    bidding_agent: Address | str | None = None,
) -> bytes:
    """Call `handler(data)` (or `handler()` when data is None) on this actor at the end of block
    `height`; returns the 32-byte timer id.

    Cost: each fire is pre-charged from THIS ACTOR's balance `cycles × cycle price + cells × cell
    price` (the block's basefees times the timer lane's multiplier; the unused part is refunded).
    An actor that cannot cover a fire loses the timer without a fire, so fund the actor (send it
    value) before arming timers (cips/actors.md "Timers").
    """
    _outside("set_timer")


def set_interval(
    every_n_blocks: int,
    handler: Callable[..., Any] | str,
    data: Any = None,
    *,
    cycles: int = DEFAULT_TIMER_CYCLES,
    cells: int = DEFAULT_TIMER_CELLS,
    expires_at: int | None = None,
    priority: str = "standard",
    max_fee_per_cycle: int = 0,
    max_priority_fee_per_cycle: int = 0,
    bidding_agent: Address | str | None = None,
) -> bytes:
    """Call `handler(data)` every `every_n_blocks` blocks, from the block that many ahead; each
    fire is pre-charged from this actor's balance as for `set_timer`. Returns the timer id."""
    _outside("set_interval")


def cancel_timer(timer_id: bytes) -> bool:
    """Cancel one of this actor's pending timers; False when it already fired or never existed."""
    _outside("cancel_timer")


class _Vrf:
    def random(self, label: str | bytes) -> bytes:
        """32 bytes: HKDF of the block's parent beacon with `label`."""
        _outside("vrf.random")

    def randint(self, label: str | bytes, a: int, b: int) -> int:
        _outside("vrf.randint")


vrf = _Vrf()


def emit(topic: str, data: Any = b"") -> None:
    """Emit an event: bytes as they are, anything else canonically encoded."""
    _outside("emit")


def nonreentrant(fn: F) -> F:
    """Refuse to run `fn` while this actor already has a live frame on the call stack."""
    return fn


class _Runner:
    """Off-chain jobs (CIP-2)."""

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        _outside("runner.submit")

    def continuation(self, fn: F) -> F:
        fn.__cowboy_continuation__ = True  # type: ignore[attr-defined]
        return fn


runner = _Runner()
