"""The objects the pytest plugin hands to tests (issue 20's contract): `Chain` (deploy, mine,
snapshot/revert, events, balances) and `ActorHandle` (methods as transactions, `.call` as queries).

    esc = chain.deploy("actors/escrow.py", sender=accounts[0], args=[...], value=10**10)
    esc.deposit(sender=accounts[1], value=5_000)          # a transaction: the handler's result
    esc.call.balance_of(accounts[1].address)              # a read-only query
    snap = chain.snapshot(); chain.mine(30); chain.revert(snap)
    [e.topic for e in chain.events(esc)]                  # decoded events, topics as str
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import cbor
from .account import Account
from .cbor import Address
from .client import Cowboy, RpcError, TransactionFailed
from .devnet import find_repository

METHOD_NOT_FOUND = -32601


@dataclass(frozen=True)
class Event:
    """One event: `topic` as str (UTF-8, else 0x-hex), `data` raw bytes, `value` its decoded form
    (canonical CBOR decoded; the raw bytes when they are not canonical CBOR)."""

    address: Address
    topic: str
    data: bytes
    value: Any
    block_number: int
    tx_hash: str | None
    timer_id: str | None = None


def _topic_text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return "0x" + raw.hex()


def _decoded(data: bytes) -> Any:
    try:
        return cbor.decode(data)
    except cbor.CborError:
        return data


class _Method:
    def __init__(self, handle: ActorHandle, name: str) -> None:
        self._handle = handle
        self._name = name

    def __call__(self, *args: Any, sender: Account | str | None = None, value: int = 0, **kwargs: Any) -> Any:
        """Sends a transaction calling the method; returns the handler's result, raises TransactionFailed."""
        chain = self._handle.chain
        tx_hash = chain.client.call_actor(chain.sender(sender), self._handle.address, self._name, args, kwargs, value=value)
        return chain.result_of(tx_hash)

    def __repr__(self) -> str:
        return f"<method {self._name} of {self._handle.address}>"


class _Queries:
    def __init__(self, handle: ActorHandle) -> None:
        self._handle = handle

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        handle = self._handle

        def query(*args: Any, sender: Account | str | None = None, **kwargs: Any) -> Any:
            who = None if sender is None else (sender.address if isinstance(sender, Account) else Address(sender))
            return handle.chain.client.query(handle.address, name, args, kwargs, sender=who)

        query.__name__ = name
        return query


class ActorHandle:
    """A deployed actor: `handle.method(*args, sender=, value=)` sends a transaction,
    `handle.call.method(*args)` runs a read-only query."""

    def __init__(self, chain: Chain, address: str, deploy_receipt: dict[str, Any] | None = None) -> None:
        self.chain = chain
        self.address = Address(address)
        self.deploy_receipt = deploy_receipt
        self.call = _Queries(self)

    def __getattr__(self, name: str) -> _Method:
        if name.startswith("_"):
            raise AttributeError(name)
        return _Method(self, name)

    @property
    def balance(self) -> int:
        return self.chain.client.get_balance(self.address)

    def __repr__(self) -> str:
        return f"ActorHandle({self.address})"


