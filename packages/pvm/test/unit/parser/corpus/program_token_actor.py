"""A fungible token actor: balances, allowances, events, and an owner-gated mint."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Optional

import cowboy_sdk as sdk
from cowboy_sdk import actor, message, require

DECIMALS: int = 18
MAX_SUPPLY = 1_000_000_000 * 10 ** DECIMALS


class TokenError(Exception):
    """Raised when a transfer or approval is invalid."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


@dataclass
class Transfer:
    sender: bytes
    recipient: bytes
    amount: int
    memo: Optional[str] = None
    tags: list[str] = field(default_factory=list)

    def describe(self) -> str:
        who = f"{self.sender.hex()[:8]}…→{self.recipient.hex()[:8]}…"
        return f"{who} {self.amount / 10 ** DECIMALS:,.4f} ({self.memo or '-'})"


@actor
class Token:
    name = "Cowboy Token"
    symbol = "COW"

    def __init__(self, owner: bytes, supply: int = 0):
        if supply < 0 or supply > MAX_SUPPLY:
            raise TokenError("bad-supply", repr(supply))
        self.owner = owner
        self.total = supply
        self.balances: Dict[bytes, int] = {owner: supply} if supply else {}
        self.allowances: dict[tuple[bytes, bytes], int] = {}
        self._history: list[Transfer] = []

    # -- views -----------------------------------------------------------------------------

    @message(readonly=True)
    def balance_of(self, who: bytes) -> int:
        return self.balances.get(who, 0)

    @message(readonly=True)
    def allowance(self, owner: bytes, spender: bytes) -> int:
        return self.allowances.get((owner, spender), 0)

    @property
    def holders(self) -> int:
        return sum(1 for b in self.balances.values() if b > 0)

    # -- mutations -------------------------------------------------------------------------

    @message
    def transfer(self, recipient: bytes, amount: int, *, memo: str | None = None) -> bool:
        sender = sdk.caller()
        self._move(sender, recipient, amount, memo)
        return True

    @message
    def approve(self, spender: bytes, amount: int) -> None:
        require(amount >= 0, "negative allowance")
        self.allowances[sdk.caller(), spender] = amount
        sdk.emit("Approval", owner=sdk.caller(), spender=spender, amount=amount)

    @message
    def transfer_from(self, owner: bytes, recipient: bytes, amount: int) -> bool:
        key = (owner, sdk.caller())
        if (allowed := self.allowances.get(key, 0)) < amount:
            raise TokenError("allowance", f"{allowed} < {amount}")
        self.allowances[key] = allowed - amount
        self._move(owner, recipient, amount, None)
        return True

    @message
    def mint(self, to: bytes, amount: int) -> None:
        require(sdk.caller() == self.owner, "only owner")
        if self.total + amount > MAX_SUPPLY:
            raise TokenError("cap")
        self.total += amount
        self.balances[to] = self.balances.get(to, 0) + amount

    def _move(self, sender: bytes, recipient: bytes, amount: int, memo: str | None) -> None:
        if amount <= 0:
            raise TokenError("amount", str(amount))
        balance = self.balances.get(sender, 0)
        if balance < amount:
            raise TokenError("funds", f"{balance=} {amount=}")
        self.balances[sender] = balance - amount
        self.balances[recipient] = self.balances.get(recipient, 0) + amount
        record = Transfer(sender, recipient, amount, memo)
        self._history.append(record)
        del self._history[:-100]
        sdk.emit("Transfer", **{"from": sender, "to": recipient, "amount": amount})

    def top_holders(self, n: int = 10) -> list[tuple[bytes, int]]:
        ranked = sorted(self.balances.items(), key=lambda kv: (-kv[1], kv[0]))
        return ranked[:n]

    def stats(self) -> dict:
        amounts = [t.amount for t in self._history]
        return {
            "count": len(amounts),
            "largest": max(amounts, default=0),
            "average": sum(amounts) // len(amounts) if amounts else 0,
            "memos": {t.memo for t in self._history if t.memo},
            "by_sender": {s: sum(t.amount for t in self._history if t.sender == s) for s in {t.sender for t in self._history}},
        }
