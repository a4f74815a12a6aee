"""`Cowboy(rpc_url)`: a JSON-RPC client of a Cowboy node (apps/node/README.md "JSON-RPC"), web3.py
style: accounts sign locally with the canonical encoding, the node only sees signed bytes.

Amounts are ints in base units (`BASE_UNITS_PER_CBY` of them make one CBY), addresses `Address`
("0x…") strings, bytes `bytes`. Everything is the standard library: urllib over HTTP on loopback.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

from . import cbor
from .account import Account, actor_address, canonicalize_source
from .cbor import Address
from .encoding import encode_tx

# Limits a transaction gets when the caller names none (the TypeScript client's defaults).
DEFAULT_CALL_CYCLES = 1_000_000
DEFAULT_CALL_CELLS = 100_000
DEFAULT_DEPLOY_CYCLES = 2_000_000
TRANSFER_CYCLES = 21_000
# Max fee per unit: this many times the next block's basefee.
FEE_MULTIPLIER = 2
# An actor call's limits: the node's estimate (its own 20% margin included) plus this much.
ESTIMATE_MARGIN_PERCENT = 50
# Floors under an estimate: the node's simulation can under-count what the handler writes (seen:
# an estimate of 7 Cells for a call that needed 33), and these cost little.
MIN_ESTIMATED_CYCLES = 100_000
MIN_ESTIMATED_CELLS = 10_000
# A transaction's hard caps (cips/transactions.md "Stateless validity").
MAX_TX_CYCLES = 80_000_000
MAX_TX_CELLS = 16_000_000
# Base units in one CBY (@cowboy/types CBY_DECIMALS = 9).
BASE_UNITS_PER_CBY = 10**9


class RpcError(Exception):
    """A JSON-RPC error answer: `code` (e.g. -32003 Unavailable), `message`, `data`."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(f"{message} (JSON-RPC error {code})")
        self.code = code
        self.message = message
        self.data = data


class TransactionFailed(Exception):
    """An included transaction whose receipt status is not success; `error` is the Python error line."""

    def __init__(self, tx_hash: str, receipt: dict[str, Any]) -> None:
        error = bytes.fromhex(receipt["return_data"][2:]).decode("utf-8", "replace")
        super().__init__(f"transaction {tx_hash} {receipt['status']}: {error}")
        self.tx_hash = tx_hash
        self.receipt = receipt
        self.status = receipt["status"]
        self.error = error


class CallFailed(Exception):
    """A read-only call that raised: `error` is the Python error line."""

    def __init__(self, method: str, error: str) -> None:
        super().__init__(f"{method}: {error}")
        self.error = error


def encode_args(args: tuple[Any, ...] | list[Any] = (), kwargs: dict[str, Any] | None = None) -> bytes:
    """A method's argument payload (cips/canonical-encoding.md "Arguments"): empty, a list of
    positionals, a map of keywords, or a tuple (list, map) when both are given."""
    args = list(args)
    if kwargs:
        return cbor.encode((args, dict(kwargs)) if args else dict(kwargs))
    return cbor.encode(args) if args else b""


def _hex(b: bytes) -> str:
    return "0x" + bytes(b).hex()