class Chain:
    """A devnet seen from a test: deploys, sends, mines, snapshots; `accounts[0]` is the default sender."""

    def __init__(self, client: Cowboy, accounts: list[Account], base_dir: Path | None = None) -> None:
        self.client = client
        self.accounts = accounts
        self.base_dir = base_dir
        self.last_receipt: dict[str, Any] | None = None

    def sender(self, sender: Account | str | None) -> Account | str:
        """An Account signs; a str is an impersonated address (dev_impersonateAccount first)."""
        return self.accounts[0] if sender is None else sender

    def result_of(self, tx_hash: str, decode: bool = True) -> Any:
        """Waits for the receipt; the decoded return value (raw bytes with decode=False), or TransactionFailed."""
        receipt = self.client.wait_for_receipt(tx_hash)
        self.last_receipt = receipt
        if receipt["status"] != "success":
            raise TransactionFailed(tx_hash, receipt)
        data = bytes.fromhex(receipt["return_data"][2:])
        if not decode:
            return data
        return cbor.decode(data) if data else None

    def _source(self, path: str | Path) -> str:
        """The file at `path`: as given (absolute, or relative to the current directory), else
        relative to the pytest root, else to the Cowboy repository the devnet came from."""
        given = Path(path)
        bases = [] if given.is_absolute() else [self.base_dir, find_repository()]
        for candidate in [given, *(base / given for base in bases if base is not None)]:
            if candidate.is_file():
                return candidate.read_text("utf-8")
        raise FileNotFoundError(f"no actor source at {path} (relative to the current directory, the pytest root or the repository)")

    def deploy(self, path: str | Path, sender: Account | str | None = None, args: list[Any] | tuple[Any, ...] | dict[str, Any] | None = None, value: int = 0, salt: bytes | None = None) -> ActorHandle:
        """Deploys the actor in `path` (relative to the current directory, else the pytest root, else
        the repository);
        `value` base units are then sent to it (a deploy carries no value: a timer's fires are
        pre-charged from the actor's own balance). Each deploy gets a fresh salt unless given."""
        who = self.sender(sender)
        address = who.address if isinstance(who, Account) else Address(who)
        if salt is None:
            salt = self.client.get_nonce(address).to_bytes(32, "big")
        tx_hash, actor = self.client.deploy(who, self._source(path), args, salt=salt)
        deployed = self.result_of(tx_hash, decode=False)  # a deploy returns the new address's 20 bytes
        if deployed != actor.bytes:
            raise AssertionError(f"the node deployed at 0x{deployed.hex()}, cowboy-py computed {actor}")
        handle = ActorHandle(self, actor, self.last_receipt)
        if value:
            self.transfer(actor, value, sender=who)
        return handle

    def transfer(self, to: str, amount: int, sender: Account | str | None = None) -> dict[str, Any]:
        tx_hash = self.client.transfer(self.sender(sender), to, amount)
        self.result_of(tx_hash)
        assert self.last_receipt is not None
        return self.last_receipt

    # --- the devnet's controls -----------------------------------------------------------------

    @property
    def height(self) -> int:
        return self.client.block_number()

    def mine(self, blocks: int = 1) -> int:
        """Mines `blocks` blocks (timers due in them fire); returns the new height."""
        return self.client.mine(blocks)

    def mine_to(self, height: int) -> int:
        """Mines until the head is at `height` (nothing when it is already there or past it)."""
        now = self.height
        return self.mine(height - now) if height > now else now

    def snapshot(self) -> int:
        return self.client.snapshot()

    def revert(self, snapshot_id: int) -> bool:
        """Back to the snapshot: state, blocks above it and the mempool. The snapshot is used up."""
        return self.client.revert(snapshot_id)

    def set_balance(self, address: str, amount: int) -> None:
        self.client.set_balance(address, amount)

    def set_next_block_timestamp(self, seconds: int) -> None:
        self.client.set_next_block_timestamp(seconds)

    def impersonate(self, address: str) -> Address:
        """After this, `sender=address` (the str) sends as that account without its key."""
        self.client.impersonate(address)
        return Address(address)

    def balance(self, address: str) -> int:
        return self.client.get_balance(address)

    # --- events ------------------------------------------------------------------------------

    @property
    def supports_logs(self) -> bool:
        """True when the node serves cowboy_getLogs (events of timer fires are visible)."""
        try:
            self.client.get_logs(None, self.height)
        except RpcError as error:
            if error.code == METHOD_NOT_FOUND:
                return False
            raise
        return True

    def events(self, handle: ActorHandle | str | None = None, topic: str | None = None, from_block: int = 0) -> list[Event]:
        """Events in block order (of transactions and, through cowboy_getLogs, timer fires), of one
        actor when `handle` is given, of one topic when `topic` is."""
        address = None if handle is None else (handle.address if isinstance(handle, ActorHandle) else Address(handle))
        try:
            logs = self.client.get_logs(address, from_block)
            found = [
                Event(Address(log["address"]), log["topic"], bytes.fromhex(log["data"][2:]), _decoded(bytes.fromhex(log["data"][2:])), int(log["blockNumber"]), log.get("txHash"), log.get("timerId"))
                for log in logs
            ]
        except RpcError as error:
            if error.code != METHOD_NOT_FOUND:
                raise
            found = self._events_from_receipts(address, from_block)
        return [e for e in found if topic is None or e.topic == topic]

    def _events_from_receipts(self, address: Address | None, from_block: int) -> list[Event]:
        """Without cowboy_getLogs: the events in transaction receipts (timer fires have none here)."""
        out: list[Event] = []
        for height in range(from_block, self.height + 1):
            block = self.client.get_block(height)
            for tx_hash in block["transactions"]:
                receipt = self.client.get_receipt(tx_hash)
                for e in (receipt or {}).get("events", []):
                    if address is None or e["emitter"] == address:
                        data = bytes.fromhex(e["data"][2:])
                        out.append(Event(Address(e["emitter"]), _topic_text(bytes.fromhex(e["topic"][2:])), data, _decoded(data), height, tx_hash))
        return out
