"""State rent and the storage quota (cips/rent.md): this actor's standing and its storage bond."""
import pvm_host as _h


def quota():
    """This actor's storage: a dict {"quota", "used", "bond", "status", "debt", "prepaid"}. `status` is
    "current", "overdue" (rent unpaid, grace period) or "warning" (eviction imminent)."""
    return _h.storage_quota()


def set_quota(n):
    """Set this actor's storage quota to `n` bytes, between the base 1 MiB and 8 MiB, and at least the bytes it
    holds. Above the base it locks a storage bond from this actor's balance (returned when the quota is lowered,
    forfeited if the actor is evicted for unpaid rent); rent applies to the whole allocated quota. Returns the bond
    now locked. ValueError when the quota or the balance does not allow it."""
    return _h.set_storage_quota(n)


def prepay(amount):
    """Pay `amount` base units of this actor's balance toward its own rent: any debt with its catch-up fee first,
    the rest held as prepaid rent that later epochs draw on before the balance. Returns the part prepaid.
    ValueError when the balance does not cover it or the amount is 0."""
    return _h.prepay_rent(amount)