class Cowboy:
    """A client of the node at `rpc_url` (e.g. "http://127.0.0.1:8545")."""

    def __init__(self, rpc_url: str, timeout: float = 60.0) -> None:
        self.rpc_url = rpc_url
        self.timeout = timeout
        self._id = 0
        self._chain_id: int | None = None

    # --- transport -----------------------------------------------------------------------

    def request(self, method: str, *params: Any) -> Any:
        """Calls `method` with positional `params`; returns the result or raises RpcError."""
        self._id += 1
        body = json.dumps({"jsonrpc": "2.0", "id": self._id, "method": method, "params": list(params)}).encode()
        req = urllib.request.Request(self.rpc_url, data=body, headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                reply = json.loads(res.read())
        except urllib.error.HTTPError as error:
            try:
                reply = json.loads(error.read())
            except ValueError:
                raise RpcError(-32603, f"HTTP {error.code} from {self.rpc_url}") from None
        if "error" in reply:
            e = reply["error"]
            raise RpcError(e.get("code", -32603), e.get("message", ""), e.get("data"))
        return reply["result"]

    # --- chain and accounts ------------------------------------------------------------------

    @property
    def chain_id(self) -> int:
        if self._chain_id is None:
            self._chain_id = int(self.request("cowboy_chainId"))
        return self._chain_id

    def head(self) -> dict[str, Any]:
        return self.request("cowboy_head")

    def block_number(self) -> int:
        return int(self.head()["height"])

    def get_block(self, height: int | str = "latest", full: bool = False) -> dict[str, Any]:
        return self.request("cowboy_getBlockByNumber", str(height), full)

    def get_balance(self, address: str) -> int:
        return int(self.request("cowboy_getBalance", Address(address)))

    def get_nonce(self, address: str, pending: bool = True) -> int:
        return int(self.request("cowboy_getNonce", Address(address), "pending" if pending else "latest"))

    def basefees(self) -> tuple[int, int]:
        b = self.request("cowboy_basefees")
        return int(b["cycle"]), int(b["cell"])

    def get_code(self, address: str) -> dict[str, Any] | None:
        return self.request("cowboy_getCode", Address(address))

    # --- transactions ------------------------------------------------------------------------

    def build_transaction(self, sender: str, instruction: dict[str, Any], *, cycles_limit: int, cells_limit: int, nonce: int | None = None, tip: int = 0) -> dict[str, Any]:
        """An unsigned transaction (JSON form) from `sender`: chain id, pending nonce and fees filled in."""
        cycle_fee, cell_fee = self.basefees()
        return {
            "chain_id": str(self.chain_id),
            "nonce": str(self.get_nonce(sender) if nonce is None else nonce),
            "instruction": instruction,
            "cycles_limit": str(cycles_limit),
            "cells_limit": str(cells_limit),
            "max_fee_per_cycle": str(cycle_fee * FEE_MULTIPLIER + tip),
            "max_fee_per_cell": str(cell_fee * FEE_MULTIPLIER + tip),
            "max_priority_fee_per_cycle": str(tip),
            "max_priority_fee_per_cell": str(tip),
            "from": Address(sender),
            "access_list": None,
            "metadata": "0x",
            "origin_tx_hash": None,
            "origin_remaining_cycles": None,
            "origin_remaining_cells": None,
            "signature": "0x" + "00" * 65,
            "additional_signers": [],
        }

    def estimate(self, tx: dict[str, Any]) -> dict[str, int]:
        """The node's suggested limits and fees for `tx` (`cowboy_estimateFee`: an actor call is
        simulated read-only at the head)."""
        return {k: int(v) for k, v in self.request("cowboy_estimateFee", tx).items()}

    def send(self, sender: Account | str, instruction: dict[str, Any], *, cycles_limit: int | None, cells_limit: int | None, tip: int = 0) -> str:
        """Signs (or, for an impersonated address given as a str, leaves unsigned) and submits; returns
        the hash. Limits left None come from the node's estimate with a margin (ESTIMATE_MARGIN_PERCENT
        more), and then the fees too; the defaults when the node cannot estimate."""
        address = sender.address if isinstance(sender, Account) else Address(sender)
        tx = self.build_transaction(
            address,
            instruction,
            cycles_limit=DEFAULT_CALL_CYCLES if cycles_limit is None else cycles_limit,
            cells_limit=DEFAULT_CALL_CELLS if cells_limit is None else cells_limit,
            tip=tip,
        )
        if cycles_limit is None or cells_limit is None:
            try:
                est = self.estimate(tx)
            except RpcError:
                est = None
            if est is not None:
                margin = lambda v: v * (100 + ESTIMATE_MARGIN_PERCENT) // 100 + 1  # noqa: E731
                if cycles_limit is None:
                    tx["cycles_limit"] = str(min(max(margin(est["cycles_limit"]), MIN_ESTIMATED_CYCLES), MAX_TX_CYCLES))
                if cells_limit is None:
                    tx["cells_limit"] = str(min(max(margin(est["cells_limit"]), MIN_ESTIMATED_CELLS), MAX_TX_CELLS))
                for key in ("max_fee_per_cycle", "max_fee_per_cell"):
                    tx[key] = str(max(int(tx[key]), est[key]))
        if isinstance(sender, Account):
            return self.request("cowboy_sendRawTransaction", _hex(encode_tx(sender.sign_transaction(tx))))
        return self.request("dev_sendTransaction", tx)

    def get_receipt(self, tx_hash: str) -> dict[str, Any] | None:
        return self.request("cowboy_getReceipt", tx_hash)

    def wait_for_receipt(self, tx_hash: str, timeout: float = 60.0, poll: float = 0.05) -> dict[str, Any]:
        """Polls until included (mines nothing itself); TimeoutError after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            receipt = self.get_receipt(tx_hash)
            if receipt is not None:
                return receipt
            if time.monotonic() > deadline:
                raise TimeoutError(f"transaction {tx_hash} was not included within {timeout} s")
            time.sleep(poll)

    def transfer(self, sender: Account | str, to: str, amount: int) -> str:
        return self.send(sender, {"type": "transfer", "to": Address(to), "amount": str(amount)}, cycles_limit=TRANSFER_CYCLES, cells_limit=0)

    def deploy(self, sender: Account | str, source: str | bytes, args: list[Any] | tuple[Any, ...] | dict[str, Any] | None = None, *, salt: bytes = bytes(32), cycles_limit: int = DEFAULT_DEPLOY_CYCLES, cells_limit: int | None = None) -> tuple[str, Address]:
        """Deploys Python `source` with constructor `args`; returns (tx hash, the actor's address)."""
        code = canonicalize_source(source)
        payload = b"" if args is None else (encode_args(kwargs=args) if isinstance(args, dict) else encode_args(args))
        creator = sender.address if isinstance(sender, Account) else Address(sender)
        instruction = {"type": "deploy_actor", "code": _hex(code), "salt": _hex(salt), "args": _hex(payload)}
        tx_hash = self.send(sender, instruction, cycles_limit=cycles_limit, cells_limit=len(code) + 100_000 if cells_limit is None else cells_limit)
        return tx_hash, actor_address(creator, salt, code)

    def call_actor(self, sender: Account | str, to: str, method: str, args: tuple[Any, ...] = (), kwargs: dict[str, Any] | None = None, *, value: int = 0, cycles_limit: int | None = None, cells_limit: int | None = None) -> str:
        """Sends a transaction calling `to.method(*args, **kwargs)` with `value` attached; returns the
        hash. Limits default to the node's estimate of the call plus ESTIMATE_MARGIN_PERCENT."""
        instruction = {"type": "call_actor", "target": Address(to), "method": method, "args": _hex(encode_args(args, kwargs)), "value": str(value)}
        return self.send(sender, instruction, cycles_limit=cycles_limit, cells_limit=cells_limit)

    def query(self, to: str, method: str, args: tuple[Any, ...] = (), kwargs: dict[str, Any] | None = None, *, sender: str | None = None) -> Any:
        """Runs `to.method(...)` read-only at the head; the decoded result, or CallFailed."""
        call: dict[str, Any] = {"to": Address(to), "method": method}
        payload = encode_args(args, kwargs)
        if payload:
            call["args"] = _hex(payload)
        if sender is not None:
            call["from"] = Address(sender)
        r = self.request("cowboy_call", call)
        if not r["ok"]:
            raise CallFailed(method, r.get("error", ""))
        return cbor.decode(bytes.fromhex(r["result"][2:]))

    # --- events ------------------------------------------------------------------------------

    def get_logs(self, address: str | None = None, from_block: int = 0, to_block: int | str = "latest") -> list[dict[str, Any]]:
        """Events (of transactions and timer fires) through `cowboy_getLogs`."""
        flt: dict[str, Any] = {"fromBlock": from_block, "toBlock": to_block}
        if address is not None:
            flt["address"] = Address(address)
        return self.request("cowboy_getLogs", flt)

    # --- dev methods (a devnet started with --block-time 0) ----------------------------------

    def mine(self, blocks: int = 1) -> int:
        """Mines `blocks` blocks; returns the new head height."""
        return int(self.request("dev_mine", blocks))

    def set_next_block_timestamp(self, seconds: int) -> None:
        self.request("dev_setNextBlockTimestamp", seconds)

    def snapshot(self) -> int:
        return self.request("dev_snapshot")

    def revert(self, snapshot_id: int) -> bool:
        return self.request("dev_revert", snapshot_id)

    def set_balance(self, address: str, amount: int) -> None:
        self.request("dev_setBalance", Address(address), str(amount))

    def impersonate(self, address: str) -> None:
        self.request("dev_impersonateAccount", Address(address))

    def stop_impersonating(self, address: str) -> bool:
        return self.request("dev_stopImpersonatingAccount", Address(address))

    def set_automine(self, on: bool) -> None:
        self.request("dev_setAutomine", on)
