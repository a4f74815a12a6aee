# A constant-product market maker with fee tiers, a price oracle and generators for reporting.
import math
from collections import defaultdict
from enum import Enum, auto
from typing import Iterator, NamedTuple

FEE_DENOMINATOR = 10_000


class Tier(Enum):
    LOW = auto()
    MEDIUM = auto()
    HIGH = auto()

    @property
    def fee_bps(self) -> int:
        match self:
            case Tier.LOW:
                return 5
            case Tier.MEDIUM:
                return 30
            case Tier.HIGH:
                return 100
            case _:
                raise AssertionError(self)


class Quote(NamedTuple):
    amount_out: int
    fee: int
    price_impact: float


class Pool:
    __slots__ = ("reserve_a", "reserve_b", "tier", "shares", "observations")

    def __init__(self, tier: Tier = Tier.MEDIUM) -> None:
        self.reserve_a = self.reserve_b = 0
        self.tier = tier
        self.shares: dict[str, int] = defaultdict(int)
        self.observations: list[tuple[int, float]] = []

    @property
    def total_shares(self) -> int:
        return sum(self.shares.values())

    def add_liquidity(self, who: str, a: int, b: int) -> int:
        assert a > 0 and b > 0, "amounts must be positive"
        if self.total_shares == 0:
            minted = math.isqrt(a * b)
        else:
            minted = min(a * self.total_shares // self.reserve_a, b * self.total_shares // self.reserve_b)
        self.reserve_a, self.reserve_b = self.reserve_a + a, self.reserve_b + b
        self.shares[who] += minted
        return minted

    def remove_liquidity(self, who: str, shares: int) -> tuple[int, int]:
        if not 0 < shares <= self.shares[who]:
            raise ValueError(f"{who} cannot burn {shares}")
        total = self.total_shares
        out_a, out_b = (r * shares // total for r in (self.reserve_a, self.reserve_b))
        self.shares[who] -= shares
        self.reserve_a -= out_a
        self.reserve_b -= out_b
        return out_a, out_b

    def quote(self, amount_in: int, a_to_b: bool = True) -> Quote:
        r_in, r_out = (self.reserve_a, self.reserve_b) if a_to_b else (self.reserve_b, self.reserve_a)
        fee = amount_in * self.tier.fee_bps // FEE_DENOMINATOR
        net = amount_in - fee
        out = r_out * net // (r_in + net)
        spot = r_out / r_in if r_in else 0.0
        impact = 1 - (out / net) / spot if spot and net else 0.0
        return Quote(out, fee, impact)

    def swap(self, amount_in: int, min_out: int = 0, *, a_to_b=True, now: int = 0) -> int:
        q = self.quote(amount_in, a_to_b)
        if q.amount_out < min_out:
            raise ValueError("slippage", q.amount_out, min_out)
        if a_to_b:
            self.reserve_a += amount_in
            self.reserve_b -= q.amount_out
        else:
            self.reserve_b += amount_in
            self.reserve_a -= q.amount_out
        self.observations.append((now, self.reserve_b / self.reserve_a))
        return q.amount_out

    def twap(self, since: int) -> float | None:
        points = [(t, p) for t, p in self.observations if t >= since]
        if len(points) < 2:
            return None
        weighted = sum((t1 - t0) * p0 for (t0, p0), (t1, _) in zip(points, points[1:]))
        span = points[-1][0] - points[0][0]
        return weighted / span if span else points[-1][1]

    def history(self) -> Iterator[str]:
        for i, (t, price) in enumerate(self.observations, start=1):
            yield f"#{i:>4} t={t:<6} price={price:.6e}"
        yield from ("-" * 20, f"{len(self.observations)} observations")


def best_route(pools: dict[str, Pool], amount: int) -> tuple[str, int] | None:
    quotes = {name: p.quote(amount).amount_out for name, p in pools.items() if p.reserve_a}
    if not quotes:
        return None
    name = max(quotes, key=quotes.__getitem__)
    return name, quotes[name]


def simulate(steps: int = 100) -> dict[str, object]:
    pool = Pool(Tier.LOW)
    pool.add_liquidity("lp", 10 ** 21, 2 * 10 ** 21)
    volume = 0
    for step in range(steps):
        size = (step % 7 + 1) * 10 ** 18
        try:
            volume += pool.swap(size, a_to_b=step % 2 == 0, now=step)
        except ValueError as exc:
            print("skipped", *exc.args, sep=" | ")
            continue
        finally:
            pass
    else:
        summary = {"volume": volume, "twap": pool.twap(steps // 2), "lines": list(pool.history())[-2:]}
    return summary
