# Code shaped like an actor: a token with balances, allowances, events and errors.
class InsufficientFunds(Exception):
    def __init__(self, needed, available):
        super().__init__(f"need {needed}, have {available}")
        self.needed = needed
        self.available = available

class Token:
    """A minimal fungible token."""
    decimals = 6

    def __init__(self, supply: int, owner: str = "alice"):
        self.balances: dict[str, int] = {owner: supply}
        self.allowances = {}
        self.events = []
        self._total = supply

    @property
    def total_supply(self) -> int:
        return self._total

    def balance_of(self, who):
        return self.balances.get(who, 0)

    def _emit(self, kind, **fields):
        self.events.append((kind, tuple(sorted(fields.items()))))

    def transfer(self, sender, to, amount):
        assert amount > 0, "amount must be positive"
        bal = self.balance_of(sender)
        if bal < amount:
            raise InsufficientFunds(amount, bal)
        self.balances[sender] = bal - amount
        self.balances[to] = self.balance_of(to) + amount
        self._emit("Transfer", frm=sender, to=to, amount=amount)
        return True

    def approve(self, owner, spender, amount):
        self.allowances.setdefault(owner, {})[spender] = amount
        self._emit("Approval", owner=owner, spender=spender, amount=amount)

    def transfer_from(self, spender, owner, to, amount):
        allowed = self.allowances.get(owner, {}).get(spender, 0)
        if allowed < amount:
            raise PermissionError(f"allowance {allowed} < {amount}")
        self.allowances[owner][spender] = allowed - amount
        return self.transfer(owner, to, amount)

    def holders(self):
        return sorted(((b, w) for w, b in self.balances.items() if b > 0), reverse=True)

t = Token(1_000_000)
t.transfer("alice", "bob", 250_000)
t.approve("alice", "carol", 100)
t.transfer_from("carol", "alice", "dave", 60)
for attempt in [("bob", "eve", 10**9), ("x", "y", 0)]:
    try:
        t.transfer(*attempt)
    except InsufficientFunds as e:
        print("insufficient:", e, e.needed, e.available)
    except AssertionError as e:
        print("assert:", e)
try:
    t.transfer_from("carol", "alice", "dave", 1000)
except PermissionError as e:
    print(type(e).__name__, e, isinstance(e, OSError))
print(t.total_supply, t.balance_of("alice"), t.balance_of("nobody"), t.holders())
for kind, fields in t.events:
    print(kind, dict(fields))
print(Token.__doc__, Token.decimals, t.transfer.__name__, Token.transfer.__qualname__)
width = 12
print(f"{'holder':<{width}}|{'balance':>{width}}")
for b, w in t.holders():
    print(f"{w:<{width}}|{b:>{width},}")
report = {w: round(b / t.total_supply * 100, 2) for b, w in t.holders()}
print(report, max(report, key=report.get), sum(report.values()))
ledger = [("a", 3), ("b", -1), ("a", -2), ("c", 5)]
net = {}
for who, delta in ledger:
    net[who] = net.get(who, 0) + delta
print(net, [k for k, v in net.items() if v > 0], any(v < 0 for v in net.values()))
print(*["x", "y", "z"], sep="-", end="!\n")
data = {"b": [3, 1], "a": [2]}
print(sorted(data), {k: sorted(v) for k, v in sorted(data.items())}, list(map(len, data.values())))
state = {"counter": 0, "history": []}
def step(s, n):
    s["counter"] += n
    s["history"].append(n)
    return s
for n in range(1, 4):
    step(state, n)
print(state)
